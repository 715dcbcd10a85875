import BenchmarkSupport
import Foundation
import LocalRecognizer
import VoiceshCore

/// The rows "after automatic learning from N dictations in that voice": each voice dictates
/// corpus prompts (never the evaluation set) to the engine in use; what it hears right is kept
/// as heard, what the user fixes with a small edit is kept with the edit as its label
/// (`LearningLabel`), and a line the user corrects further (to the right text: the simulated
/// user fixes every misheard line) is kept with the spoken form of the sent text that the
/// audio fits, past the alignment gate (`TranscriptAligner`), as a session keeps it
/// (EDGE_BENCH_CORRECTIONS=off: thrown away, as before). Every 10 kept recordings
/// `VoiceLearner` runs, with its held-back gate, exactly as a session runs it. Then the
/// evaluation set is measured with the voice in use after each of `counts` dictations.
/// EDGE_BENCH_USE_EARS=1: the dictations are heard by both ears (pocketsphinx with the voice in
/// use, fused with Whisper), as an edge profile hears them, and each row is measured so too.
func learningFromUse(_ counts: [Int]) async throws {
    guard let most = counts.max() else { return }
    let prompts = ShellCorpus.prompts
    // A different stride from the enrollment rows: other commands, as in daily use.
    let chosen = (1...most).map { prompts[($0 * 4_231) % prompts.count] }
    let list = work.appendingPathComponent("use-\(most).txt").path
    try (chosen.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
    let shell = SpokenShell()
    let corrections = environment["EDGE_BENCH_CORRECTIONS"] != "off"
    let whisper = environment["EDGE_BENCH_USE_EARS"] != nil ? secondEar() : nil
    /// The engine a profile hears with while `voice` is in use.
    func hearing(_ pocketsphinx: PocketSphinxEngine) -> any SpeechEngine {
        whisper.map { twoEars(pocketsphinx, whisper: $0) } ?? pocketsphinx
    }
    var rows = counts.map { _ in [(String, Figures)]() }
    /// With both ears: pocketsphinx alone with the same voice, measured in the same run.
    var alone = counts.map { _ in [(String, Figures)]() }
    var learning = counts.map { _ in 0.0 }
    for (voice, set) in zip(voices, sets) {
        let spoken = try utterances(in: Voices.synthesize(["--sentences", list, "--voices", voice])[0] + "/" + voice)
            .speech
        let directory = work.appendingPathComponent("use-\(voice)").path
        let learner = VoiceLearner(voiceDirectory: directory, cacheDirectory: directory + "-cache")
        var current = engine
        var ears = hearing(current)
        var aligner = TranscriptAligner(cacheDirectory: cache)
        var kept: [SpeakerAdaptation.Sample] = []
        var (asHeard, edited, corrected, skipped) = (0, 0, 0, 0)
        var sinceRun = 0
        var seconds = 0.0
        for (n, dictation) in spoken.enumerated() {
            let heard = await decode(ears, dictation.audio).0 ?? ""
            let final = shell.normalize(dictation.text)
            let outcome: Dictation.Outcome = shell.normalize(heard) == final ? .inserted : .edited
            var words = LearningLabel.words(outcome: outcome, rawText: heard, finalText: final)
            if words != nil, outcome == .inserted {
                asHeard += 1
            } else if words != nil {
                edited += 1
            } else if corrections {
                let candidates = SpokenForms.candidates(for: final, heard: heard)
                words = try? aligner.label(dictation.audio, candidates: candidates)
                if words == nil { skipped += 1 } else { corrected += 1 }
            }
            if let words {
                kept.append(SpeakerAdaptation.Sample(samples: dictation.audio, text: words))
                sinceRun += 1
            }
            if sinceRun >= 10 {
                sinceRun = 0
                let started = Date()
                if (try? await learner.learn(kept))?.replaced == true {
                    current = PocketSphinxEngine(
                        vocabulary: [], history: [], cacheDirectory: cache, acousticModel: learner.modelDirectory)
                    ears = hearing(current)
                    aligner = TranscriptAligner(acousticModel: learner.modelDirectory, cacheDirectory: cache)
                }
                seconds += Date().timeIntervalSince(started)
            }
            if let i = counts.firstIndex(of: n + 1) {
                print(
                    "\(voice) after \(n + 1): kept \(asHeard) as heard, \(edited) with a small edit, \(corrected) corrected past the gate; \(skipped) corrections skipped"
                )
                rows[i].append((voice, await measure("learnt from use \(n + 1), \(voice)", ears, set)))
                if whisper != nil {
                    alone[i].append((voice, await measure("pocketsphinx alone, \(n + 1), \(voice)", current, set)))
                }
                learning[i] += seconds / Double(voices.count)
            }
        }
    }
    for (i, count) in counts.enumerated() {
        printTable(
            "After automatic learning from \(count) dictations per voice\(whisper == nil ? "" : ", both ears")"
                + " (learning \(String(format: "%.1f s", learning[i])) per voice in all)", rows[i])
        if whisper != nil { printTable("The same voices, pocketsphinx alone", alone[i]) }
    }
}
