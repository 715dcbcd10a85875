/// Intent takes: a take whose words begin with a lead ("how do I …", `IntentLead`) is a
/// request in plain English; the intent model writes its command while the line says so, and
/// the command is then confirmed like any dictation, with the model's explanation beside it.
/// It meets the same risk check and is never run without a key, whatever `send` says. A
/// failure is a notice, and the take's row keeps the spoken request and its audio for a retry.
/// A take recorded again over a command (`r`) changes it ("only the five biggest", "as root"),
/// unless it begins with a lead and asks anew. Tab shows the model's other commands, asking it
/// for another at the last one (Shift-Tab goes back); the line waits as it was meanwhile.
extension DictationStateMachine {
    /// The request in `heard`, when intent mode is on and the take begins with a lead.
    func intentRequest(_ heard: Heard) -> String? {
        guard settings.intentTimeout != nil, !settings.prints else { return nil }
        return IntentLead.request(in: heard.rawText)
    }

    /// Take `take`'s words as a request: a new one (a lead), a change to the command it was
    /// recorded over, or none (a dictation).
    mutating func intent(in heard: Heard, take: Take, now: Double) -> [Effect]? {
        let base = refinable.flatMap { $0.take == take.number ? $0.base : nil }
        refinable = nil
        if let request = intentRequest(heard) { return writeIntent(take, request: request, now: now) }
        let words = heard.rawText.trimmingCharacters(in: .whitespaces)
        // The intent key: the words are a request whatever they begin with.
        if take.asksIntent, settings.intentTimeout != nil, !words.isEmpty {
            return writeIntent(take, request: words, refining: base, now: now)
        }
        guard let base, !words.isEmpty else { return nil }
        return writeIntent(take, request: words, refining: base, now: now)
    }

    /// The take waits for its command, under the intent model's own timeout.
    mutating func writeIntent(
        _ take: Take, request: String, refining: IntentPrompt.Refinement? = nil, now: Double
    ) -> [Effect] {
        var take = take
        // The words come from an engine (a server's raw text): drawn on the line as asked.
        let request = UntrustedText.clean(request)
        take.intent = IntentTake(request: request, refining: refining)
        state = .transcribing(take, deadline: now + (settings.intentTimeout ?? settings.timeout))
        return [.writeIntent(take: take.number, request: request, refining: refining)]
    }

    /// The model's command for take `number`, shown to confirm (never run unasked): its first,
    /// or another that Tab asked for, shown in place while the line still waits for a key. A
    /// command confirmed before its explanation came gets it now.
    public mutating func intentWritten(_ intent: Intent, take number: Int, now: Double) -> [Effect] {
        if case .transcribing(var take, _, _) = state, take.number == number, take.intent != nil {
            (take.intent!.model, take.intent!.endpoint) = (intent.model, intent.endpoint)
            take.intent!.candidates = [intent.answer]
            take.heardAt = now  // the latency kept is to the command: that is when the user could act
            show(take, candidate: 0)
            return []
        }
        if let take = state.take, take.number == number, take.intent?.explaining == true {
            return explained(intent, take: take)
        }
        return another(number) { asked in
            asked.asking = false
            if let known = intent.answer.repeated(in: asked.candidates) {
                asked.exhausted = true  // the model has nothing else to say
                return known
            }
            asked.candidates.append(intent.answer)
            return asked.candidates.count - 1
        }
    }

    /// The command the model has written so far for take `number` (`draft`, its explanation
    /// to come). Dim on the waiting line; or, when it passed the check (`checked`: no repair
    /// will replace it), confirmed at once, its explanation filled in when it comes.
    public mutating func intentDraft(_ draft: Intent, checked: Bool, take number: Int, now: Double) -> [Effect] {
        guard case .transcribing(var take, let deadline, let answering) = state, take.number == number,
            take.intent != nil
        else { return [] }
        let command = UntrustedText.clean(draft.answer.command)
        guard checked, !command.isEmpty else {
            take.intent!.draft = command
            state = .transcribing(take, deadline: deadline, answering: answering)
            return []
        }
        (take.intent!.model, take.intent!.endpoint) = (draft.model, draft.endpoint)
        take.intent!.candidates = [IntentAnswer(command: command, explanation: "")]
        take.intent!.explaining = true
        take.heardAt = now
        show(take, candidate: 0)
        return []
    }

    /// The whole answer for a command confirmed before it (nil: none will come): its
    /// explanation and who wrote it join the take, and a line still showing that command as it
    /// came shows it explained. The command is never replaced: an answer for another command
    /// (a repair's answer cut short, the faulty first one returned) brings nothing, so the line
    /// cannot change under a key about to confirm it.
    private mutating func explained(_ intent: Intent?, take: Take) -> [Effect] {
        var take = take
        take.intent!.explaining = false
        if let intent, UntrustedText.clean(intent.answer.command) == take.intent!.candidates[0].command {
            (take.intent!.model, take.intent!.endpoint) = (intent.model, intent.endpoint)
            take.intent!.candidates[0].explanation = intent.answer.explanation
        }
        // The line (edited, or at the risk question) keeps the explanation of what it shows.
        let at = { (prompt: Prompt) -> Take in
            var shown = take
            if prompt.reading == 0 { shown.intent!.explanation = take.intent!.candidates[0].explanation }
            return shown
        }
        switch state {
        case .confirming(_, let prompt) where prompt.reading == 0 && !prompt.edited:
            show(take, candidate: 0)
        case .confirming(_, let prompt): state = .confirming(at(prompt), prompt)
        case .editing(_, let prompt, let editor): state = .editing(at(prompt), prompt, editor)
        case .confirmingRisk(_, let prompt, let run): state = .confirmingRisk(at(prompt), prompt, run: run)
        default: return []
        }
        return [.redraw]
    }

    /// The model wrote no command for take `number`: a notice, the request and audio kept. When
    /// Tab asked for another, the command shown stands and Tab only goes round.
    public mutating func intentFailed(
        _ error: IntentError, take number: Int, message: String, brief: String, now: Double
    ) -> [Effect] {
        guard case .transcribing(let take, _, _) = state, take.number == number, take.intent != nil else {
            if let take = state.take, take.number == number, take.intent?.explaining == true {
                return explained(nil, take: take)  // the command stands, unexplained
            }
            return another(number) { asked in
                (asked.asking, asked.exhausted) = (false, true)
                return nil
            }
        }
        let timedOut = if case .timedOut = error { true } else { false }
        return failed(take: number, message: message, brief: brief, timedOut: timedOut, now: now)
    }

    /// Tab (`step` 1) or Shift-Tab (-1) over an intent's command: the next of the model's
    /// commands, round and round; Tab at the last asks for another while the model may have one.
    mutating func otherCommand(_ take: Take, _ prompt: Prompt, by step: Int) -> [Effect] {
        guard let asked = take.intent else { return [] }
        let count = asked.candidates.count
        if step > 0, prompt.reading == count - 1, asked.asksForAnother {
            var waiting = take
            waiting.intent!.asking = true
            state = .confirming(waiting, prompt)
            return [
                .writeIntent(
                    take: take.number, request: asked.request, refining: asked.refining, others: asked.candidates)
            ]
        }
        guard count > 1 else { return [] }
        show(take, candidate: ((prompt.reading + step) % count + count) % count)
        return []
    }

    /// Candidate `index` of the take's intent on the confirming line, with its explanation.
    private mutating func show(_ take: Take, candidate index: Int) {
        guard var intent = take.intent, intent.candidates.indices.contains(index) else { return }
        var take = take
        intent.explanation = intent.candidates[index].explanation
        take.intent = intent
        let prompt = Prompt(
            text: intent.candidates[index].command, rawText: intent.request, reading: index,
            readings: intent.candidates.count)
        state = .confirming(take, prompt)
    }

    /// Another command came (or none will) for take `number`: `change` updates the intent and
    /// says which candidate to show. Only a line still waiting for a key shows it; a line being
    /// edited or risk-confirmed keeps its text, and counts the new command for Tab.
    private mutating func another(_ number: Int, _ change: (inout IntentTake) -> Int?) -> [Effect] {
        guard let take = state.take, take.number == number, var asked = take.intent, asked.asking else { return [] }
        let shown = change(&asked)
        var changed = take
        changed.intent = asked
        switch state {
        case .confirming(_, let prompt):
            if let shown { show(changed, candidate: shown) } else { state = .confirming(changed, prompt) }
        case .editing(_, let prompt, let editor):
            state = .editing(changed, prompt.counted(asked.candidates.count), editor)
        case .confirmingRisk(_, let prompt, let run):
            state = .confirmingRisk(changed, prompt.counted(asked.candidates.count), run: run)
        default:
            return []
        }
        return [.redraw]
    }
}
