import ArgumentParser
import Foundation
import Transcription
import VoiceshCore

struct Transcribe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a recording into shell text with a profile's engine (no microphone, no SSH).",
        discussion: "Reads any common WAV (any rate, mono or stereo, integer or float samples); '-' reads stdin.")

    @Argument(help: "A WAV file, or - for standard input.", completion: .file(extensions: ["wav"]))
    var file: String

    @Option(
        help: "Use this profile's engine (default: the built-in offline engine).", completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Run this local recogniser command instead ({wav} stands for the recording).")
    var command: String?

    @Option(help: "Seconds to wait for the text (default: the profile's engine.timeout, or 30).")
    var timeout: Double?

    @Flag(help: "Print the recogniser's words as they are.")
    var raw = false

    @Flag(help: "Print text, raw text, engine, confidence, segments and latency as JSON.")
    var json = false

    func run() async throws {
        let context = AppContext.live()
        let bytes: [UInt8]
        if file == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: context.expandingTilde(file)) else {
                throw Failure.Command.message("cannot read \(file): no such file or not readable")
            }
            bytes = [UInt8](data)
        }
        let samples = try WAV.decode(bytes).speechSamples()
        var chosen = Profile(name: "transcribe", host: "-")
        var factory = EngineFactory(context: context)
        if let profile {
            let database = try context.openDatabase()
            chosen = try database.profile(named: profile)
            factory = .forProfile(chosen, in: database, context: context)
        }
        if let command {
            chosen.engine.recognizer = .command
            chosen.engine.command = command
        }
        if let timeout { chosen.engine.timeout = timeout }
        let engine = try factory.engine(for: chosen)
        let frames = AsyncStream<AudioFrame> { continuation in
            for frame in AudioFrame.frames(of: samples) { continuation.yield(frame) }
            continuation.finish()
        }
        let started = Date()
        let outcome: HybridEngine.Outcome
        if let hybrid = engine as? HybridEngine {
            outcome = try await hybrid.run(frames) { _ in }
            if let reason = outcome.fallbackReason {
                Console.error("voicesh: used the fallback engine: \(Failure.describe(reason))")
            }
        } else {
            outcome = .init(
                transcript: try await engine.transcribe(frames) { _ in }, engine: engine.label, fallbackReason: nil)
        }
        let transcript = outcome.transcript
        let latency = Int(Date().timeIntervalSince(started) * 1000)
        let text = SpokenShell(aliases: chosen.aliases).normalize(transcript.text)
        if json {
            struct Output: Encodable {
                var text: String
                var rawText: String
                var engine: String
                var confidence: Double?
                var segments: [TranscriptSegment]
                var latencyMs: Int

                enum CodingKeys: String, CodingKey {
                    case text, engine, confidence, segments
                    case rawText = "raw_text"
                    case latencyMs = "latency_ms"
                }
            }
            try Console.json(
                Output(
                    text: text, rawText: transcript.text, engine: outcome.engine, confidence: transcript.confidence,
                    segments: transcript.segments, latencyMs: latency))
        } else {
            Console.print(raw ? transcript.text : text)
        }
    }
}
