/// Hands-free mode (`hands_free = true`): a take recorded while a line is shown is read
/// against `VoiceGrammar` (an answer, a correction) and otherwise replaces the line; a take
/// with nothing shown may ask the history or turn keys mode on; in keys mode a take is keys
/// for the remote or nothing. Keys mode is entered only while a full-screen program shows,
/// and ends when it leaves (`remoteModes`): at a shell prompt what the voice types is a line.
/// Every edit can be undone, and the risk check runs on each new line (`Prompt` does it).
/// The take that spoke a command keeps no history row of its own: the line it answered does.
extension DictationStateMachine {
    /// The line a hands-free take answers, part of that take's state while it records and
    /// transcribes: it comes back if the take says nothing, and the take's words act on it.
    public struct Shown: Equatable, Sendable {
        public var take: Take
        public var prompt: Prompt
        /// A risky line waiting for "yes": whether it runs.
        public var risk: Bool?
        /// The characters of it the line showed.
        public var room: Int
    }

    /// What hands-free mode remembers between takes.
    struct Voice: Equatable, Sendable {
        /// The shown take's lines before each of its edits, for `undo`.
        var undo: [Prompt] = []
        var keysMode = false
        /// What spoken keys typed since the last Enter they pressed: the line an Enter would
        /// run, for the risk check (`keysChecked`).
        var keysTyped = ""
        /// The history request whose rows the driver is reading.
        var request: VoiceCommand.HistoryRequest?
        /// The commands a history search showed, for "pick N".
        var matches: [String] = []
    }

    /// Spoken keys are being listened for (keys mode).
    public var keysMode: Bool { voice.keysMode }

    /// What the take now recording may say besides dictation, as sentences for the engine's
    /// own small model (none without `hands_free`).
    public var spokenCommands: [String] {
        guard settings.handsFree else { return [] }
        return VoiceGrammar.sentences(
            listening: listening(answering: answering), line: answering?.take.heard?.rawText ?? "")
    }

    /// What a take may say besides dictation: the one answer both for the sentences the engine
    /// listens for and for the reading of the take's text, so the two never disagree.
    func listening(answering shown: Shown?) -> VoiceGrammar.Listening {
        var listening: VoiceGrammar.Listening
        if let shown {
            listening = shown.risk == nil ? .line : [.answers, .yes]
        } else if voice.keysMode {
            return .keys  // keys or nothing: a history pick is not a key
        } else {
            listening = .history
        }
        if !voice.matches.isEmpty { listening.insert(.picks) }
        return listening
    }

    /// The toggle at a shown line (hands-free): record a take that answers it, keeping the line.
    mutating func listen(_ take: Take, _ prompt: Prompt, risk: Bool?, now: Double) -> [Effect] {
        // The new take lets the old one's writer go: an explanation still coming never will,
        // and a line brought back stands unexplained (Tab may ask for another).
        var take = take
        take.intent?.explaining = false
        // The line it answers says what the take may say (`spokenCommands`).
        return record(
            now: now, borrowed: take.borrowsRow,
            answering: Shown(take: take, prompt: prompt, risk: risk, room: shownRoom))
    }

    /// A take's text in hands-free mode: the effects of the command it is, with `done`; else
    /// (dictation) the effects that come before the new line is shown, and `done` false.
    mutating func heardHandsFree(_ heard: Heard, take: Take, now: Double) -> (effects: [Effect], done: Bool) {
        let grammar = VoiceGrammar(aliases: settings.aliases)
        if let shown = letGoOfShownLine() {
            let listening = listening(answering: shown)
            if heard.text.isEmpty {  // nothing heard: the line is back as it was
                state = .confirming(shown.take, shown.prompt)
                return ([], true)
            }
            if let command = grammar.read(heard.rawText, listening: listening) {
                return (answer(command, shown: shown, now: now), true)
            }
            // New text replaces the line, which is kept as discarded.
            voice.undo = []
            voice.matches = []
            return ([.save(entry(shown.take, .discarded, shown.prompt))], false)
        }
        if voice.keysMode {
            switch grammar.read(heard.rawText, listening: listening(answering: nil)) {
            case .keys(let keys)?:
                let (bytes, held) = keysChecked(keys)
                let sent: [Effect] = bytes.isEmpty ? [] : [.sendToRemote(bytes)]
                guard let held else { return (sent + idle(from: take), true) }
                return (sent + tell(.keyHeld(held), take: take, now: now), true)
            case .keysMode(false)?:
                voice.keysMode = false
                voice.keysTyped = ""
                return (tell(.keysModeOff, take: take, now: now), true)
            default:
                return (tell(.notAKey(heard: heard.rawText.isEmpty ? nil : heard.text), take: take, now: now), true)
            }
        }
        switch grammar.read(heard.rawText, listening: listening(answering: nil)) {
        case .keysMode(true)? where !fullScreen:
            // At a shell prompt keys would type and run a line past the risk check and the history.
            return (tell(.keysModeAtPrompt, take: take, now: now), true)
        case .keysMode(true)?:
            voice.keysMode = true
            return (tell(.keysModeOn, take: take, now: now), true)
        case .history(.pick(let n))?:
            return (picked(n, take: take, rawText: heard.rawText, now: now), true)
        case .history(let request)?:
            voice.request = request
            state = .transcribing(take, deadline: now + take.timeout)  // with its words, for the row
            return ([.findHistory(request)], true)
        default:
            voice.matches = []
            return ([], false)
        }
    }

    /// Spoken keys as they may go: an Enter that would run a risky line (what the keys typed
    /// since the last Enter, a shell escape's `:!` or `!` taken off), or any Enter, ctrl-c or
    /// ctrl-d on a production profile, is not pressed; the keys before it go, and why it was
    /// held is returned, for the user to press it on the keyboard if they mean it. The same
    /// risk check as every line (`RiskCheck`).
    mutating func keysChecked(_ keys: SpokenKeys) -> (bytes: [UInt8], held: String?) {
        var bytes: [UInt8] = []
        for (name, keyBytes) in zip(keys.names, keys.pieces) {
            if name.hasPrefix("text ") {
                voice.keysTyped += String(name.dropFirst(5))
            } else if name == "backspace" {
                _ = voice.keysTyped.popLast()
            } else if name == "escape" {
                voice.keysTyped = ""
            }
            if settings.production, ["enter", "ctrl-c", "ctrl-d"].contains(name) {
                return (bytes, "\(name) on a production profile")
            }
            if name == "enter" {
                var line = Substring(voice.keysTyped.trimmingCharacters(in: .whitespaces))
                while line.first == ":" || line.first == "!" { line = line.dropFirst() }
                if let reason = RiskCheck.reason(String(line)) { return (bytes, "enter: \(line) \(reason)") }
                voice.keysTyped = ""
            }
            bytes += keyBytes
        }
        return (bytes, nil)
    }

    /// The driver read the history for the request a take made: `commands` newest first.
    public mutating func historyFound(_ commands: [String], now: Double) -> [Effect] {
        guard case .transcribing(let take, _, _) = state, let request = voice.request else { return [] }
        voice.request = nil
        guard let first = commands.first else { return tell(.noHistory(request), take: take, now: now) }
        if case .search = request {
            voice.matches = Array(commands.prefix(9))
            return tell(.pick(voice.matches), take: take, now: now, seconds: settings.noticeSeconds * 5)
        }
        // It was sent before, whole; a risky one still asks.
        let prompt = Prompt(text: first, rawText: take.heard?.rawText ?? "")
        return deliver(take, prompt, run: true, shownWhole: true)
    }

    // MARK: Steps

    private mutating func answer(_ command: VoiceCommand, shown: Shown, now: Double) -> [Effect] {
        shownRoom = shown.room
        switch command {
        case .answer(.run): return finish { $0.deliver(shown.take, shown.prompt, run: true) }
        case .answer(.insert): return finish { $0.deliver(shown.take, shown.prompt, run: false) }
        case .answer(.yes): return finish { $0.send(shown.take, shown.prompt, run: shown.risk ?? false) }
        case .answer(.cancel):
            return finish { [.save($0.entry(shown.take, .discarded, shown.prompt))] + $0.idle(from: shown.take) }
        case .answer(.again):
            return finish {
                [.save($0.entry(shown.take, .discarded, shown.prompt))]
                    + $0.record(now: now, borrowed: shown.take.borrowsRow)
            }
        case .edit(.undo):
            state = .confirming(shown.take, voice.undo.popLast() ?? shown.prompt)
        case .edit(let edit):
            if let text = edit.apply(to: shown.prompt.text, unsure: shown.prompt.unsure), text != shown.prompt.text {
                voice.undo.append(shown.prompt)
                state = .confirming(
                    shown.take, Prompt(text: text, rawText: shown.prompt.rawText, edited: true))
            } else {
                state = .confirming(shown.take, shown.prompt)  // nothing to change: the line as it was
            }
        case .history(.pick(let n)):
            guard n <= voice.matches.count else {
                state = .confirming(shown.take, shown.prompt)
                return []
            }
            voice.undo.append(shown.prompt)
            state = .confirming(shown.take, Prompt(text: voice.matches[n - 1], rawText: shown.prompt.rawText))
        case .keys, .keysMode, .history:
            state = .confirming(shown.take, shown.prompt)
        }
        return []
    }

    /// The line is answered: what it remembered goes with it.
    private mutating func finish(_ step: (inout Self) -> [Effect]) -> [Effect] {
        voice.undo = []
        voice.matches = []
        return step(&self)
    }

    private mutating func picked(_ n: Int, take: Take, rawText: String, now: Double) -> [Effect] {
        guard n <= voice.matches.count else { return tell(.noMatch(n), take: take, now: now) }
        let line = voice.matches[n - 1]
        voice.matches = []
        state = .confirming(take, Prompt(text: line, rawText: rawText))
        return []
    }

    /// A take that was a command with nothing to show: a notice says what happened.
    private mutating func tell(_ said: Notice.Said, take: Take, now: Double, seconds: Double? = nil) -> [Effect] {
        state = .notice(Notice(said, until: now + (seconds ?? settings.noticeSeconds), borrowsRow: take.borrowsRow))
        return []
    }

    /// The line the take now recording or transcribing answers, if it answers one.
    var answering: Shown? {
        switch state {
        case .recording(_, _, let shown), .transcribing(_, _, let shown): shown
        default: nil
        }
    }

    /// The answered line out of the state: what becomes of it is decided now.
    private mutating func letGoOfShownLine() -> Shown? {
        switch state {
        case .recording(let take, let partial, let shown?):
            state = .recording(take, partial: partial)
            return shown
        case .transcribing(let take, let deadline, let shown?):
            state = .transcribing(take, deadline: deadline)
            return shown
        default:
            return nil
        }
    }

    /// A take answering a line ended without an answer (Esc, a double toggle): back to the line.
    mutating func backToShownLine() -> Bool {
        guard let shown = letGoOfShownLine() else { return false }
        state = .confirming(shown.take, shown.prompt)
        return true
    }

    /// The take answering a line failed or the session ends: the line's row, with `outcome`.
    mutating func dropShownLine(_ outcome: Dictation.Outcome, error: String? = nil) -> [Effect] {
        guard let shown = letGoOfShownLine() else { return [] }
        voice.undo = []
        return [.save(entry(shown.take, outcome, shown.prompt, error: error))]
    }
}
