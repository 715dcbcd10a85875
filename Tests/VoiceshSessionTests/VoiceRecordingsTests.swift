import Foundation
import Testing

@testable import VoiceshSession

/// Recordings kept for learning the voice: a number claimed by one writer (a session keeping
/// a take while `adapt --from` adds more) is never written over by another.
struct VoiceRecordingsTests {
    @Test func addingNeverWritesOverANumberClaimedMeanwhile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-voice-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kept = VoiceRecordings(directory: directory)
        try kept.keep(Data("one".utf8), words: "git status")
        // A session has claimed 0002 (its words written, its audio still coming).
        #expect(FileManager.default.createFile(atPath: directory + "/0002.txt", contents: Data("ls -la\n".utf8)))
        #expect(try kept.add([(wav: Data("two".utf8), text: "make test")]) == 1)
        #expect(FileManager.default.contents(atPath: directory + "/0002.txt") == Data("ls -la\n".utf8))
        #expect(FileManager.default.contents(atPath: directory + "/0003.txt") == Data("make test\n".utf8))
        #expect(FileManager.default.contents(atPath: directory + "/0003.wav") == Data("two".utf8))
    }
}
