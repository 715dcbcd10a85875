import Foundation
import TestFixtures
import Testing

/// The completion scripts in `completions/` are what the binary writes (`make completions`
/// writes them again), and they complete profile names from the database.
struct CompletionTests {
    /// A snapshot, as argument-parser's own users keep one: a command or option changed without
    /// `make completions` fails here.
    @Test(arguments: ["bash", "zsh", "fish"]) func theKeptScriptsAreWhatTheBinaryWrites(shell: String) throws {
        let cli = try CLI()
        let kept = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("completions/voicesh.\(shell)")
        let written = try cli.ok("--generate-completion-script", shell).stdout
        #expect(
            try String(contentsOf: kept, encoding: .utf8) == written,
            "completions/voicesh.\(shell) differs from what voicesh writes: run make completions")
    }

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
