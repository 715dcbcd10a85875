/// The whole dictation of a session as one pure value: every input the session has goes in
/// (keys as read, the remote's output and modes, the take's audio and engine reports, the
/// store's answers, time), and everything to do comes out (`Output`: bytes for the remote
/// and for the screen, orders for the microphone, the engine and the store). It decodes
/// keys, routes the terminal's answers, fits and draws the line and decides when, around
/// `DictationStateMachine`, which decides what a dictation does; while carrying the machine's
/// effects out it asks the machine again (keys, the line's room, unasked replies), within this
/// one value. What the store or an engine answers is a later input. `DictationController`
/// carries a session's output out; `listen` drives the same value.
public struct DictationSession: Sendable {
    public enum Input: Sendable {
        /// A read from the keyboard, as read.
        case keyboard([UInt8])
        /// The remote's output is about to be written: the line comes off first.
        case remoteWillWrite
        /// The remote's terminal modes after its latest output.
        case remoteModes(TerminalModes)
        /// The output is written: the questions it asked the terminal (their answers are the
        /// remote's), and the bottom row of the screen copy, when one is kept (`Output.screenCopy`).
        case remoteWrote(queries: [TerminalReply.Kind], bottomRow: [UInt8]?)
        /// The window changed size (the screen copy, if kept, is resized first).
        case resized(bottomRow: [UInt8]?)
        /// The loop's turn: what the take's audio and engine reported since (`woken`), and time.
        case turn([Report], woken: Bool)
        /// The row for the take in `Output.rows` was written, with this id (nil: none kept).
        case saved(id: Int64?)
        /// It could not be written.
        case notSaved(StoreError)
        /// The commands a spoken history request (`Output.search`) found, newest first.
        case found([String])
        /// The microphone would not start (the take's `Output.record`).
        case noMicrophone(AudioError)
        /// The user cancelled outside the keyboard's reach (a signal while `listen` records).
        case cancel
        /// The session ends, for this reason: a take under way is kept as interrupted.
        case ending(String)
    }

    /// What a take's audio and engine say, on their own threads, for the next turn.
    public enum Report: Sendable {
        /// Live words (already in shell form).
        case partial(String, take: Int)
        /// The first of an engine's two texts (the edge engine's first ear).
        case heardFirst(Heard, take: Int)
        case heard(Heard, take: Int)
        case engineFailed(EngineError, take: Int)
        case audioFailed(AudioError, take: Int)
        case recordingFull(take: Int)
        /// Whether speech is heard now (only with `auto_stop`).
        case speech(Bool, take: Int)
        /// The primary engine failed and its fallback now runs.
        case fallingBack(take: Int)
        /// A stream engine's remark on a stream that still gives text.
        case engineNote(String)
        /// The intent model's command for an intent take (`Output.intent`), or why there is none.
        case intentWritten(Intent, take: Int)
        case intentFailed(IntentError, take: Int)
    }

    /// Everything one input asks for. The controller carries it out in this order: audio off,
    /// rows saved, takes released, then a new recording; bytes go to the loop.
    public struct Output: Equatable, Sendable {
        /// Keys as typed, on to the remote through the `~` escapes.
        public var typed: [UInt8] = []
        /// The dictation's own bytes for the remote (its text, answers to the remote's questions).
        public var remote: [UInt8] = []
        /// Bytes for the local terminal: the line, and its questions to the terminal.
        public var screen: [UInt8] = []
        /// Text for standard output (`Settings.prints`).
        public var printed: [String] = []
        /// The microphone stops (the engine gets the end of the audio).
        public var stopsRecording = false
        /// The engine of the take under way is stopped.
        public var cancelsEngine = false
        /// History rows to write, in order; each is answered with `saved` or `notSaved`.
        public var rows: [DictationStateMachine.Entry] = []
        /// Takes whose audio and engine are needed no more.
        public var released: [Int] = []
        /// A spoken history request to look up; answered with `found`.
        public var search: VoiceCommand.HistoryRequest?
        /// A take to record.
        public var record: Start?
        /// An intent take's request for the intent model; answered with `intentWritten` or `intentFailed`.
        public var intent: IntentOrder?
        /// Keep a copy of the remote's full screen of this size (a program on the alternate
        /// screen), or stop keeping it: the row under a borrowed line is painted back from it.
        public var screenCopy: ScreenCopy?

        public init() {}
    }

    /// Take `take` starts recording; `commands`: what it may say besides dictation, for the
    /// engine's own small model.
    public struct Start: Equatable, Sendable {
        public let take: Int
        public let commands: [String]
        /// Heard as a request in plain English (the intent key), not as shell talk.
        public var plainEnglish = false
    }

    /// Take `take` asks the intent model for a command: `request`, in plain English.
    public struct IntentOrder: Equatable, Sendable {
        public let take: Int
        public let request: String
        /// The command this request changes (a take recorded again over it), or nil.
        public let refining: IntentPrompt.Refinement?
        /// The commands already written for it: Tab asks for one unlike them.
        public var others: [IntentAnswer] = []
    }

    public enum ScreenCopy: Equatable, Sendable {
        case keep(columns: Int, rows: Int)
        case drop
    }

    /// What the session is like now, beside the input: the clock, the window, the meter.
    public struct Moment: Sendable {
        public var now: Double
        /// Columns and rows; nil when the output is not a terminal (nothing is drawn).
        public var window: StatusLine.Size?
        /// The recording's level, for the meter.
        public var level: Double

        public init(now: Double, window: StatusLine.Size?, level: Double = 0) {
            (self.now, self.window, self.level) = (now, window, level)
        }
    }

    public struct Settings: Sendable {
        public var machine: DictationStateMachine.Settings
        /// Why no engine could be built (dictation is off), or nil.
        public var engineMissing: EngineError?
        /// Whether rows are written: `.notKept(reason)` answers saves itself, telling the
        /// reason once (nil: nothing to tell).
        public var history: History = .kept
        /// Marks doubt in plain characters (a terminal without underline).
        public var plainMarks = false

        public enum History: Sendable {
            case kept
            case notKept(reason: StoreError?)
        }

        /// Words for every problem that reaches the session.
        public var wording: any DictationWording

        public init(
            machine: DictationStateMachine.Settings, wording: any DictationWording, engineMissing: EngineError? = nil,
            history: History = .kept, plainMarks: Bool = false
        ) {
            (self.machine, self.wording, self.engineMissing, self.history, self.plainMarks) = (
                machine, wording, engineMissing, history, plainMarks
            )
        }
    }

    /// How long bytes that may begin a longer key wait for the rest of it.
    public static let keyWait = 0.03

    public let settings: Settings
    public private(set) var machine: DictationStateMachine
    private let view: DictationView
    private var line = StatusLine()
    private var decoder: KeyDecoder
    /// Replies to questions asked of the terminal, by voicesh or the remote, found among keystrokes.
    private var replies = TerminalReplyFilter()
    private var route = ReplyRoute()
    private var modes = TerminalModes()
    /// The bottom row of the remote's full screen, while a copy of it is kept.
    private var bottomRow: [UInt8]?
    private var keepsScreen = false
    /// Every question the line asked is voicesh's to answer, in the order written.
    private var questionsRouted = 0
    /// When the keyboard last gave bytes, and when time last moved on.
    private var lastInput = 0.0
    private var lastTick = 0.0
    private var toldHistoryOff = false
    /// The typed bytes the machine let through to the remote, for the read that is going on.
    private var passing: [UInt8] = []
    /// A read with the terminal's answers sorted out (`sortReplies`), for `typed`.
    private var sorted: (bytes: [UInt8], typed: Bool)?
    private var out = Output()
    private var moment = Moment(now: 0, window: nil)

    public init(settings: Settings) {
        self.settings = settings
        machine = DictationStateMachine(settings: settings.machine)
        view = DictationView(toggle: settings.machine.toggle, plainMarks: settings.plainMarks)
        decoder = KeyDecoder(toggle: settings.machine.toggle, intentKey: settings.machine.intentKey)
    }

    /// When time must move on at the latest: soon while bytes wait for the rest of a key (a
    /// lone ESC, whose wait must end even while the loop stays busy, or a key typed later
    /// would join it: ESC b read as alt-b), at the line's next frame; nil: only when woken.
    public var deadline: Double? {
        if decoder.isWaiting || replies.isWaiting { return lastInput + Self.keyWait }
        return machine.nextFrame(after: lastTick, lineOnScreen: lineShown)
    }

    public mutating func handle(_ input: Input, at moment: Moment) -> Output {
        self.moment = moment
        switch input {
        case .keyboard(let bytes): out.typed = read(bytes)
        case .remoteWillWrite: if let size { out.screen += line.remoteWillWrite(size) }
        case .remoteModes(let modes): remoteModes(modes)
        case .remoteWrote(let queries, let row):
            route.remoteAsked(queries)
            bottomRow = row
            keepBottomRow()
            perform(machine.screenChanged(resized: false))
        case .resized(let row):
            bottomRow = row
            perform(machine.screenChanged(resized: true))
        case .turn(let reports, let woken): turn(reports, woken: woken)
        case .saved(let id): answered(machine.saved(id: id))
        case .notSaved(let error): answered(machine.historyFailed(words(.rowNotWritten(error)), now: now))
        case .found(let commands): answered(machine.historyFound(commands, now: now))
        case .noMicrophone(let error): answered(machine.unavailable(words(.noMicrophone(error)), now: now))
        case .cancel: answered(machine.key(.escape, now: now))
        case .ending(let reason):
            perform(machine.interrupted(reason, now: now))
            if let size { out.screen += line.clear(size) }
        }
        defer { out = Output() }
        return out
    }

    private var now: Double { moment.now }
    private var size: StatusLine.Size? { moment.window }

    // MARK: Keys

    private mutating func read(_ input: [UInt8]) -> [UInt8] {
        lastInput = now
        passing = []
        let awaited = route.isWaiting || replies.isWaiting
        perform(machine.read(input, answersAwaited: awaited, now: now, fullScreen: modes.alternateScreen))
        guard let keys = sorted else { return passing }
        sorted = nil
        guard keys.typed else { return keys.bytes }  // only answers for the remote: nothing the user typed
        perform(machine.typed(keys.bytes, now: now, fullScreen: modes.alternateScreen))
        return passing
    }

    /// Each of the terminal's answers to whoever asked; the remote's stay in their place among
    /// the keys typed around them.
    private mutating func sortReplies(_ input: [UInt8]) -> (bytes: [UInt8], typed: Bool) {
        var bytes: [UInt8] = []
        var typed = false
        for piece in replies.feed(input) {
            switch piece {
            case .keys(let keys):
                bytes += keys
                typed = typed || !keys.isEmpty
            case .reply(let reply): bytes += replied(reply)
            }
        }
        return (bytes, typed)
    }

    /// Keys for the dictation, which the machine takes when the line lets it (`nextKey`);
    /// replies go to whoever asked.
    private mutating func keys(_ keys: [Key]) {
        for key in keys {
            if case .reply(let reply) = key {
                out.remote += replied(reply)
            } else {
                machine.pressed(key, now: now)  // the time it was pressed (a double toggle)
            }
        }
        // The line goes up (or asks where) before its keys are taken; drawn already, it is not drawn twice.
        let shown = lineShown
        if !shown { render() }
        var took = false
        while let effects = machine.nextKey(lineShown: lineShown) {
            perform(effects)
            render()
            took = true
        }
        if shown && !took { render() }
    }

    /// The line is on screen, or can never be (a terminal that never says where its cursor is:
    /// its keys go at once, as before).
    private var lineShown: Bool { line.isVisible || line.terminalSilent }

    /// A reply from the terminal: voicesh's own question answered (the line may be drawn), or
    /// the remote's, whose bytes are returned to go on to it unchanged.
    private mutating func replied(_ reply: TerminalReply) -> [UInt8] {
        switch route.route(reply) {
        case .remote: return reply.bytes
        case .voicesh:
            if let size, let (row, column) = reply.position {
                out.screen += line.cursorReported(row: row, column: column, size: size, now: now)
                noteAsked()
            }
            return []
        case nil:  // no one asked: a key, as typed, unless a dictation owns the keyboard
            var bytes: [UInt8] = []
            for case .sendToRemote(let key) in machine.unaskedReply(reply.bytes) { bytes += key }
            return bytes
        }
    }

    /// Asks the terminal where the cursor is, if the line has no question on its way.
    private mutating func askCursor() {
        out.screen += line.ask(now: now)
        noteAsked()
    }

    private mutating func noteAsked() {
        while questionsRouted < line.questionsAsked {
            route.voiceshAsked()
            questionsRouted += 1
        }
    }

    // MARK: The remote's screen

    private mutating func remoteModes(_ modes: TerminalModes) {
        self.modes = modes
        perform(machine.remoteModes(modes, now: now))
        // A copy of the screen is kept while a full-screen program has it, once its size is known.
        if modes.alternateScreen, !keepsScreen, let size {
            keepsScreen = true
            out.screenCopy = .keep(columns: size.columns, rows: size.rows)
        } else if !modes.alternateScreen, keepsScreen {
            keepsScreen = false
            bottomRow = nil
            out.screenCopy = .drop
        }
    }

    /// The bottom row as the program has it now, for the line to paint back when it comes off.
    private mutating func keepBottomRow() {
        guard line.borrowsRow, let bottomRow else { return }
        line.underneath = bottomRow
    }

    // MARK: Turns

    /// The take's reports first, then time (reports may come faster than a held key's wait runs out).
    private mutating func turn(_ reports: [Report], woken: Bool) {
        if woken {
            for report in reports { perform(reported(report)) }
            render()
        }
        guard woken || deadline.map({ now >= $0 }) == true else { return }
        lastTick = now
        if now - lastInput >= Self.keyWait {
            let held = decoder.timeout()  // a lone ESC, say: nothing more came in time
            if !held.isEmpty { keys(held) }
            out.remote += replies.timeout()
        }
        perform(machine.tick(now: now))
        keys([])  // draws the line (asking again for a lost answer) and takes the keys that waited for it
    }

    private mutating func reported(_ report: Report) -> [DictationStateMachine.Effect] {
        switch report {
        case .partial(let words, let take): machine.partial(words, take: take)
        case .engineNote(let note): machine.engineNote(note)
        case .fallingBack(let take): machine.fallingBack(take: take, now: now)
        case .speech(let heard, let take): machine.speech(heard, take: take, now: now)
        case .recordingFull(let take): machine.recordingEnded(take: take, now: now)
        case .audioFailed(let error, let take):
            machine.failed(take: take, message: words(.audioFailed(error)), now: now)
        case .heardFirst(let heard, let take): machine.heardFirst(heard, take: take, now: now)
        case .heard(let heard, let take): machine.heardFinal(heard, take: take, now: now)
        case .intentWritten(let intent, let take): machine.intentWritten(intent, take: take, now: now)
        case .intentFailed(let error, let take):
            machine.intentFailed(
                error, take: take, message: words(.intentFailed(error)),
                brief: settings.wording.brief(.intentFailed(error)), now: now)
        case .engineFailed(let error, let take):
            machine.refineFailed(
                error, take: take, message: words(.engineFailed(error)),
                brief: settings.wording.brief(.engineFailed(error)), now: now)
        }
    }

    /// An answer to an earlier order (the store's, the microphone's): its effects, and the line.
    private mutating func answered(_ effects: [DictationStateMachine.Effect]) {
        perform(effects)
        keys([])
    }

    // MARK: Effects

    private mutating func perform(_ effects: [DictationStateMachine.Effect]) {
        for effect in effects + machine.released() { carryOut(effect) }
    }

    private mutating func carryOut(_ effect: DictationStateMachine.Effect) {
        switch effect {
        case .sendToRemote(let bytes): out.remote += bytes
        case .passThrough(let bytes): passing += bytes
        case .keys(let bytes): keys(decoder.feed(bytes))
        case .redraw: render()
        case .release(let take): out.released.append(take)
        case .startRecording(let take, let commands, let plainEnglish):
            startRecording(take, commands: commands, plainEnglish: plainEnglish)
        case .stopRecording: out.stopsRecording = true
        case .cancelRecording:
            out.stopsRecording = true
            out.cancelsEngine = true
        case .cancelTranscription: out.cancelsEngine = true
        case .save(let entry): save(entry)
        case .findHistory(let request): out.search = request
        case .writeIntent(let take, let request, let refining, let others):
            out.intent = IntentOrder(take: take, request: request, refining: refining, others: others)
        case .send(let prompt, _) where settings.machine.prints: out.printed.append(prompt.text)
        case .send(let prompt, let run):
            if let size { out.screen += line.erase(size) }
            out.remote += ShellInput.encode(prompt.text, bracketedPaste: modes.bracketedPaste, run: run)
        case .borrowRow:
            line.borrowsRow = true
            keepBottomRow()
        case .returnRow:
            if let size { out.screen += line.clear(size) }
            line.borrowsRow = false
            line.underneath = []
        case .drawLine(let state):
            guard let size else { return }
            guard let width = line.room(size) else { return askCursor() }
            let drawn = view.render(state, level: moment.level, now: now, width: width)
            out.screen += line.draw(drawn.line, size: size)
            if let room = drawn.textRoom { perform(machine.shown(room: room)) }
        case .clearLine:
            if let size { out.screen += line.clear(size) }
        case .placeLine(let resized):
            if resized {
                guard let size else { return }
                out.screen += line.resized(size)
                keepBottomRow()
            }
            askCursor()
        case .sortReplies(let input): sorted = sortReplies(input)
        }
    }

    /// A take starts: its recording, unless no engine could be built (dictation is off).
    private mutating func startRecording(_ take: Int, commands: [String], plainEnglish: Bool) {
        if let why = settings.engineMissing {
            return perform(machine.unavailable(words(.dictationOff(why)), now: now))
        }
        out.record = Start(take: take, commands: commands, plainEnglish: plainEnglish)
        askCursor()
    }

    /// A row to write; without a history the session answers for the store, telling why once.
    private mutating func save(_ entry: DictationStateMachine.Entry) {
        out.rows.append(entry)
        guard case .notKept(let reason) = settings.history else { return }
        guard let reason, !toldHistoryOff else { return perform(machine.saved(id: nil)) }
        toldHistoryOff = true
        perform(machine.historyFailed(words(.historyOff(reason)), now: now))
    }

    private func words(_ problem: DictationProblem) -> String {
        settings.wording.full(problem)
    }

    /// The line as the machine says it is now.
    private mutating func render() {
        for effect in machine.draw() { carryOut(effect) }
    }
}
