import Foundation
import Testing

@testable import VoiceshCore

/// The hands-free grammar (what a take means) and the edits (what a correction makes of a line).
struct VoiceGrammarTests {
    let grammar = VoiceGrammar()

    @Test(arguments: [
        ("run it", VoiceCommand.Answer.run), ("Run it.", .run), ("run", .run), ("execute", .run),
        ("insert it", .insert), ("insert", .insert), ("cancel", .cancel), ("discard it", .cancel),
        ("scratch that", .cancel), ("again", .again), ("try again", .again),
    ])
    func answersAreWholeLines(words: String, answer: VoiceCommand.Answer) {
        #expect(grammar.read(words, listening: .line) == .answer(answer))
    }

    @Test(arguments: [
        "run it twice", "run tests", "insert mode", "cancel the job", "again and again", "yes", "git status",
        "make run", "", "   ",
    ])
    func anythingElseIsDictation(words: String) {
        #expect(grammar.read(words, listening: .line) == nil)
    }

    @Test func yesOnlyWhenARiskyLineAsks() {
        #expect(grammar.read("yes", listening: .line) == nil)
        #expect(grammar.read("Yes.", listening: [.answers, .yes]) == .answer(.yes))
        #expect(grammar.read("yes", listening: .keys) == nil)
    }

    @Test(arguments: [
        ("change feature to main", LineEdit.change("feature", to: "main")),
        ("replace dash v with dash dash verbose", .change("-v", to: "--verbose")),
        ("change two to three", .change("2", to: "3")),
        ("delete the last word", .deleteLastWord), ("delete last word", .deleteLastWord),
        ("delete the first word", .deleteFirstWord),
        ("delete dash v", .delete("-v")), ("remove dash dash force", .delete("--force")),
        ("add dash dash verbose", .append("--verbose")), ("append pipe grep error", .append("| grep error")),
        ("spell m a i n", .spell("main")), ("spell mike alpha india november", .spell("main")),
        ("spell capital mike alpha india november", .spell("Main")), ("spell v one dot two", .spell("v1.2")),
        ("capital", .capitalize), ("undo", .undo), ("undo that", .undo),
    ])
    func corrections(words: String, edit: LineEdit) {
        #expect(grammar.read(words, listening: .line) == .edit(edit))
    }

    @Test(arguments: ["change feature", "change to main", "delete", "add", "spell", "spell capital", "change x to"])
    func incompleteCorrectionsAreDictation(words: String) {
        #expect(grammar.read(words, listening: .line) == nil)
    }

    @Test(arguments: [
        ("enter", "\r"), ("Return.", "\r"), ("tab", "\t"), ("escape", "\u{1B}"), ("control c", "\u{03}"),
        ("control d", "\u{04}"), ("control zulu", "\u{1A}"), ("ctrl r", "\u{12}"), ("up", "\u{1B}[A"),
        ("down down", "\u{1B}[B\u{1B}[B"), ("left", "\u{1B}[D"), ("right", "\u{1B}[C"), ("page up", "\u{1B}[5~"),
        ("page down", "\u{1B}[6~"), ("press q", "q"), ("press quebec", "q"), ("press colon", ":"),
        ("press enter", "\r"), ("type yes", "yes"), ("type colon q", ":q"), ("escape type colon w q", "\u{1B}:wq"),
        ("space", " "), ("backspace", "\u{7F}"),
    ])
    func keys(words: String, bytes: String) {
        guard case .keys(let keys)? = grammar.read(words, listening: .keys) else {
            Issue.record("not keys: \(words)")
            return
        }
        #expect(keys.bytes == Array(bytes.utf8))
    }

    @Test(arguments: ["escape", "enter", "control c", "type yes", "page down", "press q"])
    func keysOnlyInKeysMode(words: String) {
        #expect(grammar.read(words, listening: .line) == nil)
        #expect(grammar.read(words, listening: .history) == nil)
    }

    @Test(arguments: [
        "git status", "press the button", "type", "control", "control panel", "up to date", "enter the directory",
        "escape the quote", "tab complete this", "press q twice",
    ])
    func sentencesAreNeverKeys(words: String) {
        #expect(grammar.read(words, listening: .keys) == nil)
    }

    @Test func keysModeIsEnteredWithNothingShownAndLeftInKeysMode() {
        #expect(grammar.read("keys mode", listening: .history) == .keysMode(true))
        #expect(grammar.read("keys mode", listening: .line) == nil)
        #expect(grammar.read("stop keys", listening: .keys) == .keysMode(false))
        #expect(grammar.read("stop keys", listening: .history) == nil)
    }

    @Test func history() {
        #expect(grammar.read("run last", listening: .history) == .history(.last))
        #expect(grammar.read("rerun git", listening: .history) == .history(.startingWith("git")))
        #expect(grammar.read("rerun kube control", listening: .history) == .history(.startingWith("kubectl")))
        #expect(grammar.read("history search docker", listening: .history) == .history(.search("docker")))
        #expect(grammar.read("pick two", listening: [.history, .picks]) == .history(.pick(2)))
        #expect(grammar.read("pick two", listening: .history) == nil)
        #expect(grammar.read("run last", listening: .line) == nil)
        #expect(grammar.read("rerun git status", listening: .history) == nil)
    }

    @Test func aliasesApplyInsideCommands() {
        let grammar = VoiceGrammar(aliases: ["prod box": "prod-01.example.com"])
        #expect(grammar.read("add prod box", listening: .line) == .edit(.append("prod-01.example.com")))
    }

    /// The same listening gives the same sentences in the same order, every time: the engine's
    /// grammar is built from them, and a take records what it listened for.
    @Test func theSentencesAreTheSameEveryTime() {
        let listenings: [VoiceGrammar.Listening] = [.line, [.answers, .yes], .keys, .history, [.history, .picks]]
        for listening in listenings {
            let first = VoiceGrammar.sentences(listening: listening, line: "git checkout main")
            // A dictionary's order may differ from one copy to the next (it failed once so, in a
            // full parallel run, before the answers were sorted).
            for _ in 0..<50 {
                #expect(VoiceGrammar.sentences(listening: listening, line: "git checkout main") == first)
            }
        }
    }

    @Test func theEnginesSentencesAreWhatMayBeSaidNow() {
        let line = VoiceGrammar.sentences(listening: .line, line: "echo feature")
        #expect(line.contains("run it") && line.contains("change feature to") && line.contains("delete echo"))
        #expect(!line.contains("escape") && !line.contains("run last") && !line.contains("yes"))
        let keys = VoiceGrammar.sentences(listening: .keys)
        #expect(keys.contains("control c") && keys.contains("page down") && keys.contains("stop keys"))
        #expect(!keys.contains("run it"))
        // Every sentence is read by the grammar as a command, or is the start of one.
        let grammar = VoiceGrammar()
        for sentence in ["run it", "undo", "delete echo", "capital"] where line.contains(sentence) {
            #expect(grammar.read(sentence, listening: .line) != nil)
        }
        for sentence in keys where !sentence.hasPrefix("type") {
            #expect(grammar.read(sentence, listening: .keys) != nil, "\(sentence)")
        }
    }

    // MARK: Edits

    @Test(arguments: [
        ("git checkout feature", LineEdit.change("feature", to: "main"), "git checkout main"),
        ("ls -v -la", .delete("-v"), "ls -la"),
        ("ls -la", .append("--verbose"), "ls -la --verbose"),
        ("git push origin mane", .deleteLastWord, "git push origin"),
        ("sudo ls", .deleteFirstWord, "ls"),
        ("cat readme.md", .change("readme", to: "README"), "cat README.md"),
        ("git checkout mane", .spell("main"), "git checkout main"),
        ("cd documents", .capitalize, "cd Documents"),
    ])
    func editsMakeTheLine(line: String, edit: LineEdit, result: String) {
        #expect(edit.apply(to: line) == result)
    }

    @Test func spellAndCapitalTakeTheUnsureWord() {
        #expect(LineEdit.spell("main").apply(to: "git checkout mane now", unsure: [2]) == "git checkout main now")
        #expect(LineEdit.capitalize.apply(to: "ls documents pictures", unsure: [1]) == "ls Documents pictures")
    }

    @Test func editsThatDoNotFitChangeNothing() {
        #expect(LineEdit.change("feature", to: "main").apply(to: "git status") == nil)
        #expect(LineEdit.delete("-v").apply(to: "ls -la") == nil)
        #expect(LineEdit.deleteLastWord.apply(to: "ls") == nil)
        #expect(LineEdit.capitalize.apply(to: "ls Documents") == nil)
    }

    @Test func historyRequestsFindSentCommands() {
        func row(_ text: String, _ outcome: Dictation.Outcome) -> Dictation {
            Dictation(
                profile: "p", engine: "edge", startedAt: .init(timeIntervalSince1970: 0), audioSeconds: 1,
                rawText: text, finalText: text, outcome: outcome)
        }
        let rows = [
            row("git push", .discarded), row("git status", .ran), row("ls", .inserted), row("git status", .ran),
            row("git log", .edited),
        ]
        #expect(VoiceCommand.HistoryRequest.last.matches(in: rows) == ["git status", "ls", "git log"])
        #expect(VoiceCommand.HistoryRequest.startingWith("git").matches(in: rows) == ["git status", "git log"])
        #expect(VoiceCommand.HistoryRequest.search("docker").search == "docker")
    }
}
