import Testing

@testable import VoiceshCore

/// The choice among the edge engine's readings, on readings of the kinds each ear gets wrong.
struct EarFusionTests {
    let fusion = EarFusion()

    /// pocketsphinx heard its language model's words for a line it could not hear (`git log dash
    /// n ten` as `git log.yaml data`, on the development set); Whisper heard it, and finds
    /// pocketsphinx's reading far less likely than its own.
    @Test func whisperWinsWherePocketsphinxHeardItsPrior() {
        let readings = [
            EarFusion.Reading(shell: "git log.yaml data", whisperScore: -3.7, pocketsphinxRank: 0),
            EarFusion.Reading(shell: "git log -n 10", whisperScore: -0.2, whisperRank: 0),
        ]
        #expect(fusion.choose(readings) == 1)
    }

    /// Whisper glues words (`catpackage.json`): a word no shell-talk dictionary knows is not a
    /// reading of shell talk, however sure Whisper is of it.
    @Test func pocketsphinxWinsWhereWhisperGluedWords() {
        let readings = [
            EarFusion.Reading(shell: "cat package.json", whisperScore: -1.9, pocketsphinxRank: 0),
            EarFusion.Reading(shell: "catpackage.json", whisperScore: -0.2, unknownWords: 1, whisperRank: 0),
        ]
        #expect(fusion.choose(readings) == 0)
    }

    /// Both readings are words of shell talk, and Whisper prefers its own by less than the margin
    /// (it always prefers its own written forms): pocketsphinx's reading stands.
    @Test func aNearTieGoesToPocketsphinx() {
        let readings = [
            EarFusion.Reading(shell: "kill 1234", whisperScore: -2.9, pocketsphinxRank: 0),
            EarFusion.Reading(shell: "kill 1 2 3 4", whisperScore: -0.3, whisperRank: 0),
        ]
        #expect(fusion.choose(readings) == 0)
    }

    /// A name from the remote (a file in the directory) that only one ear heard decides.
    @Test func theRemotesNamesDecide() {
        let readings = [
            EarFusion.Reading(shell: "vim read me.md", whisperScore: -0.9, pocketsphinxRank: 0),
            EarFusion.Reading(shell: "vim README.md", whisperScore: -1.0, contextNames: 1, whisperRank: 0),
        ]
        #expect(fusion.choose(readings) == 1)
    }

    /// Agreement, silence, or an unscored Whisper: pocketsphinx's best (it has word posteriors).
    @Test func pocketsphinxStandsWithoutEvidence() {
        let best = EarFusion.Reading(shell: "git status", whisperScore: -0.2, pocketsphinxRank: 0)
        #expect(fusion.choose([best]) == 0)
        #expect(fusion.choose([best, .init(shell: "", whisperScore: nil, whisperRank: 0)]) == 0)
        #expect(
            fusion.choose([
                .init(shell: "ls", whisperScore: nil, pocketsphinxRank: 0),
                .init(shell: "cd", whisperScore: nil, pocketsphinxRank: 1),
            ]) == 0)
        #expect(fusion.choose([]) == nil)
    }
}
