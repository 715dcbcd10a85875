import ArgumentParser
import Foundation
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
        var config = EngineConfig()
        if let profile { config = try context.openDatabase().profile(named: profile).engine }
        if let command {
            config.recognizer = .command
            config.command = command
        }
        if let timeout { config.timeout = timeout }
        let engine = try EngineFactory(context: context).engine(for: config)
        let frames = AsyncStream<AudioFrame> { continuation in
            for frame in AudioFrame.frames(of: samples) { continuation.yield(frame) }
            continuation.finish()
        }
        let started = Date()
        let transcript = try await engine.transcribe(frames) { _ in }
        let latency = Int(Date().timeIntervalSince(started) * 1000)
        let text = transcript.text
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
                    text: text, rawText: transcript.text, engine: engine.label, confidence: transcript.confidence,
                    segments: transcript.segments, latencyMs: latency))
        } else {
            Console.print(raw ? transcript.text : text)
        }
    }
}
