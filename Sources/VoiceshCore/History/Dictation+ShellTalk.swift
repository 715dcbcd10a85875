extension Dictation {
    /// The line this dictation teaches the shell-talk model (which steers pocketsphinx, the
    /// fusion's judge and a steered ear), or nil. It is what was sent, as said (the spoken form
    /// nearest the words heard): a corrected line teaches the correction, not the mishearing, and
    /// a line Whisper wrote (`git log -n 10`) the words the model has (`dash n ten`). A line
    /// sent as heard with no spoken form teaches its words as heard; a correction with none, an
    /// intent's command (the user said a request, not the command) and a take never sent teach nothing.
    public func shellTalk(aliases: [String: String] = [:]) -> String? {
        guard intent == nil, [.inserted, .ran, .edited].contains(outcome) else { return nil }
        if let said = SpokenForms.candidates(for: finalText, heard: rawText, aliases: aliases, limit: 1).first {
            return said
        }
        return outcome == .edited ? nil : rawText
    }
}
