import Testing

@testable import VoiceshCore

/// The choice between the edge engine's two ears, on readings of the kinds each gets wrong.
struct EarFusionTests {
    let fusion = EarFusion()

    /// pocketsphinx heard its language model's words for a line it could not hear (`git log dash
    /// n ten` as `git log.yaml data`, on the development set); Whisper heard it, and finds
    /// pocketsphinx's reading far less likely than its own.
    @Test func whisperWinsWherePocketsphinxHeardItsPrior() {
        let ps = EarFusion.Reading(shell: "git log.yaml data", whisperScore: -3.7)
        let whisper = EarFusion.Reading(shell: "git log -n 10", whisperScore: -0.2)
        #expect(fusion.choose(pocketsphinx: ps, whisper: whisper) == .whisper)
    }

    /// Whisper glues words (`catpackage.json`): a word no shell-talk dictionary knows is not a
    /// reading of shell talk, however sure Whisper is of it.
    @Test func pocketsphinxWinsWhereWhisperGluedWords() {
        let ps = EarFusion.Reading(shell: "cat package.json", whisperScore: -1.9)
        let whisper = EarFusion.Reading(shell: "catpackage.json", whisperScore: -0.2, unknownWords: 1)
        #expect(fusion.choose(pocketsphinx: ps, whisper: whisper) == .pocketsphinx)
    }

    /// Both readings are words of shell talk, and Whisper prefers its own by less than the margin
    /// (it always prefers its own written forms): pocketsphinx's reading stands.
    @Test func aNearTieGoesToPocketsphinx() {
        let ps = EarFusion.Reading(shell: "kill 1234", whisperScore: -2.9)
        let whisper = EarFusion.Reading(shell: "kill 1 2 3 4", whisperScore: -0.3)
        #expect(fusion.choose(pocketsphinx: ps, whisper: whisper) == .pocketsphinx)
    }

    /// A name from the remote (a file in the directory) that only one ear heard decides.
    @Test func theRemotesNamesDecide() {
        let ps = EarFusion.Reading(shell: "vim read me.md", whisperScore: -0.9, contextNames: 0)
        let whisper = EarFusion.Reading(shell: "vim README.md", whisperScore: -1.0, contextNames: 1)
        #expect(fusion.choose(pocketsphinx: ps, whisper: whisper) == .whisper)
    }

    /// Agreement, silence, or an unscored Whisper: pocketsphinx's reading (it has word posteriors).
    @Test func pocketsphinxStandsWithoutEvidence() {
        let ps = EarFusion.Reading(shell: "git status", whisperScore: -0.2)
        #expect(fusion.choose(pocketsphinx: ps, whisper: nil) == .pocketsphinx)
        #expect(
            fusion.choose(pocketsphinx: ps, whisper: .init(shell: "git status", whisperScore: -0.1)) == .pocketsphinx)
        #expect(fusion.choose(pocketsphinx: ps, whisper: .init(shell: "", whisperScore: nil)) == .pocketsphinx)
        #expect(
            fusion.choose(
                pocketsphinx: .init(shell: "ls", whisperScore: nil), whisper: .init(shell: "cd", whisperScore: -0.1))
                == .pocketsphinx)
    }
}
