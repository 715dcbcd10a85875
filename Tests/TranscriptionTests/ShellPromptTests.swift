import Foundation
import Testing
import VoiceshCore

@testable import Transcription

struct ShellPromptTests {
    @Test func spokenExamplesThenTheVocabularyThenTheAliasesReplacements() {
        let prompt = ShellPrompt(vocabulary: ["kubectl", "postgres"], aliases: ["prod box": "prod-01.example.com"])
        #expect(prompt.text.hasPrefix("git remote dash v. git log dash dash oneline. "))
        #expect(prompt.text.hasSuffix(" cd dot dot.\nkubectl, postgres, prod-01.example.com"))
        #expect(!prompt.text.contains("prod box"))
    }

    /// Whisper copies its prompt into unclear audio's transcript, so the examples hold no
    /// shell: lower-case words only, one period ending each.
    @Test func theExamplesAreSpokenWordsNotShell() {
        let text = ShellPrompt(vocabulary: [], aliases: [:]).text
        #expect(text == ShellPrompt.examples.map(\.spoken).joined(separator: " "))
        for (spoken, _) in ShellPrompt.examples {
            let words = spoken.dropLast()
            #expect(spoken.hasSuffix("."), "\(spoken)")
            #expect(words.allSatisfy { ("a"..."z").contains($0) || $0 == " " }, "\(spoken)")
            #expect(!words.hasPrefix(" ") && !words.hasSuffix(" ") && !words.contains("  "), "\(spoken)")
        }
    }

    /// The round trip: each example, read back by the normaliser as a server's text, is the
    /// command it stands for.
    @Test func everyExampleReadsBackAsItsCommand() {
        let normaliser = SpokenShell()
        for (spoken, shell) in ShellPrompt.examples {
            #expect(normaliser.normalize(spoken) == shell)
        }
    }

    /// Between them the examples say every symbol word Whisper most needs to hear spelled out.
    @Test func theExamplesSayTheSymbolWords() {
        let passage = " " + ShellPrompt.examples.map { $0.spoken.dropLast() }.joined(separator: " ") + " "
        for symbol in [
            "dash", "dash dash", "slash", "dot", "pipe", "tilde", "underscore", "quote", "end quote", "greater than",
        ] {
            #expect(passage.contains(" \(symbol) "), "no example says \(symbol)")
        }
    }

    /// A prompt built from the benchmarks' lines would flatter the benchmarks.
    @Test func noExampleIsALineOfTheBenchmarkSets() throws {
        let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks")
        var lines = Set<String>()
        for file in [
            "EdgeBenchmark/evaluation.txt", "EdgeBenchmark/development.txt", "EdgeBenchmark/development-quotes.txt",
        ] {
            let text = try String(contentsOf: benchmarks.appendingPathComponent(file), encoding: .utf8)
            lines.formUnion(text.split(separator: "\n").map(String.init))
        }
        let renderings = try String(
            contentsOf: benchmarks.appendingPathComponent("ServerBenchmark/renderings.tsv"), encoding: .utf8)
        lines.formUnion(
            renderings.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        #expect(lines.count > 100)
        for (spoken, _) in ShellPrompt.examples {
            #expect(!lines.contains(String(spoken.dropLast())), "\(spoken)")
        }
    }

    /// A full vocabulary (100 terms of 50 characters) still fits: examples go first, then terms.
    @Test func itStaysWithinWhispersLimit() {
        let terms = (0..<100).map { "term\($0)-" + String(repeating: "x", count: 40) }
        let prompt = ShellPrompt(vocabulary: terms, aliases: [:])
        #expect(ShellPrompt.estimatedTokens(prompt.text) < ShellPrompt.tokenLimit)
        let three = ShellPrompt.examples.prefix(3).map(\.spoken).joined(separator: " ")
        #expect(prompt.text.hasPrefix(three + "\nterm0-"))
        #expect(!prompt.text.contains("term99-"))
    }

    /// The remote shell's names come after the profile's terms, so they are cut first.
    @Test func contextNamesComeLastAndGoFirst() {
        let prompt = ShellPrompt(vocabulary: ["kubectl"], aliases: [:], context: ["deploy_prod.yaml", "feature/login"])
        #expect(prompt.text.hasSuffix("\nkubectl, deploy_prod.yaml, feature/login"))
        let many = (0..<300).map { "name\($0).yaml" }
        let full = ShellPrompt(vocabulary: ["kubectl"], aliases: [:], context: many)
        #expect(ShellPrompt.estimatedTokens(full.text) < ShellPrompt.tokenLimit)
        #expect(full.text.contains("kubectl, name0.yaml"))
        #expect(!full.text.contains("name299.yaml"))
    }

    /// A request in plain English (intent mode) gets the names alone, as one sentence: the
    /// spoken-shell examples would have Whisper write its English as shell words, and the names
    /// spell "app dot log" as the `app.log` the directory holds. The PATH's programs are left
    /// out; with no examples, more names fit.
    @Test func aRequestInPlainEnglishGetsTheNamesAlone() {
        var remote = RemoteContext()
        remote.entries = ["app.log", "notes.txt", "logs/"]
        remote.commands = ["grep", "tar"]
        var context = SpeechContext(remote)
        context.plainEnglish = true
        let prompt = ShellPrompt(context: context, config: EngineConfig(), aliases: [:])
        #expect(prompt.text == "The files here are app.log, notes.txt and logs.", "\(prompt.text)")
        let many = (0..<300).map { "name\($0).yaml" }
        let shell = ShellPrompt(vocabulary: [], aliases: [:], context: many)
        let english = ShellPrompt(vocabulary: [], aliases: [:], context: many, plainEnglish: true)
        #expect(!english.text.contains("dash") && english.text.hasPrefix("The files here are name0.yaml, name1.yaml"))
        #expect(english.text.count > shell.text.split(separator: "\n").last?.count ?? 0)
        #expect(ShellPrompt.estimatedTokens(english.text) < ShellPrompt.tokenLimit)
    }

    @Test func tokensAreCountedHigh() {
        // GPT-2 gives `git status` 2 tokens and `ls -la /var/log` 6; the estimate is never lower.
        #expect(ShellPrompt.estimatedTokens("git status") >= 2)
        #expect(ShellPrompt.estimatedTokens("ls -la /var/log") >= 6)
        // The examples alone leave room for the profile's terms.
        #expect(ShellPrompt.estimatedTokens(ShellPrompt.examples.map(\.spoken).joined(separator: " ")) < 160)
    }

    /// The ear's decoder was fitted after this prompt (`models/whisper-shell/prep.py` keeps it as
    /// the engine sends it with no terms): a change here must be fitted again, not go unnoticed.
    @Test func theShellTalkDeltasWereFittedAfterThisPrompt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let prep = try String(contentsOf: root.appendingPathComponent("models/whisper-shell/prep.py"), encoding: .utf8)
        let quoted =
            prep.components(separatedBy: "PROMPT = \" \".join([").dropFirst().first?
            .components(separatedBy: "])").first ?? ""
        let spoken = quoted.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(spoken == ShellPrompt.examples.map(\.spoken))
    }
}
