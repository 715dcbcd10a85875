/// The dictation inside an SSH session, as a pure state machine: one mutating method per
/// event, each returning the effects the session carries out, in order. It decides
/// everything (what is recorded, what is saved with which outcome, what is sent, what is
/// shown, when the bottom row is borrowed); a dictation's data lives in the states that have
/// it (`Take`). No clock, terminal or audio here: time comes in as `now` (seconds on any
/// monotonic clock).
///
/// ```
///          toggle                 toggle/enter/full/silence      text
/// idle ───────────→ recording ───────────────────→ transcribing ─────→ confirming
///  ▲  ◀── esc, toggle twice ─┘      │ esc ──→ idle      │ failed,        │ enter → send (insert)
///  │                                │ failed            │ no speech      │ ctrl-r → send (run)
///  │                                ▼                   ▼                │ e → editing ─esc→ confirming
///  └──── key, time ─────────────── notice ◀─────────────┘                │ r/toggle → recording
///                                                                        │ esc/d → idle (discarded)
/// risky or not all shown: run (and insert on a production profile) goes through
/// confirmingRisk, which wants `y`; any other key goes back to confirming. So does running
/// an unfinished line (`ls |`, an open quote), which `send = auto` never runs.
/// send = auto: a line `ReadOnlyCheck` finds harmless is run at once while a shell reads (bracketed paste on, no alternate screen).
/// interrupted (hang-up, SIGTERM, lost connection): any take is saved, outcome interrupted.
/// prints (`listen`): the text is sent to standard output, not confirmed, then saved as printed.
/// ```
public struct DictationStateMachine: Sendable {
    /// What the user is asked to confirm: the shell text exactly as it would be sent.
    public struct Prompt: Equatable, Sendable {
        public let text: String
        public let rawText: String
        public let edited: Bool
        /// Why the text is risky (`RiskCheck`; with what is already on the remote's line when it
        /// would run with it), or nil.
        public internal(set) var risk: String?
        /// Why the shell would not run the text as it stands (`ls |`, an open quote), or nil:
        /// running it asks first, whatever `send` says.
        public let unfinished: String?
        /// The words of `text` (split at spaces) the engine was unsure of (`Doubt`): shown marked.
        /// An edited line has none: the user has looked at it.
        public let unsure: Set<Int>
        /// Which of the take's readings this is (0: the engine's best), of how many (Tab).
        public let reading: Int
        public let readings: Int

        public init(
            text: String, rawText: String, edited: Bool = false, unsure: Set<Int> = [], reading: Int = 0,
            readings: Int = 1
        ) {
            self.text = ShellInput.sanitize(text)
            self.rawText = rawText
            self.edited = edited
            self.reading = reading
            self.readings = readings
            risk = RiskCheck.reason(self.text)
            unfinished = ShellWords.waitsForMore(self.text)
            // Sanitising may change the words; the marks then cannot be trusted to fit them.
            let words = self.text.split(separator: " ").count
            self.unsure = self.text == text ? unsure.filter { $0 < words } : Set(0..<words)
        }
    }

    /// One dictation's data, from the toggle to its history row.
    public struct Take: Equatable, Sendable {
        /// Tells this take's engine answers from those of a cancelled take.
        public let number: Int
        public let startedAt: Double
        /// The bottom row is borrowed while this take is on screen (the remote is full screen).
        public let borrowsRow: Bool
        public var stoppedAt: Double?
        /// The timeout of the engine now running (the fallback's, once it runs).
        public var timeout: Double
        public var heard: Heard?
        /// When the text came, for the history's latency.
        public var heardAt: Double?
        /// The engine's remarks on this take, kept with its history row.
        public var notes: [String] = []
        /// Since when it has been quiet after speech, for `auto_stop` (nil: no speech yet, or speaking).
        public var silentSince: Double?
        /// The text shown is the engine's first; a better one may replace it (`+Refining`).
        public var refining = false
        /// The take asked for a command in plain English (`+Intent`): the model writes its text.
        public var intent: IntentTake?
        /// Recorded with the intent key: its words are a request, lead or not.
        public var asksIntent = false

        public var latencyMs: Int? {
            guard let stoppedAt, let heardAt else { return nil }
            return Int(((heardAt - stoppedAt) * 1000).rounded())
        }
    }

    /// A history row to write for a take.
    public struct Entry: Equatable, Sendable {
        public var take: Take
        public var outcome: Dictation.Outcome
        /// The shell text as shown (empty when there was none).
        public var text: String
        public var rawText: String
        public var error: String?
        /// Keep the recording whatever the profile says (the user's speech has no text yet,
        /// or its text was never used).
        public var keepAudio: Bool
        /// Which reading the text came from (0: the engine's best; nil: none was shown), of how many.
        public var reading: Int? = nil
        public var readings: Int = 1
    }

    /// A line of its own until a key or `until`: what happened as a kind and its values
    /// (`DictationView` words it, `Notice+Words`), never English made here.
    public struct Notice: Equatable, Sendable {
        public var said: Said
        public var until: Double
        public var borrowsRow: Bool
        /// A row is being saved for it: its id becomes the retry hint.
        public var awaitsRow: Bool = false
        /// The take whose row it awaits: an answer for another take's row (written off the
        /// loop, it may come late) gives it no retry hint.
        public var take: Int?
        /// The row kept its recording under this id: `voicesh history retry ID`.
        public var retry: Int64?
        /// Problems that came after it (the history could not be written), worded outside.
        public var also: [String] = []

        public init(_ said: Said, until: Double, borrowsRow: Bool, awaitsRow: Bool = false) {
            (self.said, self.until, self.borrowsRow, self.awaitsRow) = (said, until, borrowsRow, awaitsRow)
        }

        public enum Said: Equatable, Sendable {
            /// A problem, in the words the wording layer gave (`DictationWording`).
            case problem(String)
            /// The take held no speech; the toggle key's name, to try again.
            case noSpeech(toggle: String)
            /// Keys mode: on, off as asked, off as the full-screen program ended, refused at a prompt.
            case keysModeOn
            case keysModeOff
            case keysModeEnded
            case keysModeAtPrompt
            /// In keys mode, a key not pressed, and why (an Enter that would run a risky line).
            case keyHeld(String)
            /// In keys mode, words that are no key (nil: nothing heard).
            case notAKey(heard: String?)
            /// A spoken history request found nothing.
            case noHistory(VoiceCommand.HistoryRequest)
            /// The commands a spoken search found, to pick by number.
            case pick([String])
            /// "pick N" past the list.
            case noMatch(Int)
        }
    }

    public enum State: Equatable, Sendable {
        case idle
        /// `answering`: the line a hands-free take answers, which comes back if the take does not.
        case recording(Take, partial: String, answering: Shown? = nil)
        case transcribing(Take, deadline: Double, answering: Shown? = nil)
        case confirming(Take, Prompt)
        case editing(Take, Prompt, LineEditor)
        /// A risky (or not wholly shown) command waits for `y`; `run` says what the user asked for.
        case confirmingRisk(Take, Prompt, run: Bool)
        case notice(Notice)
    }

    public enum Effect: Equatable, Sendable {
        /// Bytes for the remote, as the user typed them (the toggle key pressed twice).
        case sendToRemote([UInt8])
        /// Bytes typed while no dictation owns the keyboard: on to the remote, through the `~` escapes.
        case passThrough([UInt8])
        /// Bytes typed while a dictation owns the keyboard (or after its toggle): its keys, to decode.
        case keys([UInt8])
        /// The line changed outside a key or engine event (a notice dismissed): draw it again.
        case redraw
        /// Take `number` ended or was replaced: its audio and engine are needed no more.
        case release(take: Int)
        /// Start capturing audio and the engine for take `number`; `commands`: what it may say
        /// besides dictation, for the engine's own small model (`spokenCommands`).
        case startRecording(take: Int, commands: [String] = [], plainEnglish: Bool = false)
        /// Recording ends; the engine gets the end of the audio and finishes.
        case stopRecording
        /// Recording ends and the engine is stopped (the user cancelled, or it is over).
        case cancelRecording
        case cancelTranscription
        /// Write the history row (off the loop: its answer may come after the text is sent);
        /// report back with `saved` or `historyFailed`.
        case save(Entry)
        /// Send the text (and Enter when `run`); with `Settings.prints`, to standard output.
        case send(Prompt, run: Bool)
        /// Read the history for a spoken request; answer with `historyFound`.
        case findHistory(VoiceCommand.HistoryRequest)
        /// Have the intent model write a command for take `number`'s request, one unlike
        /// `others` (the commands Tab has shown); answer with `intentWritten` or `intentFailed`.
        case writeIntent(
            take: Int, request: String, refining: IntentPrompt.Refinement? = nil, others: [IntentAnswer] = [])
        /// The remote's PTY loses its bottom row to the dictation's line, or gets it back.
        case borrowRow
        case returnRow
        /// Draw the line for this state (the view fits it to the room there is), or take it off.
        case drawLine(State)
        case clearLine
        /// The screen under the line changed (`resized`: the window did): it finds its place again.
        case placeLine(resized: Bool)
        /// Bytes read while the terminal owes an answer and no dictation owns the keyboard: the
        /// terminal's answers are sorted out of them first, and what was typed comes to `typed`.
        case sortReplies([UInt8])
    }

    public struct Settings: Sendable {
        public var toggle: KeyChord
        public var send: SendPolicy
        public var production: Bool
        /// The engine's timeout, shown while transcribing.
        public var timeout: Double
        /// Seconds of silence after speech that end a recording (0: off).
        public var autoStop: Double = 0
        /// A second toggle this soon after the first sends the toggle key to the remote.
        public var doublePress: Double = 0.4
        public var noticeSeconds: Double = 6
        /// The `[fallback]` engine's timeout, which runs once the primary hands over (nil: 30 s).
        public var fallbackTimeout: Double?
        /// `hands_free`: takes answer, correct and key by voice (`DictationStateMachine+Voice`).
        public var handsFree = false
        /// The profile's spoken-shell aliases, for the words inside spoken commands.
        public var aliases: [String: String] = [:]
        /// `listen`: the text is printed, not confirmed, and only then saved (outcome printed).
        public var prints = false
        /// A take that begins with an intent lead ("how do I …") has the intent model write its
        /// command (`+Intent`), within this many seconds; nil: intent mode is off.
        public var intentTimeout: Double?
        /// The key that records a take heard as a request, lead or not (nil: none).
        public var intentKey: KeyChord?
        /// The history's words for a take in which no speech was heard: the wording layer's,
        /// which `DictationSession` sets (the machine makes no words of its own).
        public var noSpeechError: String?

        public init(
            toggle: KeyChord, send: SendPolicy = .confirm, production: Bool = false, timeout: Double = 30,
            autoStop: Double = 0, fallbackTimeout: Double? = nil, prints: Bool = false
        ) {
            self.toggle = toggle
            self.send = send
            self.production = production
            self.timeout = timeout
            self.autoStop = autoStop
            self.fallbackTimeout = fallbackTimeout
            self.prints = prints
        }
    }

    public let settings: Settings
    public internal(set) var state: State = .idle {
        didSet { if let old = oldValue.take?.number, old != state.take?.number { letGo.append(old) } }
    }
    /// Takes left since `released()` last said so.
    private var letGo: [Int] = []
    /// Keys pressed while the dictation owns the keyboard, with when, not yet taken (`nextKey`).
    var heldKeys: [(key: Key, at: Double)] = []
    private var takes = 0
    /// The characters of the text the line showed when last drawn (nothing yet: 0).
    var shownRoom = 0
    /// What dictation inserted on the remote's line since an Enter went out: an Enter runs it
    /// with the next text, so the two are checked together.
    var lineOnRemote = ""
    /// Hands-free mode's memory between takes.
    var voice = Voice()
    /// The take recorded again over an intent's command (`r`), and that command: its words
    /// change the command unless they ask anew (`+Intent`).
    var refinable: (take: Int, base: IntentPrompt.Refinement)?
    /// A shell's line editor is reading the keys (`remoteModes`): only then may `send = auto`
    /// run a line unasked; in `less` or `vim` the same bytes would be commands of theirs.
    public internal(set) var shellReading = false
    /// The remote shows a full-screen program (the alternate screen): only then are spoken keys keys.
    public internal(set) var fullScreen = false
    /// `send = auto` is in force: a shell is reading, so a line may run unasked (if it passes
    /// the checks in `transcribed`).
    var autoSends: Bool { settings.send == .auto && shellReading }

    public init(settings: Settings) {
        self.settings = settings
    }

    /// True while the dictation owns the keyboard (a notice does not: keys dismiss it and go on).
    public var ownsKeyboard: Bool {
        switch state {
        case .idle, .notice: false
        default: true
        }
    }

    /// The status line is up: a dictation, or a notice.
    public var showsLine: Bool { state != .idle }

    /// A key answers the text the line shows (to confirm or edit it), so it must wait until the
    /// line is on screen. Keys while recording or transcribing (stop, cancel, the double toggle)
    /// mean the same whatever the screen shows.
    var keysAnswerTheLine: Bool {
        switch state {
        case .confirming, .editing, .confirmingRisk: true
        default: false
        }
    }

    /// The take on screen, if any.
    public var take: Take? { state.take }

    /// The takes this machine has let go of since the last call (ended, or replaced by the next
    /// take): the driver frees their audio and stops their engine.
    public mutating func released() -> [Effect] {
        defer { letGo = [] }
        return letGo.map { .release(take: $0) }
    }

    /// Something on screen moves (a clock, a spinner, a notice that goes by itself).
    var animates: Bool {
        switch state {
        case .recording, .transcribing, .notice: true
        default: false
        }
    }

    // MARK: Keys

    /// The toggle key pressed while idle (or over a notice); `fullScreen`: the remote is in
    /// the alternate screen, so the line needs a row of its own.
    public mutating func toggle(now: Double, fullScreen: Bool = false, intent: Bool = false) -> [Effect] {
        switch state {
        case .idle:
            return record(now: now, borrowed: false, fullScreen: fullScreen, asksIntent: intent)
        case .notice(let notice):
            return record(now: now, borrowed: notice.borrowsRow, fullScreen: fullScreen, asksIntent: intent)
        default:
            return key(.toggle, now: now)
        }
    }

    public mutating func key(_ key: Key, now: Double) -> [Effect] {
        switch state {
        case .idle, .notice:
            return []
        case .recording(let take, _, _):
            switch key {
            case .toggle where now - take.startedAt < settings.doublePress:
                let key = take.asksIntent ? settings.intentKey ?? settings.toggle : settings.toggle
                return [.cancelRecording, .sendToRemote(key.bytes)] + idle(from: take)
            case .toggle, .enter:
                return stop(take, now: now)
            case .escape:
                voice.keysMode = false  // Esc while recording leaves keys mode too
                return [.cancelRecording] + idle(from: take)
            default:
                return []
            }
        case .transcribing(let take, _, _):
            guard key == .escape else { return [] }
            return [.cancelTranscription] + idle(from: take)
        case .confirming(let take, let prompt):
            switch key {
            case .enter: return deliver(take, prompt, run: false)
            case .control("r"): return deliver(take, prompt, run: true)
            case .text("e"), .text("E"):
                state = .editing(take, prompt, LineEditor(prompt.text))
                return []
            case .tab where take.intent != nil, .backTab where take.intent != nil:
                return otherCommand(take, prompt, by: key == .tab ? 1 : -1)
            case .tab, .backTab:
                // Picking a reading is acting on the shown text: a refined one no longer replaces it.
                var picked = take
                picked.refining = false
                state = .confirming(picked, take.heard?.prompt(after: prompt, by: key == .tab ? 1 : -1) ?? prompt)
                return []
            case .toggle where settings.handsFree:
                return listen(take, prompt, risk: nil, now: now)
            case .text("r"), .text("R"), .toggle:
                let effects = [.save(entry(take, .discarded, prompt))] + record(now: now, borrowed: take.borrowsRow)
                refinable = take.intent.map { (takes, .init(request: $0.request, command: prompt.text)) }
                return effects
            case .escape, .control("c"), .text("d"), .text("D"):
                return [.save(entry(take, .discarded, prompt))] + idle(from: take)
            default:
                return []
            }
        case .editing(let take, let prompt, var editor):
            switch key {
            case .enter, .control("r"):
                let edited = prompt.edited(to: editor.text)
                if edited.text.isEmpty { return [.save(entry(take, .discarded, edited))] + idle(from: take) }
                return deliver(take, edited, run: key != .enter, shownWhole: true)
            case .escape:
                state = .confirming(take, prompt)
                return []
            default:
                editor.apply(key)
                state = .editing(take, prompt, editor)
                return []
            }
        case .confirmingRisk(let take, let prompt, let run):
            if key == .toggle && settings.handsFree { return listen(take, prompt, risk: run, now: now) }
            if key == .text("y") || key == .text("Y") { return send(take, prompt, run: run) }
            state = .confirming(take, prompt)
            return []
        }
    }

    /// A key pressed over a notice: the notice goes (the key goes on to the remote).
    public mutating func dismissNotice() -> [Effect] {
        guard case .notice(let notice) = state else { return [] }
        state = .idle
        return notice.borrowsRow ? [.returnRow] : []
    }

    /// The line was drawn with room for `characters` of the text being confirmed.
    public mutating func shown(room characters: Int) -> [Effect] {
        shownRoom = characters
        return []
    }

    // MARK: Audio and engine

    /// Recording of take `number` stopped on its own (the maximum length was reached).
    public mutating func recordingEnded(take number: Int, now: Double) -> [Effect] {
        guard case .recording(let take, _, _) = state, take.number == number else { return [] }
        return stop(take, now: now)
    }

    /// The speech-presence detector changed its mind: speech is heard now, or it stopped.
    /// With `auto_stop`, `tick` ends the recording after that much silence following speech.
    public mutating func speech(_ heard: Bool, take number: Int, now: Double) -> [Effect] {
        guard case .recording(var take, let partial, let answering) = state, take.number == number else { return [] }
        take.silentSince = heard ? nil : now
        state = .recording(take, partial: partial, answering: answering)
        return []
    }

    /// Live words from an engine that reports them while audio arrives.
    public mutating func partial(_ text: String, take number: Int) -> [Effect] {
        if case .recording(let take, _, let answering) = state, take.number == number {
            state = .recording(take, partial: text, answering: answering)
        }
        return []
    }

    /// The engine of take `number` handed over to its fallback, whose own timeout now runs.
    public mutating func engineRestarted(take number: Int, timeout: Double, now: Double) -> [Effect] {
        switch state {
        case .recording(var take, let partial, let answering) where take.number == number:
            take.timeout = timeout
            state = .recording(take, partial: partial, answering: answering)
        case .transcribing(var take, _, let answering) where take.number == number:
            take.timeout = timeout
            state = .transcribing(take, deadline: now + timeout, answering: answering)
        default: break
        }
        return []
    }

    /// A remark of the engine on a take that still gives text (audio dropped, a reconnection):
    /// on take `number`, or on whichever is under way (nil: the engine's own, as it was built).
    public mutating func engineNote(_ note: String, take number: Int? = nil) -> [Effect] {
        if let number, state.take?.number != number { return [] }  // a take that is over
        switch state {
        case .recording(var take, let partial, let answering):
            take.notes.append(note)
            state = .recording(take, partial: partial, answering: answering)
        case .transcribing(var take, let deadline, let answering):
            take.notes.append(note)
            state = .transcribing(take, deadline: deadline, answering: answering)
        default: break
        }
        return []
    }

    /// The engine's text for take `number` (an engine may end the stream itself, while recording).
    public mutating func transcribed(_ heard: Heard, take number: Int, now: Double) -> [Effect] {
        var effects: [Effect] = []
        var take: Take
        switch state {
        case .recording(let current, _, _) where current.number == number:
            take = current
            take.stoppedAt = now
            effects = [.stopRecording]
        case .transcribing(let current, _, _) where current.number == number && current.intent == nil:
            take = current
        default:
            return []
        }
        take.heard = heard
        take.heardAt = now
        if settings.handsFree {
            let (voiced, done) = heardHandsFree(heard, take: take, now: now)
            effects += voiced
            if done { return effects }
        }
        if let asked = intent(in: heard, take: take, now: now) { return effects + asked }
        let prompt = heard.prompt(0)
        if prompt.text.isEmpty {
            let row = entry(take, .failed, prompt, error: settings.noSpeechError, keepAudio: true)
            state = .notice(
                Notice(
                    .noSpeech(toggle: settings.toggle.name), until: now + settings.noticeSeconds,
                    borrowsRow: take.borrowsRow))
            return effects + [.save(row)]
        }
        // The text comes before its row: a history that cannot be written must not lose it.
        if settings.prints {
            return effects + [.send(prompt, run: false), .save(entry(take, .printed, prompt))] + idle(from: take)
        }
        // `send = auto` runs a line only if it is read-only, the engine was sure of every word
        // and a shell is reading.
        if autoSends && prompt.risk == nil && !settings.production
            && ReadOnlyCheck.waitReason(prompt.text, unsureWords: !prompt.unsure.isEmpty) == nil
        {
            return effects + send(take, prompt, run: true)
        }
        state = .confirming(take, prompt)
        return effects
    }

    /// Take `number` could not be recorded or transcribed: its audio is kept with the reason.
    /// The history gets the whole `message`; the screen gets `brief` (a narrow terminal cuts
    /// a line's end), then the retry hint once the row is saved.
    public mutating func failed(
        take number: Int, message: String, brief: String? = nil, timedOut: Bool = false, now: Double
    ) -> [Effect] {
        let take: Take
        var effects: [Effect]
        switch state {
        case .recording(let current, _, _) where current.number == number:
            take = current
            effects = [.cancelRecording]
        case .transcribing(let current, _, _) where current.number == number:
            take = current
            effects = [.cancelTranscription]
        default:
            return []
        }
        effects += dropShownLine(.discarded)
        effects.append(.save(entry(take, timedOut ? .timedOut : .failed, nil, error: message, keepAudio: true)))
        var notice = Notice(
            .problem(brief ?? message), until: now + settings.noticeSeconds, borrowsRow: take.borrowsRow,
            awaitsRow: true)
        notice.take = take.number
        state = .notice(notice)
        return effects
    }

    /// Dictation cannot start (no engine, no microphone): a notice, nothing recorded.
    public mutating func unavailable(_ message: String, now: Double) -> [Effect] {
        let take = self.take
        var effects: [Effect] = []
        if case .recording = state { effects.append(.cancelRecording) }
        effects += dropShownLine(.discarded)
        state = .notice(
            Notice(.problem(message), until: now + settings.noticeSeconds, borrowsRow: take?.borrowsRow ?? false))
        return effects
    }

    // MARK: History

    /// Take `take`'s row, asked for by `save`, was written (`id` nil: the profile keeps no history).
    public mutating func saved(id: Int64?, take: Int) -> [Effect] {
        guard case .notice(var notice) = state, notice.awaitsRow, notice.take == take else { return [] }
        notice.awaitsRow = false
        notice.retry = id
        state = .notice(notice)
        return []
    }

    /// Take `take`'s row, asked for by `save`, could not be written (nil: no history is kept):
    /// the user is told, as a notice. The session holds it while a take is under way.
    public mutating func historyFailed(_ message: String, take: Int?, now: Double) -> [Effect] {
        switch state {
        case .notice(var notice):
            if take == nil || notice.take == take { notice.awaitsRow = false }
            notice.also.append(message)
            notice.until = now + settings.noticeSeconds
            state = .notice(notice)
        case .idle:
            state = .notice(Notice(.problem(message), until: now + settings.noticeSeconds, borrowsRow: false))
        default:
            break  // never: the session holds it until no take is under way
        }
        return []
    }

    // MARK: Time and the end

    public mutating func tick(now: Double) -> [Effect] {
        switch state {
        case .notice(let notice) where now >= notice.until:
            state = .idle
            return notice.borrowsRow ? [.returnRow] : []
        case .recording(let take, _, _):
            guard settings.autoStop > 0, let quiet = take.silentSince, now - quiet >= settings.autoStop else {
                return []
            }
            return stop(take, now: now)
        default:
            return []
        }
    }

    /// The session ends (a hang-up, SIGTERM, a lost connection) with a take on screen: the
    /// take is kept, text and audio, as interrupted, so `history retry` and `show` have it.
    public mutating func interrupted(_ reason: String, now: Double) -> [Effect] {
        var effects: [Effect]
        var prompt: Prompt?
        var take: Take
        switch state {
        case .idle, .notice:
            return []
        case .recording(let current, _, _):
            take = current
            take.stoppedAt = now
            effects = [.cancelRecording]
        case .transcribing(let current, _, _):
            take = current
            effects = [.cancelTranscription]
        case .confirming(let current, let shown), .confirmingRisk(let current, let shown, _):
            take = current
            prompt = shown
            effects = []
        case .editing(let current, let shown, let editor):
            take = current
            prompt = shown.edited(to: editor.text)
            effects = []
        }
        effects += dropShownLine(.interrupted, error: reason)
        effects.append(.save(entry(take, .interrupted, prompt, error: reason, keepAudio: true)))
        state = .idle
        return effects
    }

    // MARK: Steps

    /// A new take; `answering`: the hands-free line it answers.
    mutating func record(
        now: Double, borrowed: Bool, fullScreen: Bool = false, answering: Shown? = nil, asksIntent: Bool = false
    ) -> [Effect] {
        takes += 1
        shownRoom = 0
        let borrow = fullScreen && !borrowed
        var take = Take(number: takes, startedAt: now, borrowsRow: borrowed || borrow, timeout: settings.timeout)
        take.asksIntent = asksIntent
        state = .recording(take, partial: "", answering: answering)
        let start = Effect.startRecording(
            take: takes, commands: asksIntent ? [] : spokenCommands, plainEnglish: asksIntent)
        return (borrow ? [.borrowRow] : []) + [start]
    }

    private mutating func stop(_ take: Take, now: Double) -> [Effect] {
        var take = take
        take.stoppedAt = now
        state = .transcribing(take, deadline: now + take.timeout, answering: answering)
        return [.stopRecording]
    }

    mutating func idle(from take: Take) -> [Effect] {
        if backToShownLine() { return [] }  // a take answering a line ended unanswered
        state = .idle
        return take.borrowsRow ? [.returnRow] : []
    }

    /// `shownWhole`: the text was on screen in full (the editor scrolls through all of it);
    /// from the one-line view a text that did not fit needs the `y` a risky one gets, and so
    /// does running a line the shell would not finish (it would wait at `>` for the rest).
    mutating func deliver(_ take: Take, _ prompt: Prompt, run: Bool, shownWhole: Bool = false) -> [Effect] {
        var prompt = prompt
        // Enter runs the whole remote line: what was inserted there before, and this text.
        let line = lineOnRemote + prompt.text
        if run, prompt.risk == nil, !lineOnRemote.isEmpty, let reason = RiskCheck.reason(line) {
            prompt.risk = "with \(lineOnRemote.trimmingCharacters(in: .whitespaces)) on the line before it, \(reason)"
        }
        let unseen = !shownWhole && !fits(prompt)
        if (prompt.risk != nil && (run || settings.production)) || (run && prompt.unfinished != nil) || unseen {
            state = .confirmingRisk(take, prompt, run: run)
            return []
        }
        return send(take, prompt, run: run)
    }

    mutating func send(_ take: Take, _ prompt: Prompt, run: Bool) -> [Effect] {
        let outcome: Dictation.Outcome = run ? .ran : prompt.edited ? .edited : .inserted
        lineOnRemote = run ? "" : lineOnRemote + prompt.text
        return [.save(entry(take, outcome, prompt)), .send(prompt, run: run)] + idle(from: take)
    }

    /// Whether the text was on the line whole when it was last drawn.
    private func fits(_ prompt: Prompt) -> Bool {
        prompt.text.count <= shownRoom
    }

    func entry(
        _ take: Take, _ outcome: Dictation.Outcome, _ prompt: Prompt?, error: String? = nil, keepAudio: Bool = false
    ) -> Entry {
        let notes = ([error].compactMap { $0 } + take.notes).joined(separator: "; ")
        return Entry(
            take: take, outcome: outcome, text: prompt?.text ?? "",
            rawText: prompt?.rawText ?? take.heard?.rawText ?? "",
            error: notes.isEmpty ? nil : notes, keepAudio: keepAudio, reading: prompt?.reading,
            readings: prompt?.readings ?? take.heard?.readings.count ?? 1)
    }
}

extension DictationStateMachine.Take {
    /// A take that starts at `startedAt` (the recording indicator of `record` and `listen` shows one).
    public init(number: Int, startedAt: Double, borrowsRow: Bool = false, timeout: Double = 30) {
        self.init(number: number, startedAt: startedAt, borrowsRow: borrowsRow, stoppedAt: nil, timeout: timeout)
    }
}
