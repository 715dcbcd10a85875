/// The whole dictation of a session as one pure value: every input the session has goes in
/// (keys as read, the remote's output and modes, the take's audio and engine reports, the
/// store's answers, time), and everything to do comes out (`Output`: bytes for the remote
/// and for the screen, orders for the microphone, the engine and the store). It decodes
/// keys, routes the terminal's answers, fits and draws the line and decides when, around
/// `DictationStateMachine`, which decides what a dictation does. Carrying the machine's
/// effects out never calls it back: what it must hear next (a decoded key, the line's room, a
/// save with no history) is queued, and one loop hands it over (`drain`). What the store or an
/// engine answers is a later input. `DictationController` carries its output out, in a
/// session and in `listen` (a session that prints, and says how it `ended`).
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
        /// The row for take `take` in `Output.rows` was written, with this id (nil: none kept).
        case saved(id: Int64?, take: Int)
        /// It could not be written.
        case notSaved(StoreError, keptAt: String? = nil, take: Int)
        /// The commands a spoken history request (`Output.search`) found, newest first.
        case found([String])
        /// The microphone would not start (the take's `Output.record`).
        case noMicrophone(AudioError)
        /// The user stopped the recording outside the keyboard's bytes (`listen`: Enter, a line
        /// or the end of its standard input), as Enter does.
        case stop
        /// The user cancelled outside the keyboard's bytes (`listen`: Esc, ctrl-c), as Esc does.
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
        /// A stream engine's remark on a stream that still gives text: on its take, or (nil) on
        /// the engine as it was built.
        case engineNote(String, take: Int?)
        /// The intent model's command for an intent take (`Output.intent`), or why there is none.
        case intentWritten(Intent, take: Int)
        case intentFailed(IntentError, take: Int)
        /// The command as the model has written it so far (no explanation yet);
        /// `checked`: it passed the check, so no repair will replace it.
        case intentDraft(Intent, checked: Bool, take: Int)
    }

    /// Everything one input asks for. The controller carries it out in this order: audio off,
    /// rows written (or queued), takes released, then a new recording; bytes go to the loop.
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
        /// When time must move on at the latest, as this input left the session (`deadline`):
        /// the driver's next timer, which only an input moves.
        public var deadline: Double?
        /// Nothing is up: until the next input, a read these let pass would only be typed on,
        /// so it may go on without one (nil: every read is an input), and `remoteWillWrite`
        /// takes nothing off the screen, so it may come after the output.
        public var plainKeys: PlainKeys?

        public init() {}
    }

    /// Take `take` starts recording; `commands`: what it may say besides dictation, for the
    /// engine's own small model.
    public struct Start: Equatable, Sendable {
        public let take: Int
        public let commands: [String]
        /// Heard as a request in plain English (the intent key), not as shell talk.
        public var plainEnglish = false
        /// Stopped by a key read with the one that began it (toggle and Enter together): the
        /// microphone stops as soon as it starts, so no take records unseen.
        public var stopsAtOnce = false
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

    /// How a printing session's take ended (`listen`): said once no take is under way and
    /// its row is answered.
    public enum Ended: Equatable, Sendable {
        /// Let go with no row (Esc while recording or transcribing).
        case cancelled
        /// The microphone would not start.
        case noMicrophone(AudioError)
        /// Its row (printed, failed, interrupted), and what the store said of it.
        case row(DictationStateMachine.Entry, Written)
    }

    public enum Written: Equatable, Sendable {
        /// Written, with this id (nil: none kept).
        case saved(Int64?)
        /// Not written; a recording kept for a retry went to `keptAt` instead (nil: nowhere).
        case notSaved(StoreError, keptAt: String?)
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
    /// How long a bracketed paste waits for its end: a paste comes in reads far apart on a busy
    /// loop or a slow link, and its rest must never be read as keys (a newline that confirms).
    public static let pasteWait = 1.0

    /// The wait for what the decoder holds.
    private var heldWait: Double { decoder.isPasting ? Self.pasteWait : Self.keyWait }

    public let settings: Settings
    public private(set) var machine: DictationStateMachine
    private let view: DictationView
    private var line = StatusLine()
    private var decoder: KeyDecoder
    /// What a quiet session lets past (the chords are the settings'): made once.
    private let plainKeys: PlainKeys
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
    /// Rows that could not be written, said once the user has no take under way: a row is
    /// answered after its text is sent, when the next take may have begun.
    private var heldProblems: [(message: String, take: Int?)] = []
    /// The typed bytes the machine let through to the remote, for the read that is going on.
    private var passing: [UInt8] = []
    /// A read with the terminal's answers sorted out (`.sortReplies`): its bytes, and whether
    /// any of them were typed.
    private var sorted: (bytes: [UInt8], typed: Bool)?
    /// What is left to do for the input being handled (`drain`).
    private var steps: [Step] = []
    private var out = Output()
    private var moment = Moment(now: 0, window: nil)
    /// A printing session's end, once it has come; its take began, and the row it awaits.
    public private(set) var ended: Ended?
    private var began = false
    private var rowAwaited: DictationStateMachine.Entry?

    public init(settings: Settings) {
        self.settings = settings
        var words = settings.machine
        words.noSpeechError = settings.wording.full(.engineFailed(.noSpeech))
        machine = DictationStateMachine(settings: words)
        view = DictationView(toggle: settings.machine.toggle, plainMarks: settings.plainMarks)
        decoder = KeyDecoder(toggle: settings.machine.toggle, intentKey: settings.machine.intentKey)
        plainKeys = PlainKeys(toggle: settings.machine.toggle, intentKey: settings.machine.intentKey)
    }

    /// When time must move on at the latest: soon while bytes wait for the rest of a key (a
    /// lone ESC, whose wait must end even while the loop stays busy, or a key typed later
    /// would join it: ESC b read as alt-b), at the line's next frame; nil: only when woken.
    public var deadline: Double? {
        let waits = [decoder.isWaiting ? heldWait : nil, replies.isWaiting ? Self.keyWait : nil].compactMap { $0 }
        if let wait = waits.min() { return lastInput + wait }
        return machine.nextFrame(after: lastTick, lineOnScreen: lineShown)
    }

    public mutating func handle(_ input: Input, at moment: Moment) -> Output {
        self.moment = moment
        switch input {
        case .keyboard(let bytes):
            (lastInput, passing) = (now, [])
            steps = [.read(bytes, answersAwaited: route.isWaiting || replies.isWaiting), .readDone]
        case .remoteWillWrite: if let size { out.screen += line.remoteWillWrite(size) }
        case .remoteModes(let modes):
            remoteModes(modes)
            steps = [.remoteModes(modes)]
        case .remoteWrote(let queries, let row):
            route.remoteAsked(queries)
            bottomRow = row
            keepBottomRow()
            steps = [.screenChanged(resized: false)]
        case .resized(let row):
            bottomRow = row
            steps = [.screenChanged(resized: true)]
        case .turn(let reports, let woken): steps = turn(reports, woken: woken)
        // An answer to an earlier order (the store's, the microphone's): its effects, and the line.
        case .saved(let id, let take): steps = [.saved(id, take: take), .takeKeys]
        case .notSaved(let error, let kept, let take):
            steps = [.historyFailed(words(.rowNotWritten(error, keptAt: kept)), take: take), .takeKeys]
        case .found(let commands): steps = [.found(commands), .takeKeys]
        case .noMicrophone(let error): steps = [.unavailable(words(.noMicrophone(error))), .takeKeys]
        case .stop: steps = [.key(.enter), .takeKeys]
        case .cancel: steps = [.key(.escape), .takeKeys]
        case .ending(let reason): steps = [.interrupted(reason), .effect(.clearLine)]
        }
        drain()
        if settings.machine.prints { settle(after: input) }
        out.deadline = deadline
        out.plainKeys = quiet ? plainKeys : nil
        defer { out = Output() }
        return out
    }

    private var now: Double { moment.now }
    private var size: StatusLine.Size? { moment.window }

    /// No take, line or notice is up (nor drawn), no key or answer is held for its rest or
    /// awaited, and no problem waits to be said: a read of plain keys changes nothing but
    /// what is typed, and the remote's output has nothing to wait for.
    private var quiet: Bool {
        machine.state == .idle && !line.isVisible && !decoder.isWaiting && !replies.isWaiting
            && !route.isWaiting && sorted == nil && heldProblems.isEmpty && !settings.machine.prints
    }

    // MARK: The one loop

    /// What is left to do for an input, in order: an input for the machine, an effect of its
    /// to carry out, or the session's own move between them. Carrying an effect out never
    /// calls the machine; it queues what the machine must hear next (a decoded key, the
    /// line's room, a save with no history), and `take` alone calls it.
    private enum Step {
        case read([UInt8], answersAwaited: Bool)
        case typed([UInt8])
        case remoteModes(TerminalModes)
        case screenChanged(resized: Bool)
        case report(Report)
        case saved(Int64?, take: Int)
        case historyFailed(String, take: Int?)
        case found([String])
        case unavailable(String)
        case key(Key)
        case interrupted(String)
        case tick
        /// A decoded key, which the machine holds until the line lets it be taken.
        case pressed(Key)
        /// The next held key the line lets through, then another; `drawIfNone`: the line is
        /// drawn again if none is taken.
        case nextKey(drawIfNone: Bool)
        case shown(room: Int)
        /// The line as the machine says it is now.
        case draw
        /// A terminal reply among a dictation's keys, to whoever asked; the machine says
        /// whether one no one asked for goes on as a key.
        case reply(TerminalReply)
        /// A piece of a read whose replies are sorted out, gathered for `typed`.
        case sorted(TerminalReplyFilter.Piece)
        case effect(DictationStateMachine.Effect)
        /// The line goes up (or asks where) and takes the keys that waited for it.
        case takeKeys
        /// The read's effects are carried out: its bytes that pass on are `Output.typed`.
        case readDone
        /// Time moved on (`turn`).
        case time
    }

    /// Takes the queued steps until none is left. A step's own next steps come before those
    /// already waiting, so everything happens in the order of the calls they stand for.
    private mutating func drain() {
        while !steps.isEmpty {
            steps.insert(contentsOf: take(steps.removeFirst()), at: 0)
            if steps.isEmpty, !heldProblems.isEmpty, machine.state.take == nil {
                let held = heldProblems.removeFirst()
                steps = [.historyFailed(held.message, take: held.take), .takeKeys]
            }
        }
    }

    /// One step, and the steps it leads to. The one place the machine is called: once per
    /// step, its effects (with the takes it let go) are the next steps.
    private mutating func take(_ step: Step) -> [Step] {
        let fullScreen = modes.alternateScreen
        var after: [Step] = []
        let effects: [DictationStateMachine.Effect]
        switch step {
        case .read(let bytes, let awaited):
            effects = machine.read(bytes, answersAwaited: awaited, now: now, fullScreen: fullScreen)
        case .typed(let bytes): effects = machine.typed(bytes, now: now, fullScreen: fullScreen)
        case .remoteModes(let modes): effects = machine.remoteModes(modes, now: now)
        case .screenChanged(let resized): effects = machine.screenChanged(resized: resized)
        case .report(let report): effects = reported(report)
        case .saved(let id, let take):
            effects = machine.saved(id: id, take: take)
            if settings.machine.prints, ended == nil, let row = rowAwaited, row.take.number == take {
                ended = .row(row, .saved(id))
            }
        case .historyFailed(let message, let take) where machine.state.take != nil:
            heldProblems.append((message, take))
            effects = []
        case .historyFailed(let message, let take): effects = machine.historyFailed(message, take: take, now: now)
        case .found(let commands): effects = machine.historyFound(commands, now: now)
        case .unavailable(let message): effects = machine.unavailable(message, now: now)
        case .key(let key): effects = machine.key(key, now: now)
        case .interrupted(let reason): effects = machine.interrupted(reason, now: now)
        case .tick: effects = machine.tick(now: now)
        case .shown(let room): effects = machine.shown(room: room)
        case .pressed(let key):
            machine.pressed(key, now: now)  // the time it was pressed (a double toggle)
            return []
        case .nextKey(let drawIfNone):
            guard let taken = machine.nextKey(lineShown: lineShown) else { return drawIfNone ? [.draw] : [] }
            (effects, after) = (taken, [.draw, .nextKey(drawIfNone: false)])
        case .draw: return machine.draw().map(Step.effect)
        case .reply(let reply):
            guard let bytes = replied(reply) else { return machine.unaskedReply(reply.bytes).map(Step.effect) }
            out.remote += bytes
            return []
        case .sorted(.keys(let keys)):
            sorted?.bytes += keys
            if !keys.isEmpty { sorted?.typed = true }
            return []
        case .sorted(.reply(let reply)):
            guard let bytes = replied(reply) else {
                for case .sendToRemote(let key) in machine.unaskedReply(reply.bytes) { sorted?.bytes += key }
                return []
            }
            sorted?.bytes += bytes
            return []
        case .effect(let effect): return carryOut(effect)
        case .takeKeys: return takeKeys()
        case .readDone: return readDone()
        case .time: return timePassed()
        }
        // Taken at once: a take let go here is released before any a later step lets go.
        return (effects + machine.released()).map(Step.effect) + after
    }

    /// The machine's call for a report from the take's audio or engine.
    private mutating func reported(_ report: Report) -> [DictationStateMachine.Effect] {
        switch report {
        case .partial(let words, let take): machine.partial(words, take: take)
        case .engineNote(let note, let take): machine.engineNote(note, take: take)
        case .fallingBack(let take): machine.fallingBack(take: take, now: now)
        case .speech(let heard, let take): machine.speech(heard, take: take, now: now)
        case .recordingFull(let take): machine.recordingEnded(take: take, now: now)
        case .audioFailed(let error, let take):
            machine.failed(take: take, message: words(.audioFailed(error)), now: now)
        case .heardFirst(let heard, let take): machine.heardFirst(heard, take: take, now: now)
        case .heard(let heard, let take): machine.heardFinal(heard, take: take, now: now)
        case .intentWritten(let intent, let take): machine.intentWritten(intent, take: take, now: now)
        case .intentDraft(let draft, let checked, let take):
            machine.intentDraft(draft, checked: checked, take: take, now: now)
        case .intentFailed(let error, let take):
            machine.intentFailed(
                error, take: take, message: words(.intentFailed(error)),
                brief: settings.wording.brief(.intentFailed(error)), now: now)
        case .engineFailed(let error, let take):
            machine.refineFailed(
                error, take: take, message: words(.engineFailed(error)),
                brief: settings.wording.brief(.engineFailed(error)), note: words(.notRefined(error)), now: now)
        }
    }

    // MARK: Keys

    /// The read's bytes that pass on to the remote; a read whose replies were sorted out goes
    /// to the machine as typed first, unless it held only answers for the remote.
    private mutating func readDone() -> [Step] {
        guard let keys = sorted else {
            out.typed = passing
            return []
        }
        sorted = nil
        guard keys.typed else {
            out.typed = keys.bytes  // only answers for the remote: nothing the user typed
            return []
        }
        return [.typed(keys.bytes), .readDone]
    }

    /// Keys for the dictation, which the machine takes when the line lets it (`nextKey`);
    /// replies go to whoever asked.
    private func keySteps(_ keys: [Key]) -> [Step] {
        keys.map { key in if case .reply(let reply) = key { .reply(reply) } else { .pressed(key) } } + [.takeKeys]
    }

    /// The line goes up (or asks where) before its keys are taken; drawn already, it is not drawn twice.
    private func takeKeys() -> [Step] {
        let shown = lineShown
        return (shown ? [] : [.draw]) + [.nextKey(drawIfNone: shown)]
    }

    /// The line is on screen, or can never be (a terminal that never says where its cursor is:
    /// its keys go at once, as before).
    private var lineShown: Bool { line.isVisible || line.terminalSilent }

    /// The bytes a reply from the terminal sends on: none for voicesh's own question (the line
    /// may be drawn), the remote's reply unchanged; nil: no one asked.
    private mutating func replied(_ reply: TerminalReply) -> [UInt8]? {
        switch route.route(reply) {
        case .remote: return reply.bytes
        case .voicesh:
            if let size, let (row, column) = reply.position {
                out.screen += line.cursorReported(row: row, column: column, size: size, now: now)
                noteAsked()
            }
            return []
        case nil: return nil
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

    /// A copy of the screen is kept while a full-screen program has it, once its size is known.
    private mutating func remoteModes(_ modes: TerminalModes) {
        self.modes = modes
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
    private func turn(_ reports: [Report], woken: Bool) -> [Step] {
        let heard: [Step] = woken ? reports.map(Step.report) + [.draw] : []
        guard woken || deadline.map({ now >= $0 }) == true else { return heard }
        return heard + [.time]
    }

    /// Bytes that waited for the rest of a key go on (a lone ESC, say: nothing more came in
    /// time), then the machine's clock moves, then the line is drawn (asking again for a lost
    /// answer) and takes the keys that waited for it.
    private mutating func timePassed() -> [Step] {
        lastTick = now
        var steps: [Step] = []
        if now - lastInput >= heldWait {
            let held = decoder.timeout()
            if !held.isEmpty { steps += keySteps(held) }
        }
        if now - lastInput >= Self.keyWait { steps.append(.effect(.sendToRemote(replies.timeout()))) }
        return steps + [.tick] + keySteps([])
    }

    // MARK: Effects

    /// Carries one effect out: into the output, or as the next steps.
    private mutating func carryOut(_ effect: DictationStateMachine.Effect) -> [Step] {
        switch effect {
        case .sendToRemote(let bytes): out.remote += bytes
        case .passThrough(let bytes): passing += bytes
        case .keys(let bytes): return keySteps(decoder.feed(bytes))
        case .redraw: return [.draw]
        case .release(let take):
            // Let go in the input that began it (toggle and Esc read together): never started.
            if out.record?.take == take { out.record = nil } else { out.released.append(take) }
        case .startRecording(let take, let commands, let plainEnglish):
            return startRecording(take, commands: commands, plainEnglish: plainEnglish)
        case .stopRecording where out.record != nil, .cancelRecording where out.record != nil,
            .cancelTranscription where out.record != nil:
            out.record?.stopsAtOnce = true  // the take this input began, not one before it
        case .stopRecording: out.stopsRecording = true
        case .cancelRecording:
            out.stopsRecording = true
            out.cancelsEngine = true
        case .cancelTranscription: out.cancelsEngine = true
        case .save(let entry): return save(entry)
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
        case .drawLine(let state): return drawLine(state)
        case .clearLine:
            if let size { out.screen += line.clear(size) }
        case .placeLine(let resized):
            if resized {
                guard let size else { return [] }
                out.screen += line.resized(size)
                keepBottomRow()
            }
            askCursor()
        case .sortReplies(let input):
            sorted = ([], false)
            return replies.feed(input).map(Step.sorted)
        }
        return []
    }

    /// Draws the line fitted to the room there is (asking where it goes first); the machine
    /// hears how much of the text it had room for.
    private mutating func drawLine(_ state: DictationStateMachine.State) -> [Step] {
        guard let size else { return [] }
        guard let width = line.room(size) else {
            askCursor()
            return []
        }
        let drawn = view.render(state, level: moment.level, now: now, width: width)
        out.screen += line.draw(drawn.line, size: size)
        return drawn.textRoom.map { [.shown(room: $0)] } ?? []
    }

    /// A take starts: its recording, unless no engine could be built (dictation is off).
    private mutating func startRecording(_ take: Int, commands: [String], plainEnglish: Bool) -> [Step] {
        if let why = settings.engineMissing { return [.unavailable(words(.dictationOff(why)))] }
        out.record = Start(take: take, commands: commands, plainEnglish: plainEnglish)
        began = true
        askCursor()
        return []
    }

    /// A row to write; without a history the session answers for the store, telling why once.
    private mutating func save(_ entry: DictationStateMachine.Entry) -> [Step] {
        out.rows.append(entry)
        if settings.machine.prints { rowAwaited = entry }
        guard case .notKept(let reason) = settings.history else { return [] }
        if settings.machine.prints { ended = .row(entry, .saved(nil)) }  // no store will answer
        guard let reason, !toldHistoryOff else { return [.saved(nil, take: entry.take.number)] }
        toldHistoryOff = true
        return [.historyFailed(words(.historyOff(reason)), take: entry.take.number)]
    }

    /// A printing session has ended when its take is over and the take's row is answered (by
    /// the store, or by the session itself without a history); with no row, it was let go.
    private mutating func settle(after input: Input) {
        guard ended == nil, began else { return }
        switch input {
        case .noMicrophone(let error): ended = .noMicrophone(error)
        case .notSaved(let error, let kept, let take) where rowAwaited?.take.number == take:
            ended = rowAwaited.map { .row($0, .notSaved(error, keptAt: kept)) }
        default: if machine.state.take == nil, rowAwaited == nil { ended = .cancelled }
        }
    }

    private func words(_ problem: DictationProblem) -> String {
        settings.wording.full(problem)
    }
}
