/// What a take spoken in hands-free mode means, when it is not new text for the shell: an
/// answer to the shown line, a correction of it, keys for the remote, or a history request.
/// `VoiceGrammar` reads it from the engine's words; anything it does not read is dictation.
public enum VoiceCommand: Equatable, Sendable {
    case answer(Answer)
    case edit(LineEdit)
    /// Bytes for the remote (only in keys mode): "escape", "control c", "type yes".
    case keys(SpokenKeys)
    /// Keys mode on (`true`) or off.
    case keysMode(Bool)
    case history(HistoryRequest)

    /// An answer to the shown line.
    public enum Answer: String, Equatable, Sendable, CaseIterable {
        /// Send it and press Enter.
        case run
        /// Send it without Enter.
        case insert
        /// Discard it.
        case cancel
        /// Discard it and record the dictation again.
        case again
        /// "yes": the `y` a risky line wants (only while it asks).
        case yes
    }

    /// A command from the history to run again.
    public enum HistoryRequest: Equatable, Sendable {
        /// "run last": the last command sent.
        case last
        /// "rerun git": the last command whose first word is this.
        case startingWith(String)
        /// "history search docker": the commands that contain this, newest first.
        case search(String)
        /// "pick two": one of the matches a search showed (from 1).
        case pick(Int)
    }
}
