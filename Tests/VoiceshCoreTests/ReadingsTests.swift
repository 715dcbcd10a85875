import Testing

@testable import VoiceshCore

/// Tab on the confirmation line: the take's readings in turn, each with its own risk and marks;
/// what is shown is what is sent, and the history row says which reading it was.
struct ReadingsTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))

    /// `git status` heard best, then `git stash` (its second word unsure) and `rm -rf ~` (risky).
    static let heard = Heard(
        text: "git status", rawText: "git status", engine: "edge",
        words: [.init("git", confidence: 0.95), .init("status", confidence: 0.9)],
        alternatives: [
            Reading(
                text: "git stash", rawText: "git stash",
                words: [.init("git", confidence: 0.95), .init("stash", confidence: 0.3)], unsure: [1]),
            Reading(text: "rm -rf ~", rawText: "rm dash r f tilde"),
        ])

    /// Records a take and has the engine answer `heard`; the line had room for it.
    mutating func confirm(_ heard: Heard = heard) {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        _ = machine.transcribed(heard, take: 1, now: 2)
        _ = machine.shown(room: 200)
    }

    var prompt: Machine.Prompt? {
        if case .confirming(_, let prompt) = machine.state { prompt } else { nil }
    }

    @Test mutating func tabCyclesForwardAndShiftTabBack() {
        confirm()
        #expect(prompt?.text == "git status" && prompt?.reading == 0 && prompt?.readings == 3)
        #expect(machine.key(.tab, now: 3) == [])
        #expect(prompt?.text == "git stash" && prompt?.reading == 1)
        _ = machine.key(.tab, now: 3)
        #expect(prompt?.text == "rm -rf ~" && prompt?.reading == 2)
        _ = machine.key(.tab, now: 3)
        #expect(prompt?.text == "git status" && prompt?.reading == 0)
        _ = machine.key(.backTab, now: 3)
        #expect(prompt?.text == "rm -rf ~" && prompt?.reading == 2)
        _ = machine.key(.backTab, now: 3)
        #expect(prompt?.text == "git stash" && prompt?.reading == 1)
    }

    @Test mutating func theRiskAndTheMarksFollowTheReadingShown() {
        confirm()
        #expect(prompt?.risk == nil && prompt?.unsure == [])
        _ = machine.key(.tab, now: 3)
        #expect(prompt?.risk == nil && prompt?.unsure == [1])
        _ = machine.key(.tab, now: 3)
        #expect(prompt?.risk != nil && prompt?.unsure == [])
        // Run on the risky reading wants `y`; any other key goes back to that same reading.
        #expect(machine.key(.control("r"), now: 4) == [])
        guard case .confirmingRisk(_, let asked, run: true) = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
        #expect(asked.text == "rm -rf ~")
        _ = machine.key(.text("n"), now: 4)
        #expect(prompt?.text == "rm -rf ~" && prompt?.reading == 2)
    }

    @Test mutating func whatIsShownIsWhatIsSentAndTheRowSaysWhichReading() {
        confirm()
        _ = machine.key(.tab, now: 3)
        let effects = machine.key(.enter, now: 4)
        let entry = saved(effects).first
        #expect(entry?.text == "git stash" && entry?.rawText == "git stash")
        #expect(entry?.reading == 1 && entry?.readings == 3 && entry?.outcome == .inserted)
        // Learning labels the recording with the reading taken, not the engine's best.
        let label = entry.flatMap { LearningLabel.words(outcome: $0.outcome, rawText: $0.rawText, finalText: $0.text) }
        #expect(label == "git stash")
        let shown = Machine.Prompt(text: "git stash", rawText: "git stash", unsure: [1], reading: 1, readings: 3)
        #expect(effects.contains(.send(shown, run: false)))
    }

    @Test mutating func anEditedReadingKeepsWhichItWas() {
        confirm()
        _ = machine.key(.backTab, now: 3)
        _ = machine.key(.text("e"), now: 3)
        _ = machine.key(.text("/"), now: 3)
        let effects = machine.key(.enter, now: 4)
        let entry = saved(effects).first
        #expect(entry?.text == "rm -rf ~/" && entry?.outcome == .edited && entry?.reading == 2)
    }

    @Test mutating func aDiscardedTakeRecordsTheReadingOnScreen() {
        confirm()
        _ = machine.key(.tab, now: 3)
        let entry = saved(machine.key(.escape, now: 4)).first
        #expect(entry?.outcome == .discarded && entry?.reading == 1 && entry?.text == "git stash")
    }

    @Test mutating func oneReadingIgnoresTab() {
        confirm(Heard(text: "ls", rawText: "ls"))
        #expect(machine.key(.tab, now: 3) == [])
        #expect(prompt?.text == "ls" && prompt?.readings == 1)
        let entry = saved(machine.key(.enter, now: 4)).first
        #expect(entry?.reading == 0 && entry?.readings == 1)
    }

    @Test func readingsAreDistinctShellTextsBestFirst() {
        let transcript = Transcript(
            segments: [.init(text: "git status")],
            alternatives: [
                Transcript(segments: [.init(text: "git stash")]),
                Transcript(segments: [.init(text: "git  status")]),  // the same shell text
                Transcript(segments: [.init(text: "")]),
                Transcript(segments: [.init(text: "git diff")]),
            ])
        let readings = Reading.readings(of: transcript, normalize: { SpokenShell().normalize($0) })
        #expect(readings.map(\.text) == ["git status", "git stash", "git diff"])
        let capped = Reading.readings(of: transcript, limit: 2, normalize: { SpokenShell().normalize($0) })
        #expect(capped.map(\.text) == ["git status", "git stash"])
    }

    @Test func tabAndShiftTabAreKeys() {
        #expect(Key.decode([0x09], toggle: .defaultToggle) == [.tab])
        #expect(Key.decode(Array("\u{1B}[Z".utf8), toggle: .defaultToggle) == [.backTab])
    }

    @Test func theLineSaysWhichReadingOfHowMany() {
        let view = DictationView(toggle: .defaultToggle, plainMarks: true)
        let prompt = Machine.Prompt(text: "git stash", rawText: "", unsure: [1], reading: 1, readings: 3)
        let take = Machine.Take(number: 1, startedAt: 0)
        let line = view.render(.confirming(take, prompt), level: 0, now: 0, width: 120).line
        #expect(line.contains("git ⟦stash⟧"), "\(line)")
        #expect(line.contains("⇥ 2/3"), "\(line)")
        let single = Machine.Prompt(text: "ls", rawText: "")
        #expect(!view.render(.confirming(take, single), level: 0, now: 0, width: 120).line.contains("⇥"))
    }

    /// A word the other readings put something else in place of is doubted; one they agree on is not.
    @Test func agreementAcrossReadings() {
        let best = ["git", "status"]
        #expect(WordAgreement.agreement(best, []) == [1, 1])
        #expect(WordAgreement.agreement(best, [["git", "stash"], ["get", "status"]]) == [0.5, 0.5])
        #expect(WordAgreement.agreement(best, [["git", "stash"], ["git", "stash", "pop"]]) == [1, 0])
        #expect(WordAgreement.alignment(["a", "b", "c"], ["a", "c"]) == [0, nil, 1])
        let fit = WordAgreement.Fit(posteriorExponent: 1, agreementExponent: 2)
        #expect(abs(fit.confidence(posterior: 0.8, agreement: 0.5) - 0.2) < 1e-9)
        #expect(fit.confidence(posterior: 0.8, agreement: 1) == 0.8)
        #expect(fit.confidence(posterior: nil, agreement: 0.5) == 0.25)
        #expect(WordAgreement.Fit.posteriorOnly.confidence(posterior: 0.6, agreement: 0) == 0.6)
    }
}
