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
        help: "Use this profile's engine (default: config.toml's, else the offline engine).",
        completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Run this local recogniser command instead ({wav} stands for the recording).")
    var command: String?

    @Option(help: "Seconds to wait for the text (default: the profile's engine.timeout, or 30).")
    var timeout: Double?

    @Flag(help: "Print the recogniser's words as they are.")
    var raw = false

    @Flag(help: "Print text, raw text, engine, confidence, words with theirs, segments and latency as JSON.")
    var json = false

    @Flag(help: "Print live partial text on stderr (the default when stderr is a terminal).")
    var partials = false

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
        var chosen = try context.effective(Profile(name: "transcribe", host: "-"))
        var factory = EngineFactory(context: context)
        if let profile {
            let database = try context.openDatabase()
            chosen = try context.effective(try context.runnableProfile(named: profile, in: try context.openStore()))
            factory = .forProfile(chosen, in: database, context: context)
        }
        if let command {
            chosen.engine.recognizer = .command
            chosen.engine.command = command
        }
        if let timeout { chosen.engine.timeout = timeout }
        factory.notice = { Console.error("voicesh: \($0)") }
        let engine = try factory.engine(for: chosen)
        // A stream engine hears the file as a microphone would: at 1x, never faster (providers
        // refuse faster-than-real-time audio).
        let frames = Self.frames(samples, realTime: chosen.engine.kind == .stream)
        let live = PartialLine(enabled: partials || isatty(STDERR_FILENO) == 1, terminal: isatty(STDERR_FILENO) == 1)
        let started = Date()
        let outcome: HybridEngine.Outcome
        do {
            if let hybrid = engine as? HybridEngine {
                outcome = try await hybrid.run(frames, partial: live.show)
                live.clear()
                if let reason = outcome.fallbackReason {
                    Console.error("voicesh: used the fallback engine: \(Failure.describe(reason))")
                }
            } else {
                outcome = .init(
                    transcript: try await engine.transcribe(frames, partial: live.show), engine: engine.label,
                    fallbackReason: nil)
                live.clear()
            }
        } catch {
            live.clear()
            throw error
        }
        let transcript = outcome.transcript
        let latency = Int(Date().timeIntervalSince(started) * 1000)
        let shell = SpokenShell(aliases: chosen.aliases)
        let text = shell.normalize(transcript.text)
        if json {
            /// An engine word, its confidence (0…1, null: the engine gave none) and whether it is unsure.
            struct Word: Encodable {
                var text: String
                var confidence: Double?
                var unsure: Bool
            }
            struct Output: Encodable {
                var text: String
                var rawText: String
                var engine: String
                var confidence: Double?
                var words: [Word]
                /// The indices of the words of `text` (split at spaces) made from unsure ones.
                var unsure: [Int]
                var segments: [TranscriptSegment]
                var latencyMs: Int

                enum CodingKeys: String, CodingKey {
                    case text, engine, confidence, words, unsure, segments
                    case rawText = "raw_text"
                    case latencyMs = "latency_ms"
                }
            }
            let words = transcript.words
            try Console.json(
                Output(
                    text: text, rawText: transcript.text, engine: outcome.engine, confidence: transcript.confidence,
                    words: words.map {
                        Word(text: $0.text, confidence: $0.confidence, unsure: ($0.confidence ?? 1) < Doubt.threshold)
                    },
                    unsure: Doubt.unsure(words, normalize: shell.normalize).sorted(),
                    segments: transcript.segments, latencyMs: latency))
        } else {
            Console.print(raw ? transcript.text : text)
        }
    }

    /// The recording as frames of 40 ms, all at once or paced at real time.
    static func frames(_ samples: [Int16], realTime: Bool) -> AsyncStream<AudioFrame> {
        let frames = AudioFrame.frames(of: samples)
        guard realTime else {
            return AsyncStream { continuation in
                for frame in frames { continuation.yield(frame) }
                continuation.finish()
            }
        }
        let (stream, continuation) = AsyncStream.makeStream(of: AudioFrame.self)
        let task = Task {
            let clock = ContinuousClock()
            let start = clock.now
            let rate = Double(AudioFormat.speech.sampleRate)
            for frame in frames {
                // A frame is due once it has been "recorded": when its last sample is in the past.
                let due = start + .seconds(Double(frame.start + frame.samples.count) / rate)
                try? await clock.sleep(until: due)
                if Task.isCancelled { break }
                continuation.yield(frame)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
