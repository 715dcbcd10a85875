import Testing

@testable import VoiceshCore

/// The first text at once, the better one a moment later: what the user acts on is what is sent.
struct DictationRefiningTests {
    typealias Machine = DictationStateMachine
    var machine = Machine(settings: .init(toggle: .defaultToggle, timeout: 30))

    func heard(_ text: String) -> Heard { .init(text: text, rawText: text, engine: "edge") }

    /// Records take 1 from 0 to 2; the first ear's text comes at 2.1.
    mutating func firstText(_ text: String) {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 2)
        _ = machine.heardFirst(heard(text), take: 1, now: 2.1)
        _ = machine.shown(room: 200)
    }

    var view: DictationView { DictationView(toggle: .defaultToggle) }

    @Test mutating func theFusedTextReplacesTheFirstWhileItIsOnlyShown() {
        firstText("git add .")
        guard case .confirming(let take, let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(take.refining && prompt.text == "git add .")
        #expect(view.render(machine.state, level: 0, now: 2.2, width: 100).line.contains("refining"))
        #expect(machine.heardFinal(heard("df -h"), take: 1, now: 2.8) == [.redraw])
        guard case .confirming(let refined, let shown) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(!refined.refining && shown.text == "df -h" && refined.latencyMs == 100)
        #expect(!view.render(machine.state, level: 0, now: 3, width: 100).line.contains("refining"))
        let effects = machine.key(.enter, now: 4)
        #expect(effects.contains(.send(.init(text: "df -h", rawText: "df -h"), run: false)))
    }

    /// Enter before the fused text: the first text is sent, and the late one is dropped.
    @Test mutating func anEnterBeforeTheFusedTextSendsWhatWasShown() {
        firstText("git status")
        let effects = machine.key(.enter, now: 2.3)
        #expect(effects.contains(.send(.init(text: "git status", rawText: "git status"), run: false)))
        #expect(machine.heardFinal(heard("get status"), take: 1, now: 2.8) == [])
        #expect(machine.state == .idle)
    }

    /// Editing the first text: the fused text does not move the line under the user's cursor.
    @Test mutating func anEditIsNotReplaced() {
        firstText("git status")
        _ = machine.key(.text("e"), now: 2.3)
        #expect(machine.heardFinal(heard("get status"), take: 1, now: 2.8) == [])
        guard case .editing(_, let prompt, _) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(prompt.text == "git status")
    }

    /// The engine fails after its first text: that text stands, no longer refining.
    @Test mutating func aFailedRefinementLeavesTheFirstText() {
        firstText("git status")
        _ = machine.refineFailed(
            .whisper(.stopped), take: 1, message: "stopped", brief: "stopped", note: "not refined", now: 2.8)
        guard case .confirming(let take, let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(!take.refining && prompt.text == "git status" && take.notes == ["not refined"])
    }

    /// Without a first text, the final one is confirmed as always.
    @Test mutating func aSingleTextIsConfirmedAsBefore() {
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 2)
        _ = machine.heardFinal(heard("ls"), take: 1, now: 2.5)
        guard case .confirming(let take, let prompt) = machine.state else { Issue.record("\(machine.state)"); return }
        #expect(!take.refining && prompt.text == "ls")
    }
}
