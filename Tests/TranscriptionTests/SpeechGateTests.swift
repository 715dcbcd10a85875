import Foundation
import Testing
import Transcription
import VoiceshCore

/// The voice-activity gate every engine sits behind, on a real recording of speech
/// (pocketsphinx's test data: "go forward ten meters") and on silence and noise.
struct SpeechGateTests {
    static let speechFile = "/usr/share/pocketsphinx/test/data/goforward.raw"

    static func frames(_ samples: [Int16]) -> AsyncStream<AudioFrame> {
        AsyncStream { continuation in
            for frame in AudioFrame.frames(of: samples) { continuation.yield(frame) }
            continuation.finish()
        }
    }

    static func speech() throws -> [Int16] {
        let data = try Data(contentsOf: URL(fileURLWithPath: speechFile))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    static func noise(seconds: Double) -> [Int16] {
        var generator = SystemRandomNumberGenerator()
        return (0..<Int(16000 * seconds)).map { _ in Int16.random(in: -3000...3000, using: &generator) }
    }

    /// Whisper on silence: an engine that always "hears" a web address.
    let whisper = ScriptedEngine(label: "server/openai") { _ in text("www.mesmerism.com") }

    @Test func noSpeechGivesNothingWhateverTheEngineSays() async throws {
        let gate = SpeechGate(whisper)
        for take in [[Int16](repeating: 0, count: 48000), Self.noise(seconds: 3)] {
            await #expect(throws: EngineError.noSpeech) {
                try await gate.transcribe(EngineRequest(Self.frames(take))) { _ in }
            }
        }
        let heard = try await gate.transcribe(EngineRequest(Self.frames(try Self.speech()))) { _ in }
        #expect(heard.text == "www.mesmerism.com")
    }

    /// A take recorded with the intent key is heard as plain English, without the shell-talk
    /// steer: silence and noise are still nothing, never a request for the model.
    @Test func aPlainEnglishTakeOfNoiseIsNoSpeech() async throws {
        var context = SpeechContext()
        context.plainEnglish = true
        let thanks = ScriptedEngine(label: "edge/pocketsphinx+whisper") { _ in text("how do I thank you for watching") }
        for take in [[Int16](repeating: 0, count: 48000), Self.noise(seconds: 3)] {
            await #expect(throws: EngineError.noSpeech) {
                try await SpeechGate(thanks).transcribe(EngineRequest(Self.frames(take), context: context)) { _ in }
            }
        }
    }

    @Test func anEchoOfThePromptNeedsTheSpeechToHaveSaidIt() async throws {
        let echo = ScriptedEngine(label: "server/openai") { _ in text("Echo $HOME.") }
        let sent: @Sendable (SpeechContext) -> [String] = { _ in ["git status", "echo $HOME"] }
        // 0.15 s of the recording's first syllable: a voice, but too little to say `echo $HOME`.
        let speech = try Self.speech()
        let silence = [Int16](repeating: 0, count: 8000)
        let cough = silence + speech[8160..<10560] + silence
        var presence = SpeechPresence()
        presence.add(cough)
        #expect(presence.likelySpeech)
        #expect(presence.voicedSeconds < 0.2)
        await #expect(throws: EngineError.noSpeech) {
            try await SpeechGate(echo, sent: sent).transcribe(EngineRequest(Self.frames(cough))) { _ in }
        }
        // Text that is not a line voicesh sent is never an echo, however short the take.
        let longer = try SpeechGate.judge(text("echo $HOME now"), presence: presence, sent: sent(.empty))
        #expect(longer.text == "echo $HOME now")
        // The whole sentence is time enough to have said it: kept.
        let said = try await SpeechGate(echo, sent: sent).transcribe(EngineRequest(Self.frames(speech))) { _ in }
        #expect(said.text == "Echo $HOME.")
    }

    @Test func aHybridDoesNotSendATakeWithoutSpeechToItsFallback() async throws {
        let hybrid = HybridEngine(
            primary: ScriptedEngine(label: "edge") { _ throws(EngineError) in throw .noSpeech },
            fallback: ScriptedEngine(label: "server") { _ in
                Issue.record("a take with no speech must not reach the fallback"); return text("x")
            }, minConfidence: nil)
        await #expect(throws: EngineError.noSpeech) {
            try await hybrid.run(Self.frames(Self.noise(seconds: 2)))
        }
        // With speech in it, the fallback still gets its chance.
        let second = HybridEngine(
            primary: ScriptedEngine(label: "edge") { _ throws(EngineError) in throw .noSpeech },
            fallback: ScriptedEngine(label: "server") { _ in text("go forward ten meters") }, minConfidence: nil)
        let outcome = try await second.run(Self.frames(try Self.speech()))
        #expect(outcome.engine == "server")
    }
}
