/// Intent takes: a take whose words begin with a lead ("how do I …", `IntentLead`) is a
/// request in plain English; the intent model writes its command while the line says so, and
/// the command is then confirmed like any dictation, with the model's explanation beside it.
/// It meets the same risk check and is never run without a key, whatever `send` says. A
/// failure is a notice, and the take's row keeps the spoken request and its audio for a retry.
/// A take recorded again over a command (`r`) changes it ("only the five biggest", "as root"),
/// unless it begins with a lead and asks anew.
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
        take.intent = IntentTake(request: request)
        state = .transcribing(take, deadline: now + (settings.intentTimeout ?? settings.timeout))
        return [.writeIntent(take: take.number, request: request, refining: refining)]
    }

    /// The model's command for take `number`, shown to confirm (never run unasked).
    public mutating func intentWritten(_ intent: Intent, take number: Int, now: Double) -> [Effect] {
        guard case .transcribing(var take, _, _) = state, take.number == number, var asked = take.intent else {
            return []
        }
        asked.explanation = intent.answer.explanation
        (asked.model, asked.endpoint) = (intent.model, intent.endpoint)
        take.intent = asked
        take.heardAt = now  // the latency kept is to the command: that is when the user could act
        state = .confirming(take, Prompt(text: intent.answer.command, rawText: asked.request))
        return []
    }

    /// The model wrote no command for take `number`: a notice, the request and audio kept.
    public mutating func intentFailed(
        _ error: IntentError, take number: Int, message: String, brief: String, now: Double
    ) -> [Effect] {
        guard case .transcribing(let take, _, _) = state, take.number == number, take.intent != nil else {
            return []
        }
        let timedOut = if case .timedOut = error { true } else { false }
        return failed(take: number, message: message, brief: brief, timedOut: timedOut, now: now)
    }
}
