import Foundation
import Testing

@testable import VoiceshCore

/// `listen` through the same machine as a session: where a session confirms, it prints. The
/// outcomes (printed, failed, timed out, cancelled) and what is kept are the machine's.
struct DictationPrintingTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, prints: true))

    /// Records take 1 from 0 until the recorder stops it at 2.
    mutating func record() {
        #expect(machine.toggle(now: 0) == [.startRecording(take: 1)])
        #expect(machine.recordingEnded(take: 1, now: 2) == [.stopRecording])
    }

    @Test mutating func theTextIsPrintedThenSavedAsPrinted() throws {
        record()
        let effects = machine.transcribed(.init(text: "git status", rawText: "get status"), take: 1, now: 2.5)
        #expect(effects.first == .send(.init(text: "git status", rawText: "get status"), run: false))
        let entry = try #require(saved(effects).first)
        #expect(effects.count == 2 && effects.last == .save(entry))
        #expect(entry.outcome == .printed && entry.text == "git status" && entry.rawText == "get status")
        #expect(entry.error == nil && !entry.keepAudio && entry.take.latencyMs == 500)
        #expect(machine.state == .idle)
        #expect(machine.released() == [.release(take: 1)])
    }

    /// An engine that hears in two steps (the edge ears) shows its first text in a session; a
    /// printing session waits and prints once, the final text.
    @Test mutating func onlyTheFinalTextIsPrinted() throws {
        record()
        #expect(machine.heardFirst(.init(text: "get status", rawText: "get status"), take: 1, now: 2.2).isEmpty)
        let effects = machine.heardFinal(.init(text: "git status", rawText: "git status"), take: 1, now: 2.5)
        #expect(effects.first == .send(.init(text: "git status", rawText: "git status"), run: false))
        #expect(saved(effects).map(\.outcome) == [.printed])
        #expect(machine.state == .idle)
    }

    /// Nobody is asked: a risky line is printed (the script decides), and `send = auto`
    /// never runs anything.
    @Test(arguments: ["rm -rf /", "ls"])
    func nothingIsConfirmedOrRun(text: String) {
        var machine = Machine(settings: .init(toggle: .defaultToggle, send: .auto, prints: true))
        machine.remoteModes(.shellPrompt)  // where `send = auto` would run a read-only line
        _ = machine.toggle(now: 0)
        _ = machine.recordingEnded(take: 1, now: 1)
        let effects = machine.transcribed(.init(text: text, rawText: text), take: 1, now: 2)
        #expect(effects.first == .send(.init(text: text, rawText: text), run: false))
        #expect(saved(effects).map(\.outcome) == [.printed])
        #expect(machine.state == .idle)
    }

    @Test mutating func noTextIsAFailureWithItsRecordingKept() {
        var settings = machine.settings
        settings.noSpeechError = "nothing heard"
        machine = Machine(settings: settings)
        record()
        let effects = machine.transcribed(.init(text: "", rawText: "um"), take: 1, now: 3)
        #expect(!effects.contains { if case .send = $0 { true } else { false } })
        let entries = saved(effects)
        #expect(entries.map(\.outcome) == [.failed] && entries.first?.keepAudio == true)
        #expect(entries.first?.error == "nothing heard" && entries.first?.rawText == "um")
    }

    @Test(arguments: [
        (EngineError.timedOut(seconds: 30), Dictation.Outcome.timedOut),
        (.command(.exited(status: 1, lastLine: "boom")), .failed),
    ])
    mutating func anEngineFailureIsKeptForARetry(error: EngineError, outcome: Dictation.Outcome) {
        record()
        let effects = machine.engineFailed(error, take: 1, message: "the whole reason", brief: "short", now: 40)
        #expect(!effects.contains { if case .send = $0 { true } else { false } })
        let entries = saved(effects)
        #expect(entries.map(\.outcome) == [outcome])
        #expect(entries.first?.error == "the whole reason" && entries.first?.keepAudio == true)
    }

    @Test mutating func aCancelledRecordingIsNotSaved() {
        #expect(machine.toggle(now: 0) == [.startRecording(take: 1)])
        #expect(machine.key(.escape, now: 0.1) == [.cancelRecording])
        #expect(machine.state == .idle)
    }

    /// The history row of a saved entry: the engine that gave the text (or the profile's when
    /// none did), the latency, and the words of the reading the text came from.
    @Test mutating func theRowIsTheEntrys() throws {
        record()
        let word = TranscriptSegment.Word("status", confidence: 0.4)
        let heard = Heard(
            text: "git status", rawText: "git status", engine: "edge", fallbackEngine: "cloud", confidence: 0.7,
            words: [word])
        let entry = try #require(saved(machine.transcribed(heard, take: 1, now: 3)).first)
        let started = Date(timeIntervalSince1970: 1000)
        let row = Dictation(entry, profile: "p", engine: "profile-engine", startedAt: started, audioSeconds: 2)
        #expect(row.profile == "p" && row.engine == "edge" && row.fallbackEngine == "cloud")
        #expect(row.startedAt == started && row.audioSeconds == 2 && row.latencyMs == 1000)
        #expect(row.outcome == .printed && row.finalText == "git status" && row.error == nil)
        #expect(row.confidence == 0.7 && row.words == [word] && row.reading == 0 && row.readings == 1)

        var failing = Machine(settings: .init(toggle: .defaultToggle, prints: true))
        _ = failing.toggle(now: 0)
        _ = failing.recordingEnded(take: 1, now: 1)
        let failed = try #require(
            saved(failing.engineFailed(.noSpeech, take: 1, message: "m", brief: "b", now: 2)).first)
        let failedRow = Dictation(failed, profile: "p", engine: "profile-engine", startedAt: started, audioSeconds: 1)
        #expect(failedRow.engine == "profile-engine" && failedRow.latencyMs == nil && failedRow.error == "m")
    }
}
