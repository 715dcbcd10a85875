import Foundation
import Testing

/// The committed completion scripts are what the binary generates, and profile names complete.
struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func committedScriptsAreCurrent(shell: String) throws {
        let cli = try CLI()
        let generated = try cli.ok("--generate-completion-script", shell).stdout
        let committed = try String(
            contentsOf: CLI.packageDirectory.appendingPathComponent("completions/voicesh.\(shell)"), encoding: .utf8)
        #expect(generated == committed, "completions/voicesh.\(shell) is stale: run scripts/update-completions")
    }

    @Test func bashCompletesProfileNamesFromTheDatabase() throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "prod-eu", "--host", "a")
        try cli.ok("profile", "add", "prod-us", "--host", "b")
        try cli.ok("profile", "add", "staging", "--host", "c")
        let script = CLI.packageDirectory.appendingPathComponent("completions/voicesh.bash").path
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
