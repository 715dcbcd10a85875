import AudioCapture
import Foundation
import LocalRecognizer
import Store
import Transcription
import VoiceshCore

/// `voicesh adapt`: the user's voice learnt from recordings whose words are known (the kept
/// ones under the voice directory, `--from` folders, `--enroll`, and confirmed dictations that
/// kept their recording), for the edge engine.
package struct VoiceAdaptation {
    package var context: AppContext
    /// Where `--enroll` records from.
    package var audio: any AudioChoice
    /// Learn from this profile's dictations only (nil: every profile's).
    package var profile: String?
    private let voice: String
    private let kept: VoiceRecordings
    private let learner: VoiceLearner

    package init(context: AppContext, audio: any AudioChoice, profile: String?) {
        (self.context, self.audio, self.profile) = (context, audio, profile)
        voice = context.location.voiceDirectory
        kept = VoiceRecordings(directory: voice + "/recordings")
        learner = VoiceLearner(voiceDirectory: voice, cacheDirectory: context.location.cacheDirectory)
    }

    package func forget() {
        let count = kept.count
        try? FileManager.default.removeItem(atPath: voice)
        try? FileManager.default.removeItem(atPath: learner.scratch)
        context.console.error(
            "voicesh: forgot the learnt voice and its \(Self.recordings(count)); the edge engine uses the stock model again"
        )
    }

    /// Keeps a folder's NAME.wav + NAME.txt pairs with the user's own recordings.
    package func keep(from folder: String) throws {
        let path = context.expandingTilde(folder)
        let found = try VoiceRecordings(directory: path).samples()
        guard !found.isEmpty else {
            throw VoiceStoreProblem.noPairs(folder: folder)
        }
        let added = try kept.add(found.map { (Data(WAV.encode($0.samples)), $0.text) })
        context.console.error(
            "voicesh: kept \(Self.recordings(added)) from \(folder) (\(found.count - added) known already)")
    }

    /// Learns from everything kept and the confirmed dictations, as the background learner
    /// does: every fifth recording is held back, and the new voice is put in use only when it
    /// hears those at least as well as the voice in use (so `adapt` never makes it worse, and
    /// a run killed halfway leaves the old voice in place).
    package func learn() throws {
        let progress = ProgressLine(console: context.console)
        defer { progress.clear() }
        let database = try context.openDatabase()
        let rows = try confirmedDictations(in: database)
        let total = rows.count + kept.count
        let dictated = try recordings(of: rows, in: database) {
            progress.show("adapt: reading recordings", done: $0, of: total)
        }
        let samples =
            try dictated + kept.samples { progress.show("adapt: reading recordings", done: rows.count + $0, of: total) }
        progress.clear()
        guard !samples.isEmpty else {
            throw VoiceAdaptationProblem.nothingToLearn
        }
        context.console.error(
            "voicesh: learning your voice from \(Self.recordings(samples.count)) (every \(Self.ordinal(learner.holdBackEvery)) held back to check it) …"
        )
        // One learner at a time: a run in the background (it shares the scratch space) first.
        let lock = try lockLearning(waiting: true)
        defer { if let lock { close(lock) } }
        let learner = learner
        let result = Blocking.run { () -> Result<VoiceLearner.Status, EngineError> in
            do throws(EngineError) {
                return .success(try await learner.learn(samples) { Self.show($0, on: progress) })
            } catch {
                return .failure(error)
            }
        }
        progress.clear()
        let status: VoiceLearner.Status
        switch result {
        case .success(let done): status = done
        case .failure(let error): throw VoiceAdaptationProblem.notLearnt(error)
        }
        for reason in status.skipped ?? [] { context.console.error("voicesh: left out \(reason)") }
        let check = "\(status.before.exact) → \(status.after.exact) of \(status.heldBack) held back heard exactly"
        context.console.error(
            status.replaced
                ? "voicesh: learnt your voice from \(Self.recordings(status.learntFrom)) (\(check)); edge profiles use it from now on"
                : "voicesh: the new voice heard the recordings held back worse (\(check)); the voice in use is kept"
        )
        learnWhichEar(samples, progress: progress)
    }

    /// Teaches the two-ear choice which ear to trust for this user, when Whisper is installed:
    /// both ears hear every recording as a session would (with the voice in use now), and the
    /// choice's weights are fitted to the known words (`ChoiceLearner`). Without Whisper there
    /// is no choice to teach.
    private func learnWhichEar(_ samples: [SpeakerAdaptation.Sample], progress: ProgressLine) {
        guard
            case .success(let runtime) = WhisperRuntime.locate(
                model: nil, environment: context.environment, ear: .whisper)
        else { return }
        let model = SpeakerAdaptation.isModel(at: learner.modelDirectory) ? learner.modelDirectory : nil
        let ears = TwoEarEngine(
            pocketsphinx: PocketSphinxEngine(
                vocabulary: [], history: [], cacheDirectory: context.location.cacheDirectory, acousticModel: model),
            whisper: WhisperEar(runtime: runtime, scratchDirectory: context.location.cacheDirectory + "/recordings"),
            patience: 600, fusion: EarWeights.fusion(voiceDirectory: voice),
            prompt: { ShellPrompt(context: $0, config: EngineConfig(), aliases: [:]).text })
        context.console.error(
            "voicesh: learning which ear to trust: both ears hear the \(Self.recordings(samples.count)) …")
        let learner = ChoiceLearner(voiceDirectory: voice)
        let result = Blocking.run { () -> Result<ChoiceLearner.Status?, EngineError> in
            do throws(EngineError) {
                return .success(
                    try await learner.learn(samples, ears: ears) {
                        progress.show("adapt: both ears hearing the recordings", done: $0, of: samples.count)
                    })
            } catch {
                return .failure(error)
            }
        }
        progress.clear()
        // The voice is learnt whatever happens here: a failure is said, not thrown.
        let status: ChoiceLearner.Status
        switch result {
        case .success(let learnt?): status = learnt
        case .success(nil):
            return context.console.error("voicesh: Whisper heard too few of the recordings to learn which ear to trust")
        case .failure(let error):
            let words = (Failure.words(for: error) ?? ["\(error)"]).joined(separator: "; ")
            return context.console.error("voicesh: could not learn which ear to trust: \(words)")
        }
        let check = "\(status.before) → \(status.after) of \(status.heldBack) held back chosen right"
        context.console.error(
            "voicesh: pocketsphinx heard \(status.pocketsphinxRight) and Whisper \(status.whisperRight) of "
                + "\(Self.recordings(status.learntFrom + status.heldBack)) right; "
                + (status.kept ? "the choice learnt which to trust (\(check))" : "the choice in use is kept (\(check))")
        )
    }

    /// Which phase a run is in, with its counts.
    private static func show(_ stage: VoiceLearner.Stage, on progress: ProgressLine) {
        switch stage {
        case .scoring(let newVoice, let done, let total):
            progress.show(
                "adapt: scoring \(newVoice ? "the new voice" : "the voice in use") on held-back recordings", done: done,
                of: total)
        case .training(let tool, let step):
            progress.show("adapt: training the new voice, step \(step)/\(SpeakerAdaptation.steps) (\(tool))")
        }
    }

    package func printStatus() {
        let kept = self.kept.count
        let model = SpeakerAdaptation.isModel(at: learner.modelDirectory)
        guard let status = learner.status() else {
            print(
                "recordings kept: \(kept); not learnt from use yet"
                    + (model ? " (a voice from voicesh adapt is in use)" : ""))
            return
        }
        let pending = max(0, kept - status.seen)
        func score(_ s: VoiceLearner.Score) -> String {
            "\(s.exact)/\(s.recordings) exact, \(s.wordErrors) word errors"
        }
        print("recordings kept: \(kept) (\(pending) new since the last run; it learns again after 10 new)")
        print("voice in use: " + (model ? "learnt from \(Self.recordings(status.learntFrom))" : "the stock model"))
        print("last run: \(HistoryFormat.time(status.lastRun)), \(String(format: "%.0f", status.seconds)) s")
        print("held back: \(Self.recordings(status.heldBack)) never trained on")
        print("score before: \(score(status.before))")
        print(
            "score after: \(score(status.after))" + (status.replaced ? " (new voice kept)" : " (worse: old voice kept)")
        )
    }

    /// One learner at a time (a lock beside the voice); its files are the user's only.
    package func learnInBackground() throws {
        guard let lock = try? lockLearning(waiting: false) else { return }
        defer { close(lock) }
        let (samples, learner) = (try kept.samples(), learner)
        let result = Blocking.run { () -> Result<VoiceLearner.Status, EngineError> in
            do throws(EngineError) {
                return .success(try await learner.learn(samples))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let status):
            context.console.error(
                "voicesh: held-back score \(status.before.exact) → \(status.after.exact) of \(status.heldBack); "
                    + (status.replaced ? "the new voice is in use" : "the old voice is kept"))
        case .failure(let error):
            throw VoiceAdaptationProblem.notLearntInBackground(error)
        }
        // Learning from use: the lines sent as heard, a Tab pick, an edit close to a reading
        // (the voice store's labels), teach the choice too; the latest only, since both ears
        // hear each one again.
        learnWhichEar(Array(samples.suffix(Self.choiceSamples)), progress: ProgressLine(console: context.console))
    }

    /// The most recent recordings a background run has both ears hear (about a second each).
    static let choiceSamples = 200

    /// The lock beside the voice that one learner holds at a time; waiting, or nil when
    /// another holds it.
    private func lockLearning(waiting: Bool) throws(VoiceAdaptationProblem) -> Int32? {
        umask(0o077)
        try? FileManager.default.createDirectory(atPath: learner.voiceDirectory, withIntermediateDirectories: true)
        let path = learner.voiceDirectory + "/learning.lock"
        let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw .cannotLock(path: path, reason: String(cString: strerror(errno))) }
        if flock(lock, LOCK_EX | LOCK_NB) == 0 { return lock }
        guard waiting else {
            close(lock)
            return nil
        }
        context.console.error("voicesh: waiting for the learner running in the background …")
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(lock)
                throw .cannotLock(path: path, reason: reason)
            }
        }
        return lock
    }

    private static func recordings(_ count: Int) -> String { count == 1 ? "1 recording" : "\(count) recordings" }

    private static func ordinal(_ n: Int) -> String {
        [2: "second", 3: "third", 4: "fourth", 5: "fifth"][n] ?? "\(n)th"
    }

    /// Dictations the user inserted or ran (not edited in the prompt) that kept their
    /// recording, labelled as a session labels them (`LearningLabel`): a line corrected before
    /// it ran is left out rather than learnt with the words heard. Among the newest 500
    /// dictations: the gain levels off well before that many (BENCHMARKS.md), and each is
    /// held in memory while learning.
    private func confirmedDictations(in database: AppDatabase) throws -> [Dictation] {
        try database.dictations(profile: profile, limit: 500).filter {
            $0.hasAudio && [.inserted, .ran].contains($0.outcome) && !$0.rawText.isEmpty
        }
    }

    /// The recordings of `rows` with the words they are learnt as; `read` hears how many are done.
    private func recordings(of rows: [Dictation], in database: AppDatabase, read: (Int) -> Void) throws
        -> [SpeakerAdaptation.Sample]
    {
        try rows.enumerated().compactMap { index, row in
            defer { read(index + 1) }
            guard let id = row.id,
                let words = LearningLabel.words(outcome: row.outcome, rawText: row.rawText, finalText: row.finalText),
                let wav = try database.audio(forDictation: id)
            else { return nil }
            return SpeakerAdaptation.Sample(samples: try WAV.decode([UInt8](wav)).speechSamples(), text: words)
        }
    }

    /// Prompts commands from the shell-talk corpus, records each, and keeps it with its words.
    /// Returns false when a signal stopped it (what was recorded is kept).
    package func enroll(_ count: Int) throws -> Bool {
        let prompts = ShellCorpus.prompts.shuffled()
        let shell = SpokenShell()
        var recorded = 0
        for (index, words) in prompts.prefix(count).enumerated() {
            context.console.error(
                "voicesh: (\(index + 1)/\(count)) say: \(words)    (types: \(shell.normalize(words)))")
            let source = try audio.source(profile: nil, context: context)
            var limit = min(30, audio.maxRecordingSeconds)
            if let file = source as? WAVFileSource { limit = min(limit, file.seconds) }
            let recording = Recording(maxSeconds: limit, forEngine: false)
            let stop = try Recorder.record(
                source, into: recording, seconds: limit, toggle: .defaultToggle,
                stopAtEndOfInput: audio.audioFile == nil, console: context.console)
            if stop == .signal {
                context.console.error("voicesh: stopped; the \(recorded) recordings so far are kept for the next run")
                return false
            }
            if stop == .cancelled {
                context.console.error("voicesh: skipped")
                continue
            }
            try kept.add([(recording.wav, words)])
            recorded += 1
            if stop == .endOfInput { break }
        }
        context.console.error("voicesh: recorded \(recorded) of \(count)")
        return true
    }
}
