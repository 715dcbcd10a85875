import Foundation
import Testing
import Transcription
import VoiceshCore

/// A scripted engine: it consumes the audio like a real one and answers as told.
struct ScriptedEngine: SpeechEngine {
    let label: String
    let answer: @Sendable (Int) async throws(EngineError) -> Transcript  // given the samples heard

    func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        var count = 0
        for await frame in request.audio { count += frame.samples.count }
        return try await answer(count)
    }
}

func recording(seconds: Double = 1) -> AsyncStream<AudioFrame> {
    let samples = [Int16](repeating: 100, count: Int(16000 * seconds))
    return AsyncStream { continuation in
        for frame in AudioFrame.frames(of: samples) { continuation.yield(frame) }
        continuation.finish()
    }
}

/// What a hybrid run gave: the text, the engine that gave it, why the fallback ran (nil: it did not).
struct Outcome {
    var transcript: Transcript
    var engine: String
    var fallbackReason: FallbackReason?
}

extension HybridEngine {
    /// Runs the engine and keeps what its `.fallingBack` event said.
    func run(_ audio: AsyncStream<AudioFrame>, context: SpeechContext = .empty) async throws(EngineError) -> Outcome {
        let fallback = Locked<(engine: String, reason: FallbackReason)?>(nil)
        let transcript = try await transcribe(EngineRequest(audio, context: context)) { event in
            if case .fallingBack(let engine, let reason) = event { fallback.value = (engine, reason) }
        }
        return Outcome(
            transcript: transcript, engine: fallback.value?.engine ?? label, fallbackReason: fallback.value?.reason)
    }
}

func text(_ t: String, confidence: Double? = nil) -> Transcript {
    Transcript(segments: [TranscriptSegment(text: t, confidence: confidence)])
}

struct EngineCompositionTests {
    @Test func confidentPrimaryIsKept() async throws {
        let hybrid = HybridEngine(
            primary: ScriptedEngine(label: "edge") { _ in text("git status", confidence: 0.9) },
            fallback: ScriptedEngine(label: "server") { _ in
                Issue.record("the fallback must not run"); return text("x")
            },
            minConfidence: 0.6)
        let outcome = try await hybrid.run(recording())
        #expect(outcome.transcript.text == "git status")
        #expect(outcome.engine == "edge")
        #expect(outcome.fallbackReason == nil)
    }

    @Test func lowConfidenceSendsTheSameAudioToTheFallback() async throws {
        let hybrid = HybridEngine(
            primary: ScriptedEngine(label: "edge") { _ in text("get stat us", confidence: 0.3) },
            fallback: ScriptedEngine(label: "server") { heard in text("git status (\(heard) samples)") },
            minConfidence: 0.6)
        let outcome = try await hybrid.run(recording(seconds: 1.5))
        #expect(outcome.transcript.text == "git status (24000 samples)")
        #expect(outcome.engine == "server")
        #expect(outcome.fallbackReason == .lowConfidence(0.3, threshold: 0.6))
        // The primary's reading is not lost: it is the next one Tab offers.
        #expect(outcome.transcript.alternatives.map(\.text) == ["get stat us"])
    }

    /// The fallback's own readings follow the primary's best one, then the primary's others.
    @Test func bothEnginesReadingsAreAlternatives() async throws {
        var unsure = text("get stat us", confidence: 0.3)
        unsure.alternatives = [text("get status")]
        let primary = unsure
        var sure = text("git status", confidence: 0.9)
        sure.alternatives = [text("git stash")]
        let fallback = sure
        let hybrid = HybridEngine(
            primary: ScriptedEngine(label: "edge") { _ in primary },
            fallback: ScriptedEngine(label: "server") { _ in fallback }, minConfidence: 0.6)
        let outcome = try await hybrid.run(recording())
        #expect(outcome.transcript.text == "git status")
        #expect(outcome.transcript.alternatives.map(\.text) == ["get stat us", "git stash", "get status"])
        #expect(outcome.transcript.alternatives.allSatisfy { $0.alternatives.isEmpty })
    }

    @Test func failedOrTimedOutPrimaryFallsBack() async throws {
        let slow = TimedEngine(
            ScriptedEngine(label: "server") { _ in
                try? await Task.sleep(for: .seconds(30))
                return text("too late")
            }, seconds: 0.2)
        let hybrid = HybridEngine(
            primary: slow, fallback: ScriptedEngine(label: "edge") { heard in text("heard \(heard)") },
            minConfidence: nil)
        let outcome = try await hybrid.run(recording())
        #expect(outcome.transcript.text == "heard 16000")
        #expect(outcome.fallbackReason == .failed(.timedOut(seconds: 0.2)))
    }

    @Test func bothFailingReportsTheFallbacksError() async {
        let hybrid = HybridEngine(
            primary: ScriptedEngine(label: "a") { _ throws(EngineError) in throw .server(.status(500, detail: "")) },
            fallback: ScriptedEngine(label: "b") { _ throws(EngineError) in throw .noSpeech },
            minConfidence: nil)
        await #expect(throws: EngineError.noSpeech) { try await hybrid.run(recording()) }
    }

    @Test func timeoutCountsFromTheEndOfTheRecording() async throws {
        // A recording that takes 4 s to arrive, an engine that answers as soon as it ends, and a
        // 3 s timeout: in time, though 4 s passed since the first frame. Counting from the start
        // would fail every time; only a stall of 3 s on a loaded machine could fail it wrongly.
        let (audio, feed) = AsyncStream<AudioFrame>.makeStream()
        Task {
            for frame in AudioFrame.frames(of: [Int16](repeating: 1, count: 64000)) {
                feed.yield(frame)
                try? await Task.sleep(for: .milliseconds(40))
            }
            feed.finish()
        }
        let engine = TimedEngine(ScriptedEngine(label: "x") { _ in text("in time") }, seconds: 3)
        #expect(try await engine.transcribe(EngineRequest(audio)) { _ in }.text == "in time")
    }
}
