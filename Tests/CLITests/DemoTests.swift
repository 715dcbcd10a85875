import Foundation
import TestFixtures
import Testing

/// `scripts/demo` as CI runs it: no terminal, its output going through a pipe. The tests'
/// own build stands in for the release one (`VOICESH`), so the script builds nothing.
@Suite struct DemoTests {
    /// Through `Shell.run`, not `CLI.run`: output through files and a clean signal mask. Through
    /// `CLI.run`'s pipes it hung under the runner (never alone): Foundation's `Pipe`s are not
    /// close-on-exec, and `Shell.run` passed every open descriptor to its children, so a daemon
    /// another test started meanwhile (its sshd, its tmux server) could hold this test's output
    /// pipe open for its whole life. `Shell.run` now closes every descriptor past 2 in its children.
    @Test func runsWithoutATerminal() throws {
        let cli = try CLI()
        let demo = CLI.packageDirectory.appendingPathComponent("scripts/demo").path
        var environment = cli.environment
        environment["VOICESH"] = CLI.binary.path
        // Both ears, as on a machine scripts/setup has set up.
        environment["VOICESH_WHISPER_HOME"] = nil
        let result = try Shell.run(
            "/bin/bash", ["-c", "set -o pipefail; '\(demo)' </dev/null | cat"], environment: environment)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(!result.stderr.contains("did not appear"), "\(result.stderr)")
        // The session's screens: the dictated text offered, then run on the remote shell.
        #expect(result.stdout.contains("remote> "))
        #expect(result.stdout.contains("git status"))
        #expect(result.stdout.contains("not a git repository"))
        // Then `voicesh history` lists the dictation as run.
        let history = result.stdout.components(separatedBy: "voicesh history").last ?? ""
        #expect(history.contains("git status"), "\(history)")
        #expect(history.contains("ran"), "\(history)")
    }
}
