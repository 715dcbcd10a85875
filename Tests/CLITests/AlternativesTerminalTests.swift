import Foundation
import TestFixtures
import Testing

/// Tab on the confirmation line, in a real terminal (tmux) against a real sshd: the profile's
/// first engine is unsure (confidence under `min_confidence`), so its `[fallback]` runs and
/// gives the line; the first engine's reading is the next one Tab shows.
@Suite(.serialized)
struct AlternativesTerminalTests {
    let terminal: DictationTerminalTests

    init() throws {
        terminal = try DictationTerminalTests()
    }

    /// Two local recognisers: the first hears `echo gzip staged` unsure of `gzip`, the fallback `echo git staged`.
    func hybridProfile() throws {
        let cli = terminal.cli
        let first =
            #"{"type":"transcript_segment","text":"echo gzip staged","confidence":0.3,"words":[{"text":"echo","confidence":0.95},"#
            + #"{"text":"gzip","confidence":0.2},{"text":"staged","confidence":0.9}]}"#
        let primary = try cli.file("primary.sh", "#!/bin/sh\necho '\(first)'\n")
        let fallback = try cli.file(
            "fallback.sh",
            "#!/bin/sh\necho '{\"type\":\"transcript_segment\",\"text\":\"echo git staged\",\"confidence\":0.9}'\n")
        chmod(primary, 0o755)
        chmod(fallback, 0o755)
        try terminal.profile(
            "tab",
            engine: """
                recognizer = "command"
                command = "\(primary)"
                min_confidence = 0.6
                [fallback]
                kind = "edge"
                recognizer = "command"
                command = "\(fallback)"
                """)
    }

    @Test func tabShowsTheNextReadingAndTheRowSaysWhichWasTaken() throws {
        try hybridProfile()
        let tmux = try terminal.session("tab")
        var screen = try terminal.dictate(tmux)
        #expect(screen.contains("remote$ echo git staged  ⇥ 1/2  ⏎ insert"), "\(screen)")
        try tmux.send("Tab")
        screen = try tmux.wait { $0.contains("⇥ 2/2") }
        #expect(screen.contains("remote$ echo gzip staged  ⇥ 2/2  ⏎ insert"), "\(screen)")
        // Its unsure word is marked (underlined) on the line, as the reading shown says.
        let styled = try tmux.captureStyled()
        let before = try #require(styled.range(of: "gzip")).lowerBound
        let from = styled.index(before, offsetBy: -12, limitedBy: styled.startIndex) ?? styled.startIndex
        #expect(styled[from..<before].contains("4m") || styled[from..<before].contains(";4"))
        try tmux.send("BTab")
        screen = try tmux.wait { $0.contains("⇥ 1/2") }
        #expect(screen.contains("remote$ echo git staged  ⇥ 1/2"), "\(screen)")
        try tmux.send("BTab")
        try tmux.wait { $0.contains("⇥ 2/2") }
        // What is shown is what is sent.
        try tmux.send("Enter")
        screen = try tmux.wait { $0.contains("remote$ echo gzip staged") && !$0.contains("⏎ insert") }
        #expect(!screen.contains("echo git staged"), "\(screen)")
        let row = try #require(try terminal.cli.history().first)
        #expect(row["final_text"] as? String == "echo gzip staged")
        #expect(row["raw_text"] as? String == "echo gzip staged")
        #expect(row["outcome"] as? String == "inserted")
        #expect(row["reading"] as? Int == 1 && row["readings"] as? Int == 2)
        // The row's words are the taken reading's, with their confidence.
        let words = try #require(row["words"] as? [[String: Any]])
        #expect(words.map { $0["text"] as? String } == ["echo", "gzip", "staged"])
        #expect(words[1]["confidence"] as? Double == 0.2)
    }
}
