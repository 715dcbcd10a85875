import Testing

@testable import VoiceshCore

/// Unsure spoken words traced to the shell words the normaliser made of them.
struct DoubtTests {
    static func words(_ pairs: [(String, Double?)]) -> [TranscriptSegment.Word] {
        pairs.map { TranscriptSegment.Word($0.0, confidence: $0.1) }
    }

    let shell = SpokenShell()

    @Test func anUnsureSpokenWordMarksTheShellWordItBecame() {
        // `git dash dash staged` → `git --staged`: only the last shell word came from `staged`.
        let heard = Self.words([("git", 0.95), ("dash", 0.9), ("dash", 0.9), ("staged", 0.2)])
        #expect(shell.normalize("git dash dash staged") == "git --staged")
        #expect(Doubt.unsure(heard, normalize: shell.normalize) == [1])
        // The tool name unsure, the flag sure.
        let tool = Self.words([("gzip", 0.3), ("dash", 0.9), ("dash", 0.9), ("staged", 0.9)])
        #expect(Doubt.unsure(tool, normalize: shell.normalize) == [0])
        // A `dash` the flag needs is as much the flag as its name.
        let dash = Self.words([("git", 0.95), ("dash", 0.1), ("dash", 0.9), ("staged", 0.9)])
        #expect(Doubt.unsure(dash, normalize: shell.normalize) == [1])
    }

    @Test func wordsJoinedIntoOneShellWordShareTheirDoubt() {
        let heard = Self.words([("cat", 0.9), ("notes", 0.9), ("dot", 0.4), ("txt", 0.9)])
        #expect(shell.normalize("cat notes dot txt") == "cat notes.txt")
        #expect(Doubt.unsure(heard, normalize: shell.normalize) == [1])
    }

    @Test func sureOrUnscoredWordsMarkNothing() {
        #expect(Doubt.unsure(Self.words([("git", 0.9), ("status", 0.85)]), normalize: shell.normalize).isEmpty)
        #expect(Doubt.unsure(Self.words([("git", nil), ("status", nil)]), normalize: shell.normalize).isEmpty)
        #expect(Doubt.unsure([], normalize: shell.normalize).isEmpty)
    }

    @Test func aTranscriptsWordsComeFromItsSegments() {
        let scored = TranscriptSegment(
            text: "git status", confidence: 0.8, words: Self.words([("git", 0.9), ("status", 0.4)]))
        let bare = TranscriptSegment(text: "ls dash la", confidence: 0.7)
        #expect(
            Transcript(segments: [scored, bare]).words
                == Self.words([("git", 0.9), ("status", 0.4), ("ls", 0.7), ("dash", 0.7), ("la", 0.7)]))
        // Words that do not spell the segment's text are not trusted: the segment's confidence instead.
        let odd = TranscriptSegment(text: "git status", confidence: 0.8, words: Self.words([("gitstatus", 0.1)]))
        #expect(Transcript(segments: [odd]).words == Self.words([("git", 0.8), ("status", 0.8)]))
    }
}
