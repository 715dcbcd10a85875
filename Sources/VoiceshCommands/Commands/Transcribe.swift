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

    @Flag(
        help:
            "Hear the recording as a request in plain English (any words; a lead such as \"how do I\" is taken off) and print the command config.toml's [intent] model writes for it, as `voicesh intent` does (nothing is run)."
    )
    var intent = false

    func run(_ context: AppContext) async throws {
        let bytes: [UInt8]
        do throws(AudioError) {
            bytes =
                try file == "-"
                ? AudioFile.readStandardInput(fd: context.console.input) : AudioFile.read(context.expandingTilde(file))
        } catch {
            guard case .badFile(_, let reason) = error else { throw error }
            throw AudioFileProblem.cannotRead(file: file, reason: reason)
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
        factory.notice = { context.console.error("voicesh: \($0)") }
        factory.progress = ProgressLine(console: context.console)
        let engine = try factory.engine(for: chosen)
        // A stream engine hears the file as a microphone would: at 1x, never faster (providers
        // refuse faster-than-real-time audio).
        let frames = Recognition.frames(samples, realTime: chosen.engine.kind == .stream)
        let live = PartialLine(console: context.console, always: partials)
        // A request is heard as plain English (the edge engine takes Whisper's words, asked
        // without the spoken-shell prompt), as a session's intent key hears it, with this
        // directory's names as a session's take has the remote's: the command runs here.
        let here = intent ? LocalContext.here(context) : nil
        var heardAs = here.map { SpeechContext($0) } ?? .empty
        heardAs.plainEnglish = intent
        let started = Date()
        let fallback = Locked<FallbackReason?>(nil)
        let heard: Heard
        let transcript: Transcript
        do {
            (heard, transcript) = try await Recognition.transcribed(
                engine, EngineRequest(frames, context: heardAs), aliases: chosen.aliases
            ) { event in
                switch event {
                case .partial(let text): live.show(text)
                case .note(let note): context.console.error("voicesh: \(note)")
                case .fallingBack(_, let reason): fallback.value = reason
                case .first: break
                }
            }
            live.clear()
        } catch {
            live.clear()
            throw error
        }
        if let reason = fallback.value {
            context.console.error("voicesh: used the fallback engine: \(Failure.describe(reason))")
        }
        let latency = Int(Date().timeIntervalSince(started) * 1000)
        if intent {
            guard !heard.rawText.isEmpty else { throw EngineError.noSpeech }
            // `--intent` says the recording is a request, as the intent key does: no lead needed.
            let request = IntentLead.request(taking: heard.rawText)
            let settings = try chosen.intentSettings(over: context.config().intent)
            let writer = IntentWriter(
                settings: settings, environment: context.environment, progress: ProgressLine(console: context.console))
            // This directory's names go to the model as `voicesh intent` sends them.
            let names = settings.sendsContext ? here : nil
            return try IntentCommand.show(
                await writer.write(IntentPrompt(request: request, context: names), more: 0), json: json,
                context: context)
        }
        if json {
            try context.console.json(HeardJSON(heard, segments: transcript.segments, latencyMs: latency))
            return
        }
        let line = raw ? heard.rawText : heard.text
        // A text that cleaning left empty is no speech, as an engine that heard none says it.
        guard !line.isEmpty else { throw EngineError.noSpeech }
        context.console.print(line)
    }
}
