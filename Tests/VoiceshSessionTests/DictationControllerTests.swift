import AudioCapture
import Foundation
import Store
import Testing
import VoiceshCore
import VoiceshSession

/// The dictation controller in-process: a toggle, a recording from a source of our own, an
/// engine that answers, and the bytes it leaves for the remote and for the screen. No tmux,
/// no sshd: those tests (Tests/CLITests) stay for the real edges.
@Suite(.serialized)
struct DictationControllerTests {
    let toggle = KeyChord.defaultToggle.bytes
    /// The terminal's answer to the line's question about the cursor (row 5, column 3).
    let cursorReport = Array("\u{1B}[5;3R".utf8)
    let clock = TestClock()

    func controller(says text: String = "git status", database: AppDatabase? = nil) -> DrivenDictation {
        DrivenDictation(Fakes.dictation(says: text, database: database, terminal: Window(), clock: clock), clock: clock)
    }

    /// Toggle, the terminal's cursor report, toggle again, then the engine's answer on screen.
    func dictate(_ dictation: DrivenDictation) async throws {
        #expect(dictation.type(Array("ls".utf8) + toggle) == Array("ls".utf8))
        #expect(String(decoding: dictation.screen, as: UTF8.self).contains("\u{1B}[6n"))  // where is the cursor?
        #expect(dictation.type(cursorReport) == [])
        clock.advance(1)  // a second toggle within 0.4 s would be a double press
        #expect(dictation.type(toggle) == [])
        dictation.screen = []
        #expect(try await dictation.awaitEngine(), "the engine answers")
    }

    /// The profile's rows once there are `count` of them: the controller writes them off the loop.
    func rows(in database: AppDatabase, count: Int = 1) async throws -> [Dictation] {
        for _ in 0..<500 where try database.dictations(profile: "test").count < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        return try database.dictations(profile: "test")
    }

    @Test func typingWhileIdleGoesToTheRemoteAndDrawsNothing() {
        let dictation = controller()
        #expect(dictation.type(Array("ls -l\r".utf8)) == Array("ls -l\r".utf8))
        #expect(dictation.screen == [] && dictation.remote == [])
    }

    @Test func aConfirmedDictationInsertsTheTextWithoutEnter() async throws {
        let dictation = controller()
        try await dictate(dictation)
        #expect(String(decoding: dictation.screen, as: UTF8.self).contains("git status"))  // the prompt
        #expect(dictation.remote == [])  // nothing reaches the remote before the user says so
        #expect(dictation.type([0x0D]) == [])
        #expect(dictation.remote == Array("git status".utf8))
    }

    @Test func ctrlRRunsIt() async throws {
        let dictation = controller(says: "uptime")
        try await dictate(dictation)
        _ = dictation.type([0x12])
        #expect(dictation.remote == Array("uptime\r".utf8))
    }

    @Test func escapeDiscardsAndTheLineComesOff() async throws {
        let dictation = controller()
        try await dictate(dictation)
        _ = dictation.type([0x1B])  // a lone ESC waits for the rest of a key
        clock.advance(1)  // the key wait is over
        dictation.screen = []
        dictation.turn(woken: false)
        #expect(dictation.remote == [])
        #expect(dictation.screen == Array("\u{1B}[K".utf8))  // the line erased, nothing else drawn
        #expect(dictation.type(Array("x".utf8)) == Array("x".utf8))  // the keyboard is the remote's again
    }

    /// The session learns of a fallback from the engine's `.fallingBack` event (no engine type
    /// is looked for), and an engine's note is kept with the take's row.
    @Test func theFallbackAndTheNotesComeAsEvents() async throws {
        let database = try AppDatabase.inMemory()
        let dictation = DrivenDictation(
            Fakes.dictation(
                says: "git status",
                events: [
                    .fallingBack(engine: "server/openai", reason: .failed(.timedOut(seconds: 2))),
                    .note("audio dropped"),
                ],
                database: database, terminal: Window(), clock: clock),
            clock: clock)
        try await dictate(dictation)
        // The events come just before the text: the first turn may have drained only some of them.
        for _ in 0..<200 where !String(decoding: dictation.screen, as: UTF8.self).contains("git status") {
            try await Task.sleep(for: .milliseconds(10))
            dictation.turn(woken: true)
        }
        _ = dictation.type([0x0D])
        let row = try #require(try await rows(in: database).first)
        #expect(row.engine == "fake" && row.fallbackEngine == "server/openai")
        #expect(row.error == "audio dropped")
    }

    @Test func theTextIsSentAndItsRowWrittenOffTheLoop() async throws {
        let database = try AppDatabase.inMemory()
        let dictation = controller(database: database)
        try await dictate(dictation)
        #expect(try database.dictations(profile: "test").isEmpty)
        _ = dictation.type([0x0D])
        #expect(dictation.remote == Array("git status".utf8))
        let rows = try await rows(in: database)
        #expect(rows.map(\.outcome) == [.inserted] && rows.first?.finalText == "git status")
        #expect(rows.first?.engine == "fake")
    }

    @Test func theEnginesFailureIsANoticeAndTheNextKeyGoesOn() async throws {
        let database = try AppDatabase.inMemory()
        let dictation = controller(says: "", database: database)  // nothing heard
        try await dictate(dictation)
        #expect(String(decoding: dictation.screen, as: UTF8.self).contains("no speech heard"))
        #expect(try await rows(in: database).map(\.outcome) == [.failed])
        #expect(dictation.type(Array("q".utf8)) == Array("q".utf8))
    }
}
