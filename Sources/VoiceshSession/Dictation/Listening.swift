import AudioCapture
import Foundation
import Store
import Transcription
import VoiceshCore

/// `voicesh listen`: one recording, transcribed with a profile's engine (the built-in offline
/// one without), its text on standard output and in the history.
package enum Listening {
    /// How it ended, for the exit status.
    package enum End {
        case printed
        case cancelled
        /// The text was printed but the history could not be written.
        case historyUnwritten
    }

    /// Records, transcribes and prints; a failure throws, with the recording kept for a retry.
    package static func run(context: AppContext, profile: String?, seconds: Double?, audio: any AudioChoice) throws
        -> End
    {
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
        let job = Blocking.start { () async -> Result<Heard, EngineError> in
            do throws(EngineError) {
                return .success(try await Recognition.run(engine, EngineRequest(recording.audio), aliases: aliases))
            } catch {
                return .failure(error)
            }
        }
        let stop = try Recorder.record(
            source, into: recording, seconds: limit, toggle: toggle,
            stopAtEndOfInput: seconds == nil && audio.audioFile == nil)
        let stopped = Date()
        if stop == .cancelled || stop == .signal {
            job.cancel()
            Console.error("voicesh: cancelled; nothing transcribed")
            return .cancelled
        }
        let result = job.wait()
        let latency = Int(Date().timeIntervalSince(stopped) * 1000)
        var row = Dictation(
            profile: settings.name, engine: engine.label, startedAt: started, audioSeconds: recording.seconds,
            latencyMs: latency, rawText: "", finalText: "", outcome: .printed)
        let history = HistoryWriter(database: database, policy: settings.history, shared: context.sharedAddress)
        defer { history.finish() }
        switch result {
        case .success(let heard):
            row.take(heard)
            // The text comes first: a history that cannot be written must not lose it.
            Console.print(heard.text)
            do {
                try history.save(row, audio: recording.wav, keepAudio: false)
            } catch {
                Console.error("voicesh: \(error.message); the text above is not in the history")
                return .historyUnwritten
            }
            return .printed
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
    private static func keepElsewhere(_ wav: Data, profile: String) -> String {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let stamp = Int(Date().timeIntervalSince1970)
        let path = "\(directory)/voicesh-\(stamp)-\(getpid()).wav"
        guard FileManager.default.createFile(atPath: path, contents: wav, attributes: [.posixPermissions: 0o600])
        else { return "the recording could not be kept anywhere" }
        return "the recording is kept in \(path): voicesh transcribe \(path) --profile \(profile) tries it again"
    }
}
