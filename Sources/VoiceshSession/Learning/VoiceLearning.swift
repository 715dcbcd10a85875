import Foundation
import LocalRecognizer
import ProcessSpawn
import VoiceshCore

/// Learning from use inside a session: keeps each confirmed dictation's recording with its
/// words in the voice store (a corrected one with the sent text, when the audio says it:
/// `TranscriptAligner`), and, when `LearningSchedule` says so, runs
/// `voicesh adapt --background` under `nice` as a child of its own, stopped (SIGSTOP) while a
/// dictation records or shows its transcript and continued after. It lives on the session
/// loop's thread; the labelling and the file writes run on a utility queue. Its failures are
/// notices (`VOICESH_LOG=notice`), never on the terminal by default: the screen is the remote's,
/// a failed keep costs only a lesson, and what the user must know (a full disk) the session says.
package final class VoiceLearning {
    private var schedule: LearningSchedule
    private let store: VoiceRecordings
    private let aliases: [String: String]
    /// Checks that a corrected dictation's audio says the text that was sent.
    private let aligner: TranscriptAligner
    private let queue = DispatchQueue(label: "voicesh.learning", qos: .utility)
    /// Recordings the queue kept that the schedule has not counted yet.
    private let kept = Locked(0)
    private var child: pid_t?

    /// Nil when the profile's `learn` key keeps nothing.
    package init?(profile: Profile, location: DataLocation, now: Double) {
        guard profile.learns else { return nil }
        store = VoiceRecordings(directory: location.voiceDirectory + "/recordings")
        aliases = profile.aliases
        let learner = VoiceLearner(voiceDirectory: location.voiceDirectory, cacheDirectory: location.cacheDirectory)
        aligner = TranscriptAligner(
            acousticModel: SpeakerAdaptation.isModel(at: learner.modelDirectory) ? learner.modelDirectory : nil,
            cacheDirectory: location.cacheDirectory)
        let unlearnt = max(0, store.count - (learner.status()?.seen ?? 0))
        schedule = LearningSchedule(pending: unlearnt, now: now)
    }

    /// A dictation went to the shell: its recording is kept when its words are known: as
    /// heard or with a small edit (`LearningLabel`), or, corrected more, with the spoken form
    /// of the sent text that the audio fits, if it fits well enough. Called where the
    /// dictation's outcome is saved; the WAV is made only for an outcome that can teach.
    package func keep(_ outcome: Dictation.Outcome, rawText: String, finalText: String, wav: @autoclosure () -> Data?) {
        guard [.inserted, .ran, .edited].contains(outcome), let wav = wav() else { return }
        let (store, aliases, kept, aligner) = (store, aliases, kept, aligner)
        queue.async {
            guard
                let words = LearningLabel.words(
                    outcome: outcome, rawText: rawText, finalText: finalText, aliases: aliases)
                    ?? Self.corrected(wav, rawText: rawText, finalText: finalText, aliases: aliases, aligner: aligner)
            else { return }
            do {
                try store.keep(wav, words: words)
                kept.update { $0 += 1 }
            } catch {
                Log.app.notice("learning: \((Failure.words(for: error) ?? ["\(error)"]).joined(separator: "; "))")
            }
        }
    }

    /// The spoken words of a corrected dictation's sent text, when its audio says them: the
    /// spoken form that fits the recording best, past the alignment gate. A rewrite into
    /// something never said fits badly and is not kept.
    private static func corrected(
        _ wav: Data, rawText: String, finalText: String, aliases: [String: String], aligner: TranscriptAligner
    ) -> String? {
        let candidates = SpokenForms.candidates(for: finalText, heard: rawText, aliases: aliases)
        guard !candidates.isEmpty, let audio = try? WAV.decode([UInt8](wav)).speechSamples() else { return nil }
        // Decoding (and building the shell model once, in a cache that lacks it) runs on a
        // thread of its own at the lowest CPU priority, so typing in the session comes first;
        // on Linux the nice value is per thread, and a pool thread could not get it back.
        let result = Locked<Result<String?, EngineError>>(.success(nil))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            let fit = Result { () throws(EngineError) in try aligner.label(audio, candidates: candidates) }
            result.value = fit
            done.signal()
        }
        thread.name = "learning-align"
        thread.start()
        done.wait()
        switch result.value {
        case .success(let words?):
            return words
        case .success(nil):
            Log.app.debug("learning: the recording does not say the corrected text; not kept")
            return nil
        case .failure(let error):
            Log.app.notice("learning: cannot align a corrected dictation: \(Failure.describe(error))")
            return nil
        }
    }

    /// Whether the loop should wake at least once a second: a run is due or under way.
    package var wantsTicks: Bool { child != nil || schedule.pending + kept.value >= schedule.every }

    /// Each turn of the session loop. `busy`: a dictation is recording, transcribing or shown.
    package func tick(busy: Bool, now: Double) {
        let added = kept.update { count in
            defer { count = 0 }
            return count
        }
        for _ in 0..<added { schedule.recorded() }
        if let pid = child, Self.exited(pid) {
            child = nil
            schedule.finished()
        }
        switch schedule.update(busy: busy, now: now) {
        case .start?: start()
        case .pause?: if let child { Self.signal(child, SIGSTOP) }
        case .resume?: if let child { Self.signal(child, SIGCONT) }
        case nil: break
        }
    }

    /// The session ends: a paused run goes on by itself (it finishes or is rejected alone).
    package func shutdown() {
        if let child { Self.signal(child, SIGCONT) }
    }

    private func start() {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return schedule.finished()
        }
        let words = ["/usr/bin/nice", "-n", "19", executable, "adapt", "--background"]
        // Its own process group: ^C at the session is not for it.
        let pid: pid_t
        do {
            pid = try Spawn(
                executable: words[0], arguments: words,
                descriptors: [
                    (0, .file("/dev/null", flags: O_RDONLY)), (1, .file("/dev/null", flags: O_WRONLY)),
                    (2, .file("/dev/null", flags: O_WRONLY)),
                ],
                ownGroup: true
            ).run()
        } catch {
            Log.app.notice("learning: cannot start \(words.joined(separator: " ")): \(error)")
            return schedule.finished()
        }
        Log.app.debug("learning: started pid \(pid)")
        child = pid
    }

    private static func exited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// Signals the learner and every process under it (the sphinxtrain tools it runs).
    private static func signal(_ pid: pid_t, _ number: Int32) {
        let tree = [pid] + descendants(of: pid)
        for member in number == SIGSTOP ? tree : tree.reversed() { kill(member, number) }
    }

    /// Children, grandchildren… of `pid`, from /proc (the learner's tools may sit in groups of their own).
    package static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[parent, default: []].append(child) }
        }
        var found: [pid_t] = []
        var queue = [pid]
        while let next = queue.popLast() {
            let children = parents[next] ?? []
            found += children
            queue += children
        }
        return found
    }
}
