import AudioCapture
import Foundation
import Store
import TerminalScreen
import Transcription
import VoiceshCore

/// Dictation inside a session: feeds the state machine its events (keys, engine results,
/// time) and carries out the effects it returns: recording, the engine, the history row, the
/// bytes for the remote, the row it draws over. It decides nothing itself. It lives on the session
/// loop's thread, as one of its participants; audio and engine threads reach it only through
/// `inbox`. It never writes to the terminal: its bytes for the remote and for the screen are
/// what its calls return, and the loop writes them.
package final class DictationController: LoopParticipant {
    package enum Event: Sendable {
        case partial(String, take: Int)
        case recognized(Result<Heard, EngineError>, take: Int)
        /// The first of an engine's two texts (the edge engine's first ear), before `recognized`.
        case heardFirst(Heard, take: Int)
        case audioFailed(AudioError, take: Int)
        case recordingFull(take: Int)
        /// Whether speech is heard now (only with `auto_stop`).
        case speech(Bool, take: Int)
        /// The primary engine failed and its fallback now runs.
        case fallingBack(take: Int)
        /// What a stream engine says about a stream that still gave text (audio dropped, reconnections).
        case engineNotice(String)
    }

    package struct Setup {
        package var profile: Profile
        package var engine: Result<any SpeechEngine, EngineError>
        package var source: any AudioSource
        /// Where history rows go; nil when there is no history this session (`historyOff` says why).
        package var database: AppDatabase?
        /// Why no history can be kept this session (the database cannot be written), or nil.
        package var historyOff: String? = nil
        /// Where history rows go on to, when profiles and history are shared.
        package var sharedStore: StoreAddress? = nil
        package var maxRecordingSeconds: Double
        /// Made before the engine, so the engine's notices can reach the loop.
        package var inbox: Inbox<Event>
        /// Learning from use; nil when the profile's `learn` key keeps nothing.
        package var learning: VoiceLearning? = nil
        /// The remote shell's context; nil when the profile gathers none (`context = "off"`).
        package var context: ContextFeed? = nil
        /// The local terminal, for the room the line has.
        package var terminal: any TerminalWindow = LocalTerminal()
        /// Seconds on a monotonic clock: key waits, the recording's clock, notices.
        package var clock: @Sendable () -> Double = { DictationController.now }

        package init(
            profile: Profile, engine: Result<any SpeechEngine, EngineError>, source: any AudioSource,
            database: AppDatabase?, historyOff: String? = nil, sharedStore: StoreAddress? = nil,
            maxRecordingSeconds: Double, inbox: Inbox<Event>,
            learning: VoiceLearning? = nil, context: ContextFeed? = nil, terminal: any TerminalWindow = LocalTerminal(),
            clock: @escaping @Sendable () -> Double = { DictationController.now }
        ) {
            (self.profile, self.engine, self.source, self.database) = (profile, engine, source, database)
            self.historyOff = historyOff
            (self.sharedStore, self.maxRecordingSeconds, self.inbox) = (sharedStore, maxRecordingSeconds, inbox)
            (self.learning, self.context, self.terminal, self.clock) = (learning, context, terminal, clock)
        }
    }

    /// The I/O of the take the machine is on: its audio and its engine run.
    private struct Capture {
        let take: Int
        let recording: Recording
        let job: Task<Void, Never>
    }

    package var inbox: Inbox<Event> { setup.inbox }
    /// The remote's modes, read from its output by the driver (`OutputScanner`).
    package private(set) var modes = TerminalModes()
    /// Bytes for the remote and for the local terminal, until the call that made them returns them.
    private var outbound: [UInt8] = []
    private var screen: [UInt8] = []
    /// What a full-screen program has drawn, kept only while the remote is on the alternate
    /// screen: the bottom row a dictation draws over is painted back from it.
    private var remoteScreen: RemoteScreen?

    private var machine: DictationStateMachine
    private let view: DictationView
    private let setup: Setup
    private let history: HistoryWriter?
    private var line = StatusLine()
    private var decoder: KeyDecoder
    /// Replies to questions asked of the terminal, by voicesh or the remote, found among keystrokes.
    private var replies = TerminalReplyFilter()
    private var route = ReplyRoute()
    private var capture: Capture?
    /// The notice that no history is kept was shown (once a session is enough).
    private var toldHistoryOff = false
    /// The typed bytes the machine let through to the remote, for `keyboard` to return.
    private var passing: [UInt8] = []

    package init(setup: Setup, toggle: KeyChord) {
        self.setup = setup
        view = DictationView(
            toggle: toggle, plainMarks: DictationView.wantsPlainMarks(environment: ProcessInfo.processInfo.environment))
        decoder = KeyDecoder(toggle: toggle)
        history = setup.database.map {
            HistoryWriter(database: $0, policy: setup.profile.history, shared: setup.sharedStore)
        }
        var settings = DictationStateMachine.Settings(
            toggle: toggle, send: setup.profile.send, production: setup.profile.production,
            timeout: setup.profile.engine.timeout, autoStop: setup.profile.autoStop,
            fallbackTimeout: setup.profile.fallback?.timeout)
        settings.handsFree = setup.profile.handsFree
        settings.aliases = setup.profile.aliases
        machine = DictationStateMachine(settings: settings)
    }

    /// How long bytes that may begin a longer key wait for the rest of it.
    package static let keyWait = 0.03
    /// When the keyboard last gave bytes.
    private var lastInput = 0.0

    /// The live clock (monotonic seconds); a dictation reads the one its setup was given.
    package static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private var now: Double { setup.clock() }

    private var size: StatusLine.Size? { setup.terminal.size }

    /// When time last moved on for the dictation (`tick`).
    private var lastTick = 0.0

    // MARK: The loop's participant

    /// Engine and audio events wake the loop through the inbox.
    package var descriptors: [Int32] { [inbox.readFD] }

    /// When time must move on: soon while bytes wait for the rest of a key (a lone ESC, whose
    /// wait must end even while other descriptors keep the loop busy, or a key typed later
    /// would join it: ESC b read as alt-b), at the line's next frame (`nextFrame`).
    package func deadline(now: Double) -> Double? {
        if decoder.isWaiting || replies.isWaiting { return lastInput + Self.keyWait }
        if let frame = machine.nextFrame(after: lastTick, lineOnScreen: lineShown) { return frame }
        return setup.learning?.wantsTicks == true ? lastTick + 1 : nil
    }

    /// Engine events first, then time (engine events may come faster than a held key's wait
    /// runs out), then the learner's turn.
    package func step(woken: Bool, now: Double) -> LoopOutput {
        if woken { wake() }
        if woken || deadline(now: now).map({ now >= $0 }) == true { tick() }
        scheduleLearning()
        return takeOutput()
    }

    private func takeOutput() -> LoopOutput {
        defer { (outbound, screen) = ([], []) }
        return LoopOutput(remote: outbound, screen: screen)
    }

    /// The background learner's turn, every time round the loop.
    private func scheduleLearning() {
        // A take holds its capture from its start until the machine lets it go.
        setup.learning?.tick(busy: capture != nil, now: now)
    }

    // MARK: Events from the driver

    /// A read from the keyboard; returns what goes on to the remote as typed (through the `~`
    /// escapes), and the dictation's own bytes (after those).
    package func keyboard(_ input: [UInt8]) -> (typed: [UInt8], output: LoopOutput) {
        let typed = read(input)
        return (typed, takeOutput())
    }

    private func read(_ input: [UInt8]) -> [UInt8] {
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

    /// A read with the terminal's answers sorted out (`sortReplies`), for `typed`.
    private var sorted: (bytes: [UInt8], typed: Bool)?

    /// Each of the terminal's answers to whoever asked; the remote's stay in their place among
    /// the keys typed around them.
    private func sortReplies(_ input: [UInt8]) -> (bytes: [UInt8], typed: Bool) {
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
    private func keys(_ keys: [Key]) {
        for key in keys {
            if case .reply(let reply) = key {
                outbound += replied(reply)
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
    private func replied(_ reply: TerminalReply) -> [UInt8] {
        switch route.route(reply) {
        case .remote: return reply.bytes
        case .voicesh:
            if let size, let (row, column) = reply.position {
                screen += line.cursorReported(row: row, column: column, size: size, now: now)
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
    private func askCursor() {
        screen += line.ask(now: now)
        noteAsked()
    }

    /// Every question the line asked is voicesh's to answer, in the order written.
    private var questionsRouted = 0
    private func noteAsked() {
        while questionsRouted < line.questionsAsked {
            route.voiceshAsked()
            questionsRouted += 1
        }
    }

    /// Before the remote's output is written: the line comes off.
    package func willWriteOutput() -> LoopOutput {
        if let size { screen += line.remoteWillWrite(size) }
        return takeOutput()
    }

    /// After it is written, with the modes the driver read from it and the questions it asked
    /// the terminal (their answers are the remote's): the line comes back once the terminal
    /// says where the cursor now is.
    package func didWriteOutput(
        _ bytes: UnsafeRawBufferPointer, modes: TerminalModes, queries: [TerminalReply.Kind]
    ) -> LoopOutput {
        self.modes = modes
        perform(machine.remoteModes(modes, now: now))
        route.remoteAsked(queries)
        if modes.alternateScreen {
            if remoteScreen == nil, let size { remoteScreen = RemoteScreen(rows: size.rows, columns: size.columns) }
            remoteScreen?.feed(bytes)
        } else {
            remoteScreen = nil
        }
        keepBottomRow()
        perform(machine.screenChanged(resized: false))
        return takeOutput()
    }

    package func terminalResized() -> LoopOutput {
        if let size { remoteScreen?.resize(rows: size.rows, columns: size.columns) }
        perform(machine.screenChanged(resized: true))
        return takeOutput()
    }

    /// The bottom row as the program has it now, for the line to paint back when it comes off.
    private func keepBottomRow() {
        guard line.borrowsRow, let remoteScreen else { return }
        line.underneath = remoteScreen.repaint(row: remoteScreen.rows - 1)
    }

    private func wake() {
        let now = self.now
        for event in inbox.drain() {
            switch event {
            case .partial(let words, let take):
                let aliases = setup.context?.current.aliases(with: setup.profile.aliases) ?? setup.profile.aliases
                perform(machine.partial(SpokenShell(aliases: aliases).normalize(words), take: take))
            case .engineNotice(let note):
                perform(machine.engineNote(note))
            case .fallingBack(let take):
                perform(machine.fallingBack(take: take, now: now))
            case .speech(let heard, let take):
                perform(machine.speech(heard, take: take, now: now))
            case .recordingFull(let take):
                perform(machine.recordingEnded(take: take, now: now))
            case .audioFailed(let error, let take):
                perform(
                    machine.failed(take: take, message: Failure.describe(error) + "; the session goes on", now: now))
            case .heardFirst(let heard, let take):
                perform(machine.heardFirst(heard, take: take, now: now))
            case .recognized(.success(let heard), let take):
                perform(machine.heardFinal(heard, take: take, now: now))
            case .recognized(.failure(let error), let take):
                perform(
                    machine.refineFailed(
                        error, take: take, message: Failure.describe(error), brief: Failure.brief(error), now: now))
            }
        }
        render()
    }

    /// Time moves on.
    private func tick() {
        lastTick = now
        if now - lastInput >= Self.keyWait {
            let held = decoder.timeout()  // a lone ESC, say: nothing more came in time
            if !held.isEmpty { keys(held) }
            outbound += replies.timeout()
        }
        perform(machine.tick(now: now))
        keys([])  // draws the line (asking again for a lost answer) and takes the keys that waited for it
    }

    /// The session is ending (`reason` says how): a take on screen is kept as interrupted,
    /// and the line leaves the screen. Returns the bytes for the terminal.
    package func shutdown(_ reason: String) -> [UInt8] {
        perform(machine.interrupted(reason, now: now))
        capture?.job.cancel()
        if let size { screen += line.clear(size) }
        defer { screen = [] }
        setup.learning?.shutdown()
        history?.finish()
        return screen
    }

    // MARK: Effects

    private func perform(_ effects: [DictationStateMachine.Effect]) {
        for effect in effects + machine.released() { carryOut(effect) }
    }

    private func carryOut(_ effect: DictationStateMachine.Effect) {
        switch effect {
        case .sendToRemote(let bytes): outbound += bytes
        case .passThrough(let bytes): passing += bytes
        case .keys(let bytes): keys(decoder.feed(bytes))
        case .redraw: render()
        case .release(let take):
            guard let capture, capture.take == take else { return }
            capture.job.cancel()  // a take the machine has let go of needs its audio and engine no more
            self.capture = nil
        case .startRecording(let take, let commands): startRecording(take, commands: commands)
        case .stopRecording: stopCapture()
        case .cancelRecording:
            stopCapture()
            capture?.job.cancel()
        case .cancelTranscription: capture?.job.cancel()
        case .save(let entry): save(entry)
        case .findHistory(let request): perform(machine.historyFound(commands(for: request), now: now))
        case .send(let prompt, let run):
            if let size { screen += line.erase(size) }
            outbound += ShellInput.encode(prompt.text, bracketedPaste: modes.bracketedPaste, run: run)
        case .borrowRow:
            line.borrowsRow = true
            keepBottomRow()
        case .returnRow:
            if let size { screen += line.clear(size) }
            line.borrowsRow = false
            line.underneath = []
        case .drawLine(let state):
            guard let size else { return }
            guard let width = line.room(size) else { return askCursor() }
            let drawn = view.render(state, level: capture?.recording.level ?? 0, now: now, width: width)
            screen += line.draw(drawn.line, size: size)
            if let room = drawn.textRoom { perform(machine.shown(room: room)) }
        case .clearLine:
            if let size { screen += line.clear(size) }
        case .placeLine(let resized):
            if resized {
                guard let size else { return }
                screen += line.resized(size)
                keepBottomRow()
            }
            askCursor()
        case .sortReplies(let input): sorted = sortReplies(input)
        }
    }

    private func startRecording(_ take: Int, commands: [String]) {
        let engine: any SpeechEngine
        switch setup.engine {
        case .success(let built): engine = built
        case .failure(let error):
            return perform(machine.unavailable("dictation is off: \(Failure.describe(error))", now: now))
        }
        let inbox = inbox
        let recording = Recording(
            maxSeconds: setup.maxRecordingSeconds, listensForSpeech: setup.profile.autoStop > 0,
            onSpeech: { inbox.post(.speech($0, take: take)) }, onFull: { inbox.post(.recordingFull(take: take)) })
        do {
            try setup.source.start { event in
                switch event {
                case .frame(let frame): recording.accept(frame)
                case .failed(let error): inbox.post(.audioFailed(error, take: take))
                }
            }
        } catch {
            return perform(machine.unavailable(Failure.describe(error) + "; the session goes on", now: now))
        }
        // The store is checked for damage while the user speaks: the take's row finds it done.
        setup.database?.checkSoon()
        let aliases = setup.profile.aliases
        let feed = setup.context
        // Marked here, before the engine task looks: the loop starts the refresh next turn.
        feed?.refreshStarted()
        let job = Task.detached {
            let result: Result<Heard, EngineError>
            // A refresh starts with the recording; the engine takes it if it comes quickly.
            var context = await feed?.forDictation(wait: ContextFeed.refreshWait) ?? .empty
            context.commands = commands
            let request = EngineRequest(recording.audio, context: context)
            do throws(EngineError) {
                result = .success(
                    try await Recognition.run(engine, request, aliases: aliases) { event in
                        switch event {
                        case .partial(let text): inbox.post(.partial(text, take: take))
                        // An engine that hears in two steps shows its first text at once.
                        case .first(let transcript):
                            let heard = Recognition.heard(
                                transcript, engine: engine.label, aliases: aliases, context: request.context,
                                readings: false)
                            inbox.post(.heardFirst(heard, take: take))
                        case .note(let note): inbox.post(.engineNotice(note))
                        case .fallingBack: inbox.post(.fallingBack(take: take))
                        }
                    })
            } catch {
                result = .failure(error)
            }
            inbox.post(.recognized(result, take: take))
        }
        capture = Capture(take: take, recording: recording, job: job)
        askCursor()
    }

    private func stopCapture() {
        setup.source.stop()
        capture?.recording.finish()
    }

    /// Writes the history row the machine asked for, and tells it how that went.
    private func save(_ entry: DictationStateMachine.Entry) {
        let recording = capture?.take == entry.take.number ? capture?.recording : nil
        // A confirmed take is a labelled recording for learning the voice, history or not.
        setup.learning?.keep(entry.outcome, rawText: entry.rawText, finalText: entry.text, wav: recording?.wav)
        guard let history else {
            guard let reason = setup.historyOff, !toldHistoryOff else { return perform(machine.saved(id: nil)) }
            toldHistoryOff = true
            return perform(machine.historyFailed("no history is kept this session: \(reason)", now: now))
        }
        let seconds = recording?.seconds ?? 0
        let dictation = Dictation(
            entry, profile: setup.profile.name, engine: engineLabel,
            startedAt: Date(timeIntervalSinceNow: entry.take.startedAt - now), audioSeconds: seconds)
        do {
            let id = try history.save(dictation, audio: seconds > 0 ? recording?.wav : nil, keepAudio: entry.keepAudio)
            perform(machine.saved(id: id))
        } catch {
            perform(machine.historyFailed(error.message, now: now))
        }
    }

    /// The profile's sent commands a spoken history request finds, newest first (none without history).
    private func commands(for request: VoiceCommand.HistoryRequest) -> [String] {
        let rows = try? setup.database?.dictations(profile: setup.profile.name, search: request.search, limit: 200)
        return request.matches(in: rows ?? [])
    }

    private var engineLabel: String {
        switch setup.engine {
        case .success(let engine): engine.label
        case .failure: setup.profile.engine.label
        }
    }

    /// The line as the machine says it is now.
    private func render() {
        for effect in machine.draw() { carryOut(effect) }
    }
}
