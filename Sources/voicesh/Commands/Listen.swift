import ArgumentParser
import AudioCapture
import Foundation
import Store
import Transcription
import VoiceshCore

struct Listen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record, transcribe with a profile's engine, and print the shell text (dictation for scripts).",
        discussion: """
            Records until the toggle key or Enter (Esc cancels), --seconds, or the end of --audio-file.
            The text goes to standard output and into the history; when the engine fails the recording
            is kept for `voicesh history retry`. When the history cannot be written the text is still
            printed, stderr says so, and the exit status is 3.
            """)

    /// The text was printed but the history could not be written.
    static let historyUnwritten: Int32 = 3

    @Option(
        help: "Use this profile's engine (default: the built-in offline engine).", completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Stop after this many seconds.")
    var seconds: Double?

    @OptionGroup(title: "Audio")
    var audio: AudioOptions

    func run() throws {
        let context = AppContext.live()
        let database = try context.openDatabase()
        let store = try context.openStore()
        let chosen = try profile.map { name in
            try context.effective(try context.runnableProfile(named: name, in: store))
        }
        let settings = try chosen ?? context.effective(Profile(name: "listen", host: "-"))
        let engine = try EngineFactory.forProfile(settings, in: database, context: context).engine(for: settings)
        let source = try audio.source(profile: chosen, context: context)
        var limit = min(seconds ?? audio.maxRecordingSeconds, audio.maxRecordingSeconds)
        if let file = source as? WAVFileSource { limit = min(limit, file.seconds) }
        let toggle = (try? KeyChord(parsing: settings.toggleKey)) ?? .defaultToggle

        let recording = Recording(maxSeconds: limit)
        let started = Date()
        let aliases = settings.aliases
        let result = Locked<Result<Recognition, EngineError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let job = Task.detached {
            do throws(EngineError) {
                result.value = .success(try await Recognition.run(engine, audio: recording.audio, aliases: aliases))
            } catch {
                result.value = .failure(error)
            }
            done.signal()
        }
        let stop = try Recorder.record(
            source, into: recording, seconds: limit, toggle: toggle,
            stopAtEndOfInput: seconds == nil && audio.audioFile == nil)
        let stopped = Date()
        if stop == .cancelled || stop == .signal {
            job.cancel()
            Console.error("voicesh: cancelled; nothing transcribed")
            throw ExitCode(130)
        }
        done.wait()
        let latency = Int(Date().timeIntervalSince(stopped) * 1000)
        var row = Dictation(
            profile: settings.name, engine: engine.label, startedAt: started, audioSeconds: recording.seconds,
            latencyMs: latency, rawText: "", finalText: "", outcome: .printed)
        let history = HistoryWriter(database: database, policy: settings.history, shared: context.sharedAddress)
        defer { history.finish() }
        switch result.value ?? .failure(.cancelled) {
        case .success(let heard):
            row.rawText = heard.rawText
            row.finalText = heard.text
            row.fallbackEngine = heard.fallbackEngine
            row.confidence = heard.confidence
            row.words = heard.words
            // The text comes first: a history that cannot be written must not lose it.
            Console.print(heard.text)
            do {
                try history.save(row, audio: recording.wav, keepAudio: false)
            } catch {
                Console.error("voicesh: \(error.message); the text above is not in the history")
                throw ExitCode(Self.historyUnwritten)
            }
        case .failure(let error):
            row.outcome = if case .timedOut = error { .timedOut } else { .failed }
            row.error = Failure.describe(error)
            let kept: String
            do {
                let id = try history.save(row, audio: recording.wav, keepAudio: true)
                kept = id.map { "the recording is kept: voicesh history retry \($0)" } ?? "nothing was kept"
            } catch let unwritable {
                kept = "\(unwritable.message); " + Self.keepElsewhere(recording.wav, profile: settings.name)
            }
            throw Failure.Command.message("\(Failure.describe(error)); \(kept)")
        }
    }

    /// A recording the history cannot take goes to the temporary directory, which is usually
    /// on another disk, so it can still be transcribed again.
    static func keepElsewhere(_ wav: Data, profile: String) -> String {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let stamp = Int(Date().timeIntervalSince1970)
        let path = "\(directory)/voicesh-\(stamp)-\(getpid()).wav"
        guard FileManager.default.createFile(atPath: path, contents: wav, attributes: [.posixPermissions: 0o600])
        else { return "the recording could not be kept anywhere" }
        return "the recording is kept in \(path): voicesh transcribe \(path) --profile \(profile) tries it again"
    }
}
