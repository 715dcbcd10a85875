import ArgumentParser
import AudioCapture
import Foundation
import VoiceshCore
import VoiceshSession

struct Transcribe: AsyncVoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a recording into shell text with a profile's engine (no microphone, no SSH).",
        usage: "voicesh transcribe [<options>] <file>",
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

    @Flag(
        help:
            "Print text, raw text, engine, confidence, words with theirs, alternatives, segments and latency as JSON.")
    var json = false

    @Flag(help: "Print live partial text on stderr (the default when stderr is a terminal).")
    var partials = false

    func run(_ context: AppContext) async throws {
        let bytes: [UInt8]
        do throws(AudioError) {
            bytes = try file == "-" ? AudioFile.readStandardInput() : AudioFile.read(context.expandingTilde(file))
        } catch {
            guard case .badFile(_, let reason) = error else { throw Failure.Command.message(Failure.describe(error)) }
            throw Failure.Command.message("cannot read \(file == "-" ? "standard input" : file): \(reason)")
        }
        let samples = try WAV.decode(bytes).speechSamples()
        var chosen = try context.effective(Profile(name: "transcribe", host: "-"))
        var factory = EngineFactory(context: context)
        if let profile {
            let database = try context.openDatabase()
            chosen = try context.effective(try context.runnableProfile(named: profile, in: try context.openStore()))
            factory = .forProfile(chosen, in: database, context: context)
        }
        chosen.engine.override(command: command, timeout: timeout)
        factory.notice = { Console.error("voicesh: \($0)") }
        let engine = try factory.engine(for: chosen)
        // A stream engine hears the file as a microphone would: at 1x, never faster (providers
        // refuse faster-than-real-time audio).
        let frames = Recognition.frames(samples, realTime: chosen.engine.kind == .stream)
        let live = PartialLine(enabled: partials || isatty(STDERR_FILENO) == 1, terminal: isatty(STDERR_FILENO) == 1)
        let started = Date()
        let fallback = Locked<(engine: String, reason: FallbackReason)?>(nil)
        let transcript: Transcript
        do {
            transcript = try await engine.transcribe(EngineRequest(frames)) { event in
                switch event {
                case .partial(let text): live.show(text)
                case .note(let note): Console.error("voicesh: \(note)")
                case .fallingBack(let engine, let reason): fallback.value = (engine, reason)
                case .first: break
                }
            }
            live.clear()
        } catch {
            live.clear()
            throw error
        }
        if let reason = fallback.value?.reason {
            Console.error("voicesh: used the fallback engine: \(Failure.describe(reason))")
        }
        let latency = Int(Date().timeIntervalSince(started) * 1000)
        let heard = Recognition.heard(
            transcript, engine: fallback.value?.engine ?? engine.label, aliases: chosen.aliases, context: .empty)
        if json {
            /// An engine word, its confidence (0…1, null: the engine gave none) and whether it is unsure.
            struct Word: Encodable {
                var text: String
                var confidence: Double?
                var unsure: Bool
            }
            /// Another reading of the same audio, as Tab shows it on the confirmation line.
            struct Alternative: Encodable {
                var text: String
                var rawText: String
                var words: [Word]
                var unsure: [Int]

                enum CodingKeys: String, CodingKey {
                    case text, words, unsure
                    case rawText = "raw_text"
                }
            }
            struct Output: Encodable {
                var text: String
                var rawText: String
                var engine: String
                var confidence: Double?
                var words: [Word]
                /// The indices of the words of `text` (split at spaces) made from unsure ones.
                var unsure: [Int]
                /// The next distinct readings, best first.
                var alternatives: [Alternative]
                var segments: [TranscriptSegment]
                var latencyMs: Int

                enum CodingKeys: String, CodingKey {
                    case text, engine, confidence, words, unsure, alternatives, segments
                    case rawText = "raw_text"
                    case latencyMs = "latency_ms"
                }
            }
            func listed(_ words: [TranscriptSegment.Word]) -> [Word] {
                words.map {
                    Word(text: $0.text, confidence: $0.confidence, unsure: ($0.confidence ?? 1) < Doubt.threshold)
                }
            }
            try Console.json(
                Output(
                    text: heard.text, rawText: heard.rawText, engine: heard.engine, confidence: heard.confidence,
                    words: listed(heard.words), unsure: heard.unsure.sorted(),
                    alternatives: heard.alternatives.map {
                        Alternative(
                            text: $0.text, rawText: $0.rawText, words: listed($0.words), unsure: $0.unsure.sorted())
                    },
                    segments: transcript.segments, latencyMs: latency))
        } else {
            Console.print(raw ? heard.rawText : heard.text)
        }
    }
}
