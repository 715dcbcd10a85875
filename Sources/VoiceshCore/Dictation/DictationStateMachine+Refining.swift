/// The first text at once, the better text a moment later (the edge engine's two ears): the
/// first ear's text is confirmed like any other, marked as refining; the engine's final text
/// replaces it only while the user has not acted on it. Whatever the user sees when they
/// press a key is what that key sends: a later text for a take already sent, discarded or
/// being edited is dropped.
extension DictationStateMachine {
    /// The engine's first text for take `number`, before its final one. `send = auto` waits
    /// for the final text (a line runs unconfirmed only as the engine's last word).
    public mutating func heardFirst(_ heard: Heard, take number: Int, now: Double) -> [Effect] {
        // Where `send = auto` is in force, only the fused text may be run: none is shown first.
        // An intent is asked (or changed) with the final text, the engine's best words for it.
        // A printing session (`listen`) prints once: the final text.
        guard !autoSends, !settings.prints, intentRequest(heard) == nil, refinable?.take != number,
            case .transcribing(let take, _, _) = state, take.number == number, !take.asksIntent,
            !actsHandsFree(heard)
        else { return [] }
        let effects = transcribed(heard, take: number, now: now)
        if case .confirming(var shown, let prompt) = state, shown.number == number {
            shown.refining = true
            state = .confirming(shown, prompt)
        }
        return effects
    }

    /// Hands-free, a take that answers a line, speaks keys or says a command acts at once: only
    /// on the final words (the first ear's, less sure, would run a history line or press keys
    /// unseen). Dictation is shown first as ever.
    private func actsHandsFree(_ heard: Heard) -> Bool {
        guard settings.handsFree else { return false }
        if voice.keysMode || answering != nil { return true }
        return VoiceGrammar(aliases: settings.aliases).read(heard.rawText, listening: listening(answering: nil)) != nil
    }

    /// The engine's final text for take `number`: as `transcribed`, and in place of the first
    /// text while that is still only shown.
    public mutating func heardFinal(_ heard: Heard, take number: Int, now: Double) -> [Effect] {
        guard case .confirming(var take, _) = state, take.number == number, take.refining else {
            return transcribed(heard, take: number, now: now)
        }
        take.refining = false
        // The latency kept is the first text's: that is when the user could act.
        let heardAt = take.heardAt
        state = .transcribing(take, deadline: now)
        let effects = transcribed(heard, take: number, now: now)
        if case .confirming(var shown, let prompt) = state, shown.number == number {
            shown.heardAt = heardAt
            state = .confirming(shown, prompt)
        }
        return effects + [.redraw]
    }

    /// The engine failed after its first text: that text stands, no longer refining, and its
    /// row keeps `note`. Before any text it is the take's failure (`message`, `brief`).
    public mutating func refineFailed(
        _ error: EngineError, take number: Int, message: String, brief: String, note: String, now: Double
    ) -> [Effect] {
        guard case .confirming(var take, let prompt) = state, take.number == number, take.refining else {
            return engineFailed(error, take: number, message: message, brief: brief, now: now)
        }
        take.refining = false
        take.notes.append(note)
        state = .confirming(take, prompt)
        return [.redraw]
    }
}
