/// Tab on the confirmation line: the take's next distinct reading (Shift-Tab the one before),
/// round and round. The line, its risk and its unsure marks are the reading's; what is shown
/// is what is sent, and the history row says which reading it was.
extension Heard {
    /// The best reading, then the alternatives.
    public var readings: [Reading] { [reading] + alternatives }

    /// The reading `step` after the one `prompt` shows, round and round.
    func prompt(after prompt: DictationStateMachine.Prompt, by step: Int) -> DictationStateMachine.Prompt {
        let count = readings.count
        guard count > 1 else { return prompt }
        return self.prompt(((prompt.reading + step) % count + count) % count)
    }

    /// Reading `index` as the line shows it.
    func prompt(_ index: Int) -> DictationStateMachine.Prompt {
        let all = readings
        let reading = all[index]
        return .init(
            text: reading.text, rawText: reading.rawText, unsure: reading.unsure, reading: index, readings: all.count)
    }
}

extension DictationStateMachine.Prompt {
    /// The line as the user edited it: the same reading, marked edited when it changed.
    func edited(to text: String) -> Self {
        .init(text: text, rawText: rawText, edited: text != self.text, reading: reading, readings: readings)
    }

    /// The same line, of `readings` in all (Tab found another while it was being edited).
    func counted(_ readings: Int) -> Self {
        .init(text: text, rawText: rawText, edited: edited, unsure: unsure, reading: reading, readings: readings)
    }
}
