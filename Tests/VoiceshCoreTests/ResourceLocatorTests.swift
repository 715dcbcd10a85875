import Testing
import VoiceshCore

/// Where the files voicesh ships are looked for, in order.
struct ResourceLocatorTests {
    let bundle = "voicesh_LocalRecognizer.resources"

    /// Each place once: /usr/local/share is both beside the program and an XDG data directory.
    @Test func installedThenBuildTreeThenXDG() {
        let locator = ResourceLocator(environment: ["HOME": "/home/ann"], executable: "/usr/local/bin/voicesh")
        #expect(
            locator.candidates("shell-corpus.txt", bundle: bundle) == [
                "/usr/local/share/voicesh/shell-corpus.txt",
                "/usr/local/bin/voicesh_LocalRecognizer.resources/shell-corpus.txt",
                "/home/ann/.local/share/voicesh/shell-corpus.txt",
                "/usr/share/voicesh/shell-corpus.txt",
            ])
    }

    @Test func environmentComesFirstAndXDGIsHonoured() {
        let locator = ResourceLocator(
            environment: [
                "HOME": "/home/ann", "VOICESH_DATA_DIR": "/srv/data", "XDG_DATA_HOME": "/xdg/home",
                "XDG_DATA_DIRS": "/opt/share:relative/ignored:/usr/share",
            ], executable: "/opt/voicesh/bin/voicesh")
        #expect(
            locator.candidates("gather-context.sh", bundle: "b") == [
                "/srv/data/gather-context.sh", "/opt/voicesh/share/voicesh/gather-context.sh",
                "/opt/voicesh/bin/b/gather-context.sh", "/xdg/home/voicesh/gather-context.sh",
                "/opt/share/voicesh/gather-context.sh", "/usr/share/voicesh/gather-context.sh",
            ])
    }

    @Test func aRelativeXDGDataHomeFallsBackAndAProgramAtTheRootStillWorks() {
        let locator = ResourceLocator(environment: ["HOME": "/h", "XDG_DATA_HOME": "rel"], executable: "/voicesh")
        let places = locator.candidates("f", bundle: "b")
        #expect(places.prefix(3) == ["/share/voicesh/f", "/b/f", "/h/.local/share/voicesh/f"])
    }

    @Test func locateTakesTheFirstThatExists() {
        let locator = ResourceLocator(environment: ["HOME": "/h"], executable: "/usr/bin/voicesh")
        #expect(locator.locate("f", bundle: "b") { $0 == "/usr/share/voicesh/f" } == "/usr/share/voicesh/f")
        #expect(locator.locate("f", bundle: "b") { _ in false } == nil)
    }
}
