@testable import VoiceshCore

/// The rows a step of the dictation machine saves, in order.
func saved(_ effects: [DictationStateMachine.Effect]) -> [DictationStateMachine.Entry] {
    effects.compactMap { if case .save(let entry) = $0 { entry } else { nil } }
}

extension TerminalModes {
    /// The modes after the remote wrote `output`.
    static func after(_ output: String) -> TerminalModes {
        var modes = TerminalModes()
        modes.feed(Array(output.utf8))
        return modes
    }

    /// A shell's line editor reading a line: bracketed paste on, the normal screen.
    static let shellPrompt = after("\u{1B}[?2004h")

    /// A full-screen program (vim, less): the alternate screen.
    static let fullScreen = after("\u{1B}[?1049h")
}
