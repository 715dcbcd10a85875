import Foundation
import Testing
import VoiceshCore
import VoiceshSession

/// The first text at once and the fused one a moment later, through the session's controller:
/// the line says it is refining, and what the user acts on is what is sent.
@Suite(.serialized)
struct RefiningLineTests {
    let toggle = KeyChord.defaultToggle.bytes
    let clock = TestClock()

    /// An engine that hears in two steps, as the edge engine's two ears do: its first text at
    /// once (`EngineEvent.first`), its final one when the test lets it go.
    final class TwoStepEngine: SpeechEngine, @unchecked Sendable {
        let first: String
        let final: String
        let release = DispatchSemaphore(value: 0)
        var label: String { "two-step" }

        init(first: String, final: String) {
            self.first = first
            self.final = final
        }

        func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
            async throws(EngineError) -> Transcript
        {
            for await _ in request.audio {}
            events(.first(Transcript(segments: [TranscriptSegment(text: first)])))
            let release = release
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    release.wait()
                    done.resume()
                }.start()
            }
            return Transcript(segments: [TranscriptSegment(text: final)])
        }
    }

    func controller(_ engine: TwoStepEngine) -> DrivenDictation {
        let setup = DictationController.Setup(
            profile: Profile(name: "test", host: "example.org"), engine: .success(engine), source: Microphone(),
            database: nil, maxRecordingSeconds: 60, inbox: Inbox(), terminal: Window(), clock: { clock.now })
        return DrivenDictation(DictationController(setup: setup, toggle: .defaultToggle), clock: clock)
    }

    /// Waits for the engine's next event, then lets the controller take it.
    func next(_ dictation: DrivenDictation) async throws {
        #expect(try await dictation.awaitEngine(), "the engine answers")
    }

    /// Toggle, the cursor report, toggle: the first text comes and is shown as refining.
    func firstText(_ dictation: DrivenDictation) async throws {
        _ = dictation.type(toggle)
        _ = dictation.type(Array("\u{1B}[5;3R".utf8))
        clock.advance(1)
        _ = dictation.type(toggle)
        dictation.screen = []
        try await next(dictation)
    }

    @Test func theFusedTextReplacesTheFirstOnTheLine() async throws {
        let engine = TwoStepEngine(first: "git add dot", final: "df dash h")
        let dictation = controller(engine)
        try await firstText(dictation)
        let shown = String(decoding: dictation.screen, as: UTF8.self)
        #expect(shown.contains("git add .") && shown.contains("refining"), "\(shown)")
        dictation.screen = []
        engine.release.signal()
        try await next(dictation)
        let refined = String(decoding: dictation.screen, as: UTF8.self)
        #expect(refined.contains("df -h") && !refined.contains("refining"), "\(refined)")
        #expect(dictation.remote == [])
        _ = dictation.type([0x0D])
        #expect(dictation.remote == Array("df -h".utf8))
    }

    /// `listen` is the same controller, printing: the first text is not printed, and a
    /// hands-free profile's words are text, not an answer to a line it has none of.
    @Test func aPrintingControllerPrintsTheFinalTextOnce() async throws {
        let engine = TwoStepEngine(first: "git add dot", final: "run last")
        var profile = Profile(name: "test", host: "example.org")
        profile.handsFree = true
        var setup = DictationController.Setup(
            profile: profile, engine: .success(engine), source: Microphone(), database: nil,
            maxRecordingSeconds: 60, inbox: Inbox(), terminal: Window(), clock: { clock.now })
        let printed = Locked<[String]>([])
        setup.printer = { text in printed.update { $0.append(text) } }
        let controller = DictationController(setup: setup, toggle: .defaultToggle)
        let dictation = DrivenDictation(controller, clock: clock)
        _ = dictation.type(toggle)
        controller.handle(.stop)
        try await next(dictation)  // the first text
        #expect(printed.value.isEmpty && controller.ended == nil)
        engine.release.signal()
        try await next(dictation)
        #expect(printed.value == ["run last"])
        guard case .row(let entry, .saved(nil)) = controller.ended else {
            Issue.record("ended: \(String(describing: controller.ended))")
            return
        }
        #expect(entry.outcome == .printed && entry.text == "run last")
    }

    @Test func anEnterBeforeTheFusedTextSendsTheFirst() async throws {
        let engine = TwoStepEngine(first: "git status", final: "get status")
        let dictation = controller(engine)
        try await firstText(dictation)
        _ = dictation.type([0x0D])
        #expect(dictation.remote == Array("git status".utf8))
        engine.release.signal()
        try await next(dictation)
        #expect(dictation.remote == Array("git status".utf8))  // the late text is dropped
        #expect(!String(decoding: dictation.screen, as: UTF8.self).contains("get status"))
    }
}
