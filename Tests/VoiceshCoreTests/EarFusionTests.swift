import Testing

@testable import VoiceshCore

/// The choice among the edge engine's readings, on readings of the kinds each ear gets wrong
/// (the scores are those measured on development takes unless said otherwise).
struct EarFusionTests {
    /// The list rule (pocketsphinx's five best may be chosen), measured but not the engine's.
    let fusion = EarFusion(depth: 5)

    static func pocketsphinx(_ readings: [(String, Double)]) -> [EarFusion.Reading] {
        readings.enumerated().map { .init(shell: $1.0, whisperScore: $1.1, pocketsphinxRank: $0) }
    }

    /// pocketsphinx heard its language model's words in every reading of `git log dash n ten`
    /// (espeak-ng en-gb); Whisper heard it, and finds all of them far less likely than its own.
    @Test func whisperWinsWherePocketsphinxHeardItsPrior() {
        let readings =
            Self.pocketsphinx([
                ("git log.n 10", -3.96), ("git log.env ban", -6.27), ("git log.env than", -6.6),
                ("git log.yaml data", -3.72), ("git log.units n", -4.7),
            ]) + [.init(shell: "git log -n 10", whisperScore: -0.2, whisperRank: 0)]
        #expect(fusion.choose(readings) == 5)
    }

    /// Neither ear's best is right: pocketsphinx's runner-up is the reading Whisper finds
    /// likeliest among those that are shell talk (`git add dot`, Festival kal: Whisper wrote `jtp .`).
    @Test func pocketsphinxsRunnerUpWhereEachEarAloneIsWrong() {
        let readings =
            Self.pocketsphinx([("diff app .", -6.84), ("git add .", -2.62), ("git fetch .", -4.47)]) + [
                .init(shell: "jtp .", whisperScore: -0.84, unknownWords: 1, whisperRank: 0)
            ]
        #expect(fusion.choose(readings) == 1)
        // `docker ps dash a` (flite slt): Whisper wrote `docker psh ashay`.
        let docker =
            Self.pocketsphinx([("docker ps cache", -2.25), ("docker ps -a", -1.10), ("docker ps -h", -2.17)]) + [
                .init(shell: "docker psh ashay", whisperScore: -2.03, unknownWords: 2, whisperRank: 0)
            ]
        #expect(fusion.choose(docker) == 1)
        // `sudo apt install curl` (espeak-ng en-gb): Whisper's own `sudo up install curl` is all
        // words, and likelier than any of pocketsphinx's, but not by the margin.
        let apt =
            Self.pocketsphinx([("sudo apt install kill", -1.13), ("sudo apt install curl", -0.74)]) + [
                .init(shell: "sudo up install curl", whisperScore: -0.51, whisperRank: 0)
            ]
        #expect(fusion.choose(apt) == 1)
    }

    /// The engine's rule: pocketsphinx's best or Whisper's own reading, never pocketsphinx's
    /// runner-up (on Tab), however likely Whisper finds it; Whisper's reading by the margin.
    @Test func theEnginesRuleChoosesBetweenEachEarsBest() {
        let engine = EarFusion()
        // `git add dot`: the list rule takes the runner-up (above); the engine keeps the best.
        let readings =
            Self.pocketsphinx([("diff app .", -6.84), ("git add .", -2.62), ("git fetch .", -4.47)]) + [
                .init(shell: "jtp .", whisperScore: -0.84, unknownWords: 1, whisperRank: 0)
            ]
        #expect(engine.choose(readings) == 0)
        #expect(
            engine.choose([
                .init(shell: "sudo apt install kill", whisperScore: -1.13, pocketsphinxRank: 0),
                .init(shell: "sudo apt install curl", whisperScore: -0.74, pocketsphinxRank: 1),
                .init(shell: "sudo up install curl", whisperScore: -0.51, whisperRank: 0),
            ]) == 0)
        let heardItsPrior =
            Self.pocketsphinx([("git log.n 10", -3.96), ("git log.yaml data", -3.72)]) + [
                .init(shell: "git log -n 10", whisperScore: -0.2, whisperRank: 0)
            ]
        #expect(engine.choose(heardItsPrior) == 2)
    }

    /// Free English between quotes is Whisper's, the command around it pocketsphinx's
    /// (development takes: pocketsphinx's general-English pass heard `fixer typo`).
    @Test func theQuotedEnglishIsWhispersTheCommandPocketsphinxs() {
        #expect(
            EarFusion.quoteSpliced(
                #"git commit -m "fixer typo in the readme""#, with: #"get commit -m "fix a typo in the readme""#)
                == #"git commit -m "fix a typo in the readme""#)
        // Nothing to splice: no quote in either, the same words, an empty or a second quote.
        #expect(EarFusion.quoteSpliced("git status", with: #"echo "git status""#) == nil)
        #expect(EarFusion.quoteSpliced(#"echo "hi there""#, with: #"echo "hi there""#) == nil)
        #expect(EarFusion.quoteSpliced(#"echo "hi there""#, with: #"echo "  ""#) == nil)
        #expect(EarFusion.quoteSpliced(#"echo "a" "b""#, with: #"echo "c""#) == nil)
    }

    /// A near tie among pocketsphinx's readings keeps its best (made-up scores).
    @Test func aNearTieAmongPocketsphinxsReadingsKeepsItsBest() {
        let readings = Self.pocketsphinx([("git status", -1.0), ("git stash", -0.85)])
        #expect(fusion.choose(readings) == 0)
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

    /// Whisper scores sound, not shell: pocketsphinx's `system pull status ssh` (Piper joe,
    /// development) was near enough to it for the margin to keep it over Whisper's right
    /// reading; the shell-talk model's word per word (log10, the development model's) tells them
    /// apart. It does not hand Whisper a line it misheard: `cat /etc/post` reads worse as shell.
    @Test func theShellTalkModelJudgesWhatWhisperOnlyHeard() {
        let engine = EarFusion()
        let systemctl: [EarFusion.Reading] = [
            .init(shell: "system pull status ssh", whisperScore: -2.18, pocketsphinxRank: 0, shellTalk: -3.15),
            .init(shell: "systemctl status ssh", whisperScore: -0.45, whisperRank: 0, shellTalk: -1.12),
        ]
        #expect(engine.choose(systemctl) == 1)
        var blind = engine
        blind.shellTalkWeight = 0
        #expect(blind.choose(systemctl) == 0, "without the model the margin keeps pocketsphinx's")
        let hosts: [EarFusion.Reading] = [
            .init(shell: "cat /etc/hosts", whisperScore: -2.31, pocketsphinxRank: 0, shellTalk: -0.78),
            .init(shell: "cat /etc/post", whisperScore: -0.52, whisperRank: 0, shellTalk: -1.73),
        ]
        #expect(engine.choose(hosts) == 0)
    }

    /// A line spliced from both ears' words is weighed as pocketsphinx's best is, by Whisper's
    /// score and the shell-talk model, with the same margin; with `splices` off it is never chosen.
    @Test func aSplicedLineIsWeighedAsPocketsphinxsReadingsAre() {
        var fusion = EarFusion()
        let readings: [EarFusion.Reading] = [
            .init(shell: "ps aux | grep notes", whisperScore: -3.33, pocketsphinxRank: 0, shellTalk: -1.2),
            .init(shell: "s ox | grep node", whisperScore: -0.91, unknownWords: 0, whisperRank: 0, shellTalk: -2.6),
            .init(shell: "ps aux | grep node", whisperScore: -1.90, shellTalk: -1.0, spliced: true),
        ]
        #expect(fusion.choose(readings) == 2)
        #expect(fusion.ranked(readings) == [2, 0, 1])
        fusion.splices = false
        #expect(fusion.choose(readings) == 0)
        #expect(fusion.ranked(readings) == [0, 1])
        // Spliced, it still has to read better than pocketsphinx's own best.
        fusion.splices = true
        var worse = readings
        worse[2].whisperScore = -4.0
        #expect(fusion.choose(worse) == 0)
    }
}
