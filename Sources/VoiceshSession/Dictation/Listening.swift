import AudioCapture
import Foundation
import Store
import Transcription
import VoiceshCore

/// `voicesh listen`: one recording, transcribed with a profile's engine (the built-in offline
/// one without), its text on standard output and in the history. The dictation session
/// decides, as in a session, driven by the same loop (`DictationSession.drive`); it prints
/// where a session confirms. This carries its output out and returns how it ended.
package final class Listening {
    /// How it ended, for the exit status and the words `Failure` gives it.
    package enum End: Equatable {
        case printed
        case cancelled
        /// A signal stopped the recording: it is kept, untranscribed, for `history retry`.
        case interrupted(ListenProblem.Kept)
        /// The text was printed but the history could not be written.
        case historyUnwritten(HistoryWriter.Unwritable)
    }

    private var session: DictationSession
    private let context: AppContext
    private let database: AppDatabase
    private let history: HistoryWriter
    private let profile: String
    private let engine: any SpeechEngine
    private let aliases: [String: String]
    private let recording: Recording
    private let started = Date()
    private var take = 1
    private var job: Blocking.Job<Result<Heard, EngineError>>?
    /// The session stopped the engine (the user cancelled).
    private var engineCancelled = false
    /// The take's row, and how writing it went.
    private var row: (entry: DictationStateMachine.Entry, written: Result<Int64?, HistoryWriter.Unwritable>)?

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
        let listening = Listening(
            context: context, database: database, profile: settings, engine: engine, toggle: toggle, limit: limit)
        return try listening.listen(
            source, toggle: toggle, limit: limit, stopAtEndOfInput: seconds == nil && audio.audioFile == nil)
    }

    private init(
        context: AppContext, database: AppDatabase, profile: Profile, engine: any SpeechEngine, toggle: KeyChord,
        limit: Double
    ) {
        session = DictationSession(
            settings: .init(machine: .init(toggle: toggle, prints: true), wording: Failure.Wording()))
        (self.context, self.database, self.engine) = (context, database, engine)
        history = HistoryWriter(database: database, policy: profile.history, shared: context.sharedAddress)
        (self.profile, aliases) = (profile.name, profile.aliases)
        recording = Recording(maxSeconds: limit)
    }

    private func listen(_ source: any AudioSource, toggle: KeyChord, limit: Double, stopAtEndOfInput: Bool) throws
        -> End
    {
        // The toggle starts the take (`record`); the recorder below takes the keys that end it.
        drive(.keyboard(toggle.bytes))
        let stop: Recorder.Stop
        do {
            stop = try Recorder.record(
                source, into: recording, seconds: limit, toggle: toggle, stopAtEndOfInput: stopAtEndOfInput,
                console: context.console)
        } catch {
            drive(.noMicrophone(error))  // the session lets the take go, keeping nothing
            throw error
        }
        if stop == .signal {
            // A hang-up or a kill while recording: the speech is kept, as a session keeps it.
            drive(.ending("voicesh was stopped by a signal while recording"))
            history.finish()
            switch row?.written {
            case .success(let id?): return .interrupted(.inHistory(id: id))
            case .failure(let error): return .interrupted(keepElsewhere(unwritten: error))
            default: return .interrupted(keepElsewhere())
            }
        }
        drive(stop == .cancelled ? .cancel : .turn([.recordingFull(take: take)], woken: true))
        if engineCancelled { return .cancelled }
        defer { history.finish() }
        switch job?.wait() {
        case .success(let heard): drive(.turn([.heard(heard, take: take)], woken: true))
        case .failure(let error): drive(.turn([.engineFailed(error, take: take)], woken: true))
        case nil: break  // no take was started: nothing to hear
        }
        // One take, so one row: printed, or failed with its recording kept.
        guard let row else {  // never expected; the recording is still not lost
            throw ListenProblem.nothingTranscribed(keepElsewhere())
        }
        switch row.written {
        case .success(let id):
            if row.entry.outcome == .printed { return .printed }
            throw ListenProblem.notTranscribed(error: row.entry.error, id.map { .inHistory(id: $0) } ?? .nothing)
        case .failure(let error):
            if row.entry.outcome == .printed { return .historyUnwritten(error) }
            throw ListenProblem.notTranscribed(error: row.entry.error, keepElsewhere(unwritten: error))
        }
    }

    private func drive(_ input: DictationSession.Input) {
        session.drive(
            input, at: { .init(now: Date().timeIntervalSince(started), window: nil) }, carryOut: carryOut)
    }

    /// Carries out one output in the order `DictationSession.Output` gives, as the controller
    /// does; returns the answers that came at once. No remote and no window here: `typed`,
    /// `remote`, `screen` and `screenCopy` stay empty, and a printing session asks no intent.
    private func carryOut(_ asked: DictationSession.Output) -> [DictationSession.Input] {
        for text in asked.printed { context.console.print(text) }
        if asked.stopsRecording { recording.finish() }  // the recorder has stopped the microphone
        if asked.cancelsEngine {
            job?.cancel()
            engineCancelled = true
        }
        var answers = asked.rows.map(save)
        if asked.released.contains(take) { job?.cancel() }
        if let request = asked.search {
            let rows = try? database.dictations(profile: profile, search: request.search, limit: 200)
            answers.append(.found(request.matches(in: rows ?? [])))
        }
        if let start = asked.record { hear(start) }
        return answers
    }

    /// The engine's run for the take, started as its recording starts.
    private func hear(_ start: DictationSession.Start) {
        take = start.take
        let (engine, audio, aliases) = (engine, recording.audio, aliases)
        job = Blocking.start { () async -> Result<Heard, EngineError> in
            do throws(EngineError) {
                return .success(try await Recognition.run(engine, EngineRequest(audio), aliases: aliases))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Writes the take's row; how that went, for the session and for the exit status.
    private func save(_ entry: DictationStateMachine.Entry) -> DictationSession.Input {
        let dictation = Dictation(
            entry, profile: profile, engine: engine.label, startedAt: started, audioSeconds: recording.seconds)
        do {
            let id = try history.save(dictation, audio: recording.wav, keepAudio: entry.keepAudio)
            row = (entry, .success(id))
            return .saved(id: id, take: entry.take.number)
        } catch {
            row = (entry, .failure(error))
            return .notSaved(error.error, take: entry.take.number)
        }
    }

    /// A recording the history cannot take goes to the temporary directory, which is usually
    /// on another disk, so it can still be transcribed again.
    private func keepElsewhere(unwritten: HistoryWriter.Unwritable? = nil) -> ListenProblem.Kept {
        guard let path = KeptRecording.write(recording.wav, environment: context.environment) else {
            return .lost(unwritten: unwritten)
        }
        return .inFile(path: path, profile: profile, unwritten: unwritten)
    }
}
