import Testing

@testable import VoiceshCore

struct DataLocationTests {
    @Test(arguments: [
        (["VOICESH_HOME": "/v", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/v"),
        (["XDG_DATA_HOME": "/x", "HOME": "/h"], "/x/voicesh"),
        (["XDG_DATA_HOME": "relative", "HOME": "/h"], "/h/.local/share/voicesh"),
        (["HOME": "/h"], "/h/.local/share/voicesh"),
        (["VOICESH_HOME": "", "HOME": "/h"], "/h/.local/share/voicesh"),
    ])
    func followsXDG(environment: [String: String], directory: String) {
        let location = DataLocation(environment: environment)
        #expect(location.directory == directory)
        #expect(location.database == directory + "/voicesh.sqlite")
    }
}
