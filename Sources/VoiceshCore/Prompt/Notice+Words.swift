/// The words of a dictation's notice: the one place its English is made. What happened comes
/// first, then problems that came after it, then what to do about it last, where a notice too
/// long for its row keeps it (`DictationView.notice`).
extension DictationStateMachine.Notice {
    public var message: String {
        var parts = [Self.words(said)] + also
        if let retry { parts.append("recording kept: voicesh history retry \(retry)") }
        return parts.joined(separator: "; ")
    }

    static func words(_ said: Said) -> String {
        switch said {
        case .problem(let words): words
        case .noSpeech(let toggle): "no speech heard; press \(toggle) to try again"
        case .keysModeOn: "keys mode: say keys (escape, control c, type yes); stop keys to leave"
        case .keysModeOff: "keys mode off: takes are dictation again"
        case .keysModeEnded: "keys mode off: the full-screen program has ended"
        case .keysModeAtPrompt:
            "keys mode is for full-screen programs (vim, less, top); at a prompt, say the line and run it"
        case .keyHeld(let why): "not pressed: \(why); press it on the keyboard if you mean it"
        case .notAKey(let heard?): "not a key: \(heard); say stop keys to dictate"
        case .notAKey(nil): "nothing heard; say stop keys to dictate"
        case .noHistory(.startingWith(let word)): "no command in the history starts with \(word)"
        case .noHistory(.search(let words)): "no command in the history has \(words)"
        case .noHistory: "no command in the history yet"
        case .pick(let commands):
            "say pick N: " + commands.enumerated().map { "\($0 + 1) \($1)" }.joined(separator: " · ")
        case .noMatch(let n): "no match \(n)"
        }
    }
}
