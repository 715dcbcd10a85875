import Foundation
import LocalRecognizer
import VoiceshCore

/// The columns "after automatic learning from N dictations in that voice": each voice dictates
/// corpus commands (never the evaluation set) to the engine in use; what it hears right is
/// kept as heard, what the user fixes with a small edit is kept with the edit as its label
/// (`LearningLabel`), a rewrite is thrown away; every 10 kept recordings `VoiceLearner` runs,
/// with its held-back gate, exactly as a session runs it. Then the evaluation set is measured
/// with the voice in use after `counts` dictations.
func learningFromUse(
    _ counts: [Int], voices: [String], evaluation: [(text: String, audio: [Int16])], cache: String, work: URL
) async throws -> [(count: Int, figures: Figures, seconds: Double)] {
    var totals = counts.map { (count: $0, figures: Figures(name: "learnt from use (\($0))"), seconds: 0.0) }
    let prompts = ShellCorpus.prompts
    let shell = SpokenShell()
    for (v, voice) in voices.enumerated() {
        let directory = work.appendingPathComponent("use-\(voice)").path
        let learner = VoiceLearner(voiceDirectory: directory, cacheDirectory: directory + "-cache")
        var kept: [SpeakerAdaptation.Sample] = []
        var sinceRun = 0
        var learning = 0.0
        var engine = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: cache)
        for dictation in 1...(counts.max() ?? 0) {
            // A different stride from the enrollment columns: other commands, as in daily use.
            let truth = prompts[(dictation * 4_231 + v) % prompts.count]
            let audio = try synthesise(truth, voice: voice, index: 200_000 + dictation)
            let frames = AudioFrame.frames(of: audio)
            let heard =
                (try? await engine.transcribe(
                    AsyncStream { c in
                        frames.forEach { c.yield($0) }
                        c.finish()
                    }
                ) { _ in })?.text ?? ""
            let final = shell.normalize(truth)
            let outcome: Dictation.Outcome = shell.normalize(heard) == final ? .inserted : .edited
            if let words = LearningLabel.words(outcome: outcome, rawText: heard, finalText: final) {
                kept.append(SpeakerAdaptation.Sample(samples: audio, text: words))
                sinceRun += 1
            }
            if sinceRun >= 10 {
                sinceRun = 0
                let started = Date()
                if (try? await learner.learn(kept))?.replaced == true {
                    engine = PocketSphinxEngine(
                        vocabulary: [], history: [], cacheDirectory: cache, acousticModel: learner.modelDirectory)
                }
                learning += Date().timeIntervalSince(started)
            }
            for i in totals.indices where totals[i].count == dictation {
                let own = evaluation.enumerated().filter { $0.offset % voices.count == v }.map(\.element)
                totals[i].figures.add(try await measure("learnt from use (\(dictation)), \(voice)", engine, own))
                totals[i].seconds += learning / Double(voices.count)
            }
        }
    }
    return totals
}
