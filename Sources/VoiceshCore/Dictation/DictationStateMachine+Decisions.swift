/// The decisions a controller would otherwise make itself from the machine's state: what a
/// read from the keyboard is, which keys wait for the line, what the line shows and when it
/// moves or finds its place again, where an answer no one asked for goes, which timeout a fallback engine gets, how an engine's failure is kept. Events in,
/// effects out, as everywhere in the machine.
extension DictationStateMachine {
    /// Bytes read from the keyboard (cursor reports already taken out). While a dictation owns
    /// the keyboard they are its keys. Otherwise they go on to the remote, a notice goes with
    /// the first of them, and the toggle key starts a recording whose keys are what follows it.
    public mutating func typed(_ bytes: [UInt8], now: Double, fullScreen: Bool = false) -> [Effect] {
        guard !ownsKeyboard else { return [.keys(bytes)] }
        var effects: [Effect] = []
        if !bytes.isEmpty, showsLine { effects += dismissNotice() + [.redraw] }
        // The first of the toggle and the intent key starts a take; the bytes after it are its keys.
        let toggle = Self.firstRange(of: settings.toggle.bytes, in: bytes)
        let intent = settings.intentKey.flatMap { Self.firstRange(of: $0.bytes, in: bytes) }
        let key = [toggle, intent].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound })
        // Enter, ctrl-c or ctrl-u typed on: the remote's line is no longer what dictation left there.
        if bytes[..<(key?.lowerBound ?? bytes.count)].contains(where: { [0x0D, 0x0A, 0x03, 0x15].contains($0) }) {
            lineOnRemote = ""
        }
        guard let key else { return effects + [.passThrough(bytes)] }
        effects.append(.passThrough(Array(bytes[..<key.lowerBound])))
        effects += self.toggle(now: now, fullScreen: fullScreen, intent: key == intent)
        return effects + [.keys(Array(bytes[key.upperBound...]))]
    }

    /// A read from the keyboard. While no dictation owns it and the terminal owes an answer
    /// (`answersAwaited`: to voicesh or the remote), the answers are sorted out first, and a
    /// notice's line is drawn again (it may have a place now); else as `typed`.
    public mutating func read(_ bytes: [UInt8], answersAwaited: Bool, now: Double, fullScreen: Bool = false)
        -> [Effect]
    {
        guard !ownsKeyboard, answersAwaited else { return typed(bytes, now: now, fullScreen: fullScreen) }
        return [.sortReplies(bytes)] + (showsLine ? [.redraw] : [])
    }

    /// The line as it should be now: drawn for the state while a dictation or a notice is up,
    /// else off the screen.
    public func draw() -> [Effect] {
        showsLine ? [.drawLine(state)] : [.clearLine]
    }

    /// The remote's modes after its latest output: a line editor that reads a shell line turns
    /// bracketed paste on while it reads (readline, zle, fish) and off before it runs the
    /// command; a full-screen program lives on the alternate screen. Keys mode is for such a
    /// program alone, and ends when it leaves: what the voice types at a shell is a line.
    @discardableResult
    public mutating func remoteModes(_ modes: TerminalModes, now: Double = 0) -> [Effect] {
        shellReading = modes.bracketedPaste && !modes.alternateScreen
        fullScreen = modes.alternateScreen
        guard voice.keysMode, !fullScreen else { return [] }
        voice.keysMode = false
        guard !ownsKeyboard else { return [] }  // a take under way is heard as dictation
        // A notice drawn over the program's bottom row gives the row back first.
        let returned: [Effect] = if case .notice(let notice) = state, notice.borrowsRow { [.returnRow] } else { [] }
        state = .notice(
            Notice(.keysModeEnded, until: now + settings.noticeSeconds, borrowsRow: false))
        return returned + [.redraw]
    }

    /// The remote wrote, or the window changed (`resized`): a line that is up finds its place again.
    public func screenChanged(resized: Bool) -> [Effect] {
        showsLine ? [.placeLine(resized: resized)] : []
    }

    /// A key decoded while the dictation owns the keyboard, pressed at `now`: it waits in
    /// order for `nextKey` (a key pressed over a notice or while idle is not the dictation's).
    /// Letters read together are a key each: a letter alone answers the line, so `e` then `x`
    /// typed quickly (one read, "ex") is edit, then x, not a word the line ignores.
    public mutating func pressed(_ key: Key, now: Double) {
        guard ownsKeyboard else { return }
        guard case .text(let letters) = key, letters.count > 1 else { return heldKeys.append((key, now)) }
        heldKeys += letters.map { (.text(String($0)), now) }
    }

    /// The next key that may be taken, with its effects, or nil. A key that answers the shown
    /// text (to confirm or edit it) waits until the line is on screen (`lineShown`: drawn, or
    /// the terminal never says where the cursor is and it cannot be); keys while recording or
    /// transcribing mean the same whatever the screen shows. Keys left when the dictation has
    /// let the keyboard go (typed after it ended, in the same read) are dropped.
    public mutating func nextKey(lineShown: Bool) -> [Effect]? {
        guard ownsKeyboard else {
            heldKeys = []
            return nil
        }
        guard !heldKeys.isEmpty, lineShown || !keysAnswerTheLine else { return nil }
        let held = heldKeys.removeFirst()
        return key(held.key, now: held.at)
    }

    /// An answer from the terminal to a question no one asked: a key as typed, on to the
    /// remote, unless a dictation owns the keyboard.
    public func unaskedReply(_ bytes: [UInt8]) -> [Effect] {
        ownsKeyboard ? [] : [.sendToRemote(bytes)]
    }

    /// When the line must be drawn again at the latest, after a frame drawn at `last`: a frame
    /// later while something on it moves (a clock, a spinner, a notice that goes by itself), or
    /// while it should be up and is not on screen (`lineOnScreen` false: the terminal has not
    /// said where, and its answer may have been lost). Nil: nothing moves.
    public func nextFrame(after last: Double, lineOnScreen: Bool) -> Double? {
        animates || (showsLine && !lineOnScreen) ? last + Self.frame : nil
    }

    /// Seconds between frames of a line that moves.
    public static let frame = 0.1

    /// The primary engine of take `number` failed and its `[fallback]` now runs, with the
    /// fallback's own timeout.
    public mutating func fallingBack(take number: Int, now: Double) -> [Effect] {
        engineRestarted(take: number, timeout: settings.fallbackTimeout ?? 30, now: now)
    }

    /// The engine of take `number` failed: a timeout is kept as timed out, anything else as
    /// failed. `message` is the history's words for it, `brief` the line's.
    public mutating func engineFailed(
        _ error: EngineError, take number: Int, message: String, brief: String, now: Double
    ) -> [Effect] {
        let timedOut = if case .timedOut = error { true } else { false }
        return failed(take: number, message: message, brief: brief, timedOut: timedOut, now: now)
    }

    /// Where `key` first occurs in `bytes`: a plain scan, as every keystroke asks it (the
    /// standard library's generic `firstRange(of:)` cost more than the rest of its way).
    static func firstRange(of key: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard let first = key.first, bytes.count >= key.count else { return nil }
        for start in 0...(bytes.count - key.count) where bytes[start] == first {
            if bytes[start..<start + key.count].elementsEqual(key) { return start..<start + key.count }
        }
        return nil
    }
}

extension DictationStateMachine.State {
    /// The take this state is about, if any.
    var take: DictationStateMachine.Take? {
        switch self {
        case .idle, .notice: nil
        case .recording(let take, _, _), .transcribing(let take, _, _), .confirming(let take, _),
            .editing(let take, _, _), .confirmingRisk(let take, _, _):
            take
        }
    }

    /// The line this state shows, if any.
    var prompt: DictationStateMachine.Prompt? {
        switch self {
        case .confirming(_, let prompt), .editing(_, let prompt, _), .confirmingRisk(_, let prompt, _): prompt
        case .idle, .notice, .recording, .transcribing: nil
        }
    }
}
