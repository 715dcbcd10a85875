import Foundation
import Testing

/// The completion script the binary writes (`make install` installs what it writes, so none
/// is kept in the tree to go stale) completes profile names from the database.
struct CompletionTests {
    @Test func bashCompletesProfileNamesFromTheDatabase() throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "prod-eu", "--host", "a")
        try cli.ok("profile", "add", "prod-us", "--host", "b")
        try cli.ok("profile", "add", "staging", "--host", "c")
        let script = try cli.file("voicesh.bash", try cli.ok("--generate-completion-script", "bash").stdout)
        let bash = """
            source '\(script)'
            COMP_LINE='voicesh profile show prod'
            COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(voicesh profile show prod)
            COMP_CWORD=3
            _voicesh
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try cli.run(["-c", bash], executable: "/bin/bash")
        #expect(result.stdout.split(separator: "\n").sorted() == ["prod-eu", "prod-us"], "\(result.stderr)")
    }
}
