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

        // The dictation session decides, as in a session; it prints where a session confirms.
        var session = DictationSession(
            settings: .init(machine: .init(toggle: toggle, prints: true), wording: Failure.Wording()))
        let started = Date()
        var moment: DictationSession.Moment { .init(now: Date().timeIntervalSince(started), window: nil) }
        // The toggle starts the take: its recorder and engine are below.
        let take = session.handle(.keyboard(toggle.bytes), at: moment).record?.take ?? 1
        let recording = Recording(maxSeconds: limit)
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
            stopAtEndOfInput: seconds == nil && audio.audioFile == nil, console: context.console)
        let cancelled = stop == .cancelled || stop == .signal
        let stopped = session.handle(cancelled ? .cancel : .turn([.recordingFull(take: take)], woken: true), at: moment)
        if stopped.cancelsEngine {
            job.cancel()
            context.console.error("voicesh: cancelled; nothing transcribed")
            return .cancelled
        }
        let report: DictationSession.Report =
            switch job.wait() {
            case .success(let heard): .heard(heard, take: take)
            case .failure(let error):
                .engineFailed(error, take: take)
            }
        let told = session.handle(.turn([report], woken: true), at: moment)
        let history = HistoryWriter(database: database, policy: settings.history, shared: context.sharedAddress)
        defer { history.finish() }
        for text in told.printed { context.console.print(text) }
        // One take, so one row: printed, or failed with its recording kept.
        guard let entry = told.rows.first else {  // never expected; the recording is still not lost
            throw ListenProblem.nothingTranscribed(
                Self.keepElsewhere(recording.wav, profile: settings.name, in: context))
        }
        let row = Dictation(
            entry, profile: settings.name, engine: engine.label, startedAt: started, audioSeconds: recording.seconds
        )
        let kept: ListenProblem.Kept
        do {
            let id = try history.save(row, audio: recording.wav, keepAudio: entry.keepAudio)
            if entry.outcome == .printed { return .printed }
            kept = id.map { .inHistory(id: $0) } ?? .nothing
        } catch {
            if entry.outcome == .printed {
                context.console.error("voicesh: \(error.message); the text above is not in the history")
                return .historyUnwritten
            }
            kept = Self.keepElsewhere(recording.wav, profile: settings.name, in: context, unwritten: error)
        }
        throw ListenProblem.notTranscribed(error: entry.error, kept)
    }

    /// A recording the history cannot take goes to the temporary directory, which is usually
    /// on another disk, so it can still be transcribed again.
    private static func keepElsewhere(
        _ wav: Data, profile: String, in context: AppContext, unwritten: HistoryWriter.Unwritable? = nil
    ) -> ListenProblem.Kept {
        let directory = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let stamp = Int(Date().timeIntervalSince1970)
        let path = "\(directory)/voicesh-\(stamp)-\(getpid()).wav"
        guard FileManager.default.createFile(atPath: path, contents: wav, attributes: [.posixPermissions: 0o600])
        else { return .lost(unwritten: unwritten) }
        return .inFile(path: path, profile: profile, unwritten: unwritten)
    }
}
