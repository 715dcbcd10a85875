import Foundation
import TestFixtures
import Testing

/// Every command's help reads well in an 80-column terminal: argument-parser wraps each
/// paragraph once, so a paragraph hard-wrapped in the source would show a short line followed
/// by one that carries on mid-sentence (`… authentication tries` / `ssh-agent, …`).
struct HelpTextTests {
    static func commandPaths() async throws -> [[String]] {
        try CommandTree.paths(dump: try await CLI().ok("--experimental-dump-help").stdout)
    }

    /// Lines of `text` that show a paragraph wrapped twice: a line well short of `width` that
    /// does not end a sentence, followed at the same indentation by one that starts in lower case.
    static func doubleWraps(_ text: String, width: Int) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        return zip(lines, lines.dropFirst()).compactMap { line, next in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, line.count < width - 20, indent(line) == indent(next),
                let first = next.dropFirst(indent(next)).first, first.isLowercase,
                let last = trimmed.last, !".:;!?)".contains(last)
            else { return nil }
            return "\(line) ⏎ \(next)"
        }
    }

    @Test func detectsADoubleWrappedParagraph() {
        let twice = """
            OVERVIEW: Open an SSH session.

              Like ssh: host keys are checked against ~/.ssh/known_hosts; authentication tries
              ssh-agent,
              the identity and password.
            """
        #expect(Self.doubleWraps(twice, width: 80).count == 1)
        let once = """
              Like ssh: host keys are checked against ~/.ssh/known_hosts; authentication tries
              ssh-agent, the identity and password.

              --port <port>           The port.
            """
        #expect(Self.doubleWraps(once, width: 80).isEmpty)
    }

    @Test func everyCommandsHelpFitsEightyColumnsWrappedOnce() async throws {
        let cli = try CLI()
        let paths = try await Self.commandPaths()
        #expect(paths.count > 20, "the command tree: \(paths)")
        for path in paths {
            let result = try await cli.run(["help"] + path, environment: ["COLUMNS": "80"])
            let name = (["voicesh"] + path).joined(separator: " ")
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let long = result.stdout.split(separator: "\n").map(String.init).filter { $0.count > 80 }
            #expect(long.isEmpty, "\(name): lines over 80 columns: \(long)")
            #expect(Self.doubleWraps(result.stdout, width: 80).isEmpty, "\(name): wrapped twice: \(result.stdout)")
        }
    }
}
