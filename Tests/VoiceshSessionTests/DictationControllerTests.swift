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

    func controller(says text: String = "git status", database: AppDatabase? = nil) -> DictationController {
        return Fakes.dictation(says: text, database: database, terminal: Window(), clock: clock)
    }

    /// Toggle, the terminal's cursor report, toggle again, then the engine's answer on screen.
    func dictate(_ dictation: DictationController) async throws {
        #expect(dictation.keyboard(Array("ls".utf8) + toggle) == Array("ls".utf8))
        #expect(String(decoding: dictation.screen, as: UTF8.self).contains("\u{1B}[6n"))  // where is the cursor?
        #expect(dictation.keyboard(cursorReport) == [])
        clock.advance(1)  // a second toggle within 0.4 s would be a double press
        #expect(dictation.keyboard(toggle) == [])
        dictation.screen = []
        // Waits without holding a thread: the engine's task needs one.
        var fd = pollfd(fd: dictation.inbox.readFD, events: Int16(POLLIN), revents: 0)
        for _ in 0..<2000 where poll(&fd, 1, 0) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(fd.revents != 0, "the engine answers")
        dictation.wake()
    }

    @Test func typingWhileIdleGoesToTheRemoteAndDrawsNothing() {
        let dictation = controller()
        #expect(dictation.keyboard(Array("ls -l\r".utf8)) == Array("ls -l\r".utf8))
        #expect(dictation.screen == [] && dictation.outbound == [])
    }

    @Test func aConfirmedDictationInsertsTheTextWithoutEnter() async throws {
        let dictation = controller()
        try await dictate(dictation)
        #expect(String(decoding: dictation.screen, as: UTF8.self).contains("git status"))  // the prompt
        #expect(dictation.outbound == [])  // nothing reaches the remote before the user says so
        #expect(dictation.keyboard([0x0D]) == [])
        #expect(dictation.outbound == Array("git status".utf8))
    }

    @Test func ctrlRRunsIt() async throws {
        let dictation = controller(says: "uptime")
        try await dictate(dictation)
        _ = dictation.keyboard([0x12])
        #expect(dictation.outbound == Array("uptime\r".utf8))
    }

    @Test func escapeDiscardsAndTheLineComesOff() async throws {
        let dictation = controller()
        try await dictate(dictation)
        _ = dictation.keyboard([0x1B])  // a lone ESC waits for the rest of a key
        clock.advance(1)  // the key wait is over
        dictation.screen = []
        dictation.tick()
        #expect(dictation.outbound == [])
        #expect(dictation.screen == Array("\u{1B}[K".utf8))  // the line erased, nothing else drawn
        #expect(dictation.keyboard(Array("x".utf8)) == Array("x".utf8))  // the keyboard is the remote's again
    }

    /// The session learns of a fallback from the engine's `.fallingBack` event (no engine type
    /// is looked for), and an engine's note is kept with the take's row.
    @Test func theFallbackAndTheNotesComeAsEvents() async throws {
        let database = try AppDatabase.inMemory()
        let dictation = Fakes.dictation(
            says: "git status",
            events: [
                .fallingBack(engine: "server/openai", reason: .failed(.timedOut(seconds: 2))), .note("audio dropped"),
            ],
            database: database, terminal: Window(), clock: clock)
        try await dictate(dictation)
        // The events come just before the text: the first wake may have drained only some of them.
        for _ in 0..<200 where !String(decoding: dictation.screen, as: UTF8.self).contains("git status") {
            try await Task.sleep(for: .milliseconds(10))
            dictation.wake()
        }
        _ = dictation.keyboard([0x0D])
        let row = try #require(try database.dictations(profile: "test").first)
        #expect(row.engine == "fake" && row.fallbackEngine == "server/openai")
        #expect(row.error == "audio dropped")
    }

    @Test func theHistoryRowIsWrittenBeforeTheTextIsSent() async throws {
        let database = try AppDatabase.inMemory()
        let dictation = controller(database: database)
        try await dictate(dictation)
        #expect(try database.dictations(profile: "test").isEmpty)
        _ = dictation.keyboard([0x0D])
        let rows = try database.dictations(profile: "test")
        #expect(rows.map(\.outcome) == [.inserted] && rows.first?.finalText == "git status")
        #expect(rows.first?.engine == "fake")
    }

    @Test func theEnginesFailureIsANoticeAndTheNextKeyGoesOn() async throws {
        let database = try AppDatabase.inMemory()
        let dictation = controller(says: "", database: database)  // nothing heard
        try await dictate(dictation)
        #expect(String(decoding: dictation.screen, as: UTF8.self).contains("no speech heard"))
        #expect(try database.dictations(profile: "test").map(\.outcome) == [.failed])
        #expect(dictation.keyboard(Array("q".utf8)) == Array("q".utf8))
    }
}
