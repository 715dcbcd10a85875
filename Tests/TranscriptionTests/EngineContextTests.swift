import Foundation
import Testing
import Transcription
import VoiceshCore

/// An engine that says which names it was given.
struct ContextEcho: SpeechEngine {
    let label: String
    let fails: Bool

    func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        for await _ in request.audio {}
        if fails { throw .server(.unreachable(url: "http://127.0.0.1:9", reason: "down")) }
        return Transcript(segments: [
            TranscriptSegment(
                text: "\(label)\(request.context.plainEnglish ? " english" : ""):"
                    + request.context.names.map(\.text).joined(separator: ","))
        ])
    }
}

/// The context reaches each engine through the wrappers, except where the profile's policy
/// keeps it on this machine (`ContextBlind`).
struct EngineContextTests {
    let context: SpeechContext = {
        var remote = RemoteContext()
        remote.entries = ["deploy_prod.yaml"]
        return SpeechContext(remote)
    }()

    @Test func theTimeoutAndTheFallbackPassItOn() async throws {
        let timed = TimedEngine(ContextEcho(label: "edge", fails: false), seconds: 5)
        #expect(
            try await timed.transcribe(EngineRequest(recording(), context: context)) { _ in }.text
                == "edge:deploy_prod.yaml")
        let hybrid = HybridEngine(
            primary: TimedEngine(ContextEcho(label: "edge", fails: true), seconds: 5),
            fallback: TimedEngine(ContextEcho(label: "server", fails: false), seconds: 5), minConfidence: nil)
        let outcome = try await hybrid.run(recording(), context: context)
        #expect(outcome.transcript.text == "server:deploy_prod.yaml")
    }

    @Test func aBlindEngineGetsNone() async throws {
        let hybrid = HybridEngine(
            primary: ContextEcho(label: "edge", fails: true),
            fallback: ContextBlind(ContextEcho(label: "server", fails: false)), minConfidence: nil)
        let outcome = try await hybrid.run(recording(), context: context)
        #expect(outcome.transcript.text == "server:")
        let plain = try await ContextBlind(ContextEcho(label: "s", fails: false)).transcribe(
            EngineRequest(recording(), context: context)
        ) { _ in }
        #expect(plain.text == "s:")
        // That a take is a request in plain English is no name: it still says so.
        var english = context
        english.plainEnglish = true
        let request = try await ContextBlind(ContextEcho(label: "s", fails: false)).transcribe(
            EngineRequest(recording(), context: english)
        ) { _ in }
        #expect(request.text == "s english:")
    }
}
