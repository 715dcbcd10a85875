import AudioCapture
import Foundation
import Store
import TerminalScreen
import Transcription
import VoiceshCore

/// Dictation inside a session: feeds the state machine its events (keys, engine results,
/// time) and carries out the effects it returns: recording, the engine, the history row, the
/// bytes for the remote, the row it draws over. It decides nothing itself. It lives on the session
/// loop's thread; audio and engine threads reach it only through `inbox`. It never writes to
/// the terminal: `screen` holds the bytes for the local terminal and the driver writes them.
final class DictationController {
    enum Event: Sendable {
        case partial(String, take: Int)
        case recognized(Result<Recognition, EngineError>, take: Int)
        case audioFailed(AudioError, take: Int)
        case recordingFull(take: Int)
        /// Whether speech is heard now (only with `auto_stop`).
        case speech(Bool, take: Int)
        /// The primary engine failed and its fallback now runs.
        case fallingBack(take: Int)
        /// What a stream engine says about a stream that still gave text (audio dropped, reconnections).
        case engineNotice(String)
    }

    struct Setup {
        var profile: Profile
        var engine: Result<any SpeechEngine, EngineError>
        var source: any AudioSource
        var database: AppDatabase?
        /// Where history rows go on to, when profiles and history are shared.
        var sharedStore: StoreAddress? = nil
        var maxRecordingSeconds: Double
        /// Made before the engine, so the engine's notices can reach the loop.
        var inbox: Inbox<Event>
        /// Learning from use; nil when the profile's `learn` key keeps nothing.
        var learning: VoiceLearning? = nil
        /// The remote shell's context; nil when the profile gathers none (`context = "off"`).
        var context: ContextFeed? = nil
    }

    /// The I/O of the take the machine is on: its audio and its engine run.
    private struct Capture {
        let take: Int
        let recording: Recording
        let job: Task<Void, Never>
    }

    var inbox: Inbox<Event> { setup.inbox }
    /// The remote's modes, read from its output by the driver (`OutputScanner`).
    private(set) var modes = TerminalModes()
    /// Bytes for the remote; the driver takes them.
    var outbound: [UInt8] = []
    /// Bytes for the local terminal; the driver writes them once per turn of its loop.
    var screen: [UInt8] = []
    /// What a full-screen program has drawn, kept only while the remote is on the alternate
    /// screen: the bottom row a dictation draws over is painted back from it.
    private var remoteScreen: RemoteScreen?
    /// Set when a recording starts: the driver refreshes the remote shell's context.
    var wantsContext = false

    private var machine: DictationStateMachine
    private let view: DictationView
    private let setup: Setup
    private let history: HistoryWriter?
    private var line = StatusLine()
    private var decoder: KeyDecoder
    private var reports = CursorReportFilter()
    private var capture: Capture?

    init(setup: Setup, toggle: KeyChord) {
        self.setup = setup
        view = DictationView(
            toggle: toggle, plainMarks: DictationView.wantsPlainMarks(environment: ProcessInfo.processInfo.environment))
        decoder = KeyDecoder(toggle: toggle)
        history = setup.database.map {
            HistoryWriter(database: $0, policy: setup.profile.history, shared: setup.sharedStore)
        }
        machine = DictationStateMachine(
            settings: .init(
                toggle: toggle, send: setup.profile.send, production: setup.profile.production,
                timeout: setup.profile.engine.timeout, autoStop: setup.profile.autoStop))
    }

    /// How long bytes that may begin a longer key wait for the rest of it.
    static let keyWait = 0.03
    /// When the keyboard last gave bytes.
    private var lastInput = 0.0

    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private var size: StatusLine.Size? {
        RawTerminal.size().map { StatusLine.Size(columns: $0.columns, rows: $0.rows) }
    }

    /// How long the loop may sleep: short while bytes wait for the rest of a key, or while
    /// something on screen moves.
    var pollTimeout: Int32? {
        if decoder.isWaiting || reports.isWaiting { return Int32(Self.keyWait * 1000) }
        if machine.animates { return 100 }
        return setup.learning?.wantsTicks == true ? 1000 : nil
    }

    /// Whether held key bytes (a lone ESC) have waited their time out: the loop ticks then even
    /// when other descriptors woke it (the socket busy with context), or a key typed later
    /// would join them (ESC b read as alt-b).
    var keyWaitOver: Bool {
        (decoder.isWaiting || reports.isWaiting) && Self.now - lastInput >= Self.keyWait
    }

    /// The background learner's turn; the session loop calls it every time round.
    func scheduleLearning() {
        setup.learning?.tick(busy: machine.take != nil, now: Self.now)
    }

    // MARK: Events from the driver

    /// A read from the keyboard; returns what goes on to the remote (through the `~` escapes).
    func keyboard(_ input: [UInt8]) -> [UInt8] {
        lastInput = Self.now
        var bytes = input
        if !machine.ownsKeyboard && (line.awaitingReports || reports.isWaiting) {
            let (rest, found) = reports.feed(bytes)
            for report in found { cursorReported(row: report.row, column: report.column) }
            bytes = rest
        }
        guard !machine.ownsKeyboard else {
            keys(decoder.feed(bytes))
            return []
        }
        if !bytes.isEmpty, machine.showsLine {  // a notice: a key takes it away and goes on
            perform(machine.dismissNotice())
            render()
        }
        guard let toggle = bytes.firstRange(of: machine.settings.toggle.bytes) else {
            return bytes
        }
        perform(machine.toggle(now: Self.now, fullScreen: modes.alternateScreen))
        keys(decoder.feed(bytes[toggle.upperBound...]))
        return Array(bytes[..<toggle.lowerBound])
    }

    private func keys(_ keys: [Key]) {
        for key in keys {
            if case .cursorReport(let row, let column) = key {
                cursorReported(row: row, column: column)
            } else if machine.ownsKeyboard {
                perform(machine.key(key, now: Self.now))
            }
        }
        render()
    }

    private func cursorReported(row: Int, column: Int) {
        guard let size else { return }
        screen += line.cursorReported(row: row, column: column, size: size)
    }

    /// Before the remote's output is written: the line comes off.
    func willWriteOutput() {
        if let size { screen += line.remoteWillWrite(size) }
    }

    /// After it is written, with the modes the driver read from it: the line comes back once
    /// the terminal says where the cursor now is.
    func didWriteOutput(_ bytes: UnsafeRawBufferPointer, modes: TerminalModes) {
        self.modes = modes
        if modes.alternateScreen {
            if remoteScreen == nil, let size { remoteScreen = RemoteScreen(rows: size.rows, columns: size.columns) }
            remoteScreen?.feed(bytes)
        } else {
            remoteScreen = nil
        }
        keepBottomRow()
        if machine.showsLine { screen += line.ask() }
    }

    func terminalResized() {
        if let size { remoteScreen?.resize(rows: size.rows, columns: size.columns) }
        guard machine.showsLine, let size else { return }
        screen += line.resized(size)
        keepBottomRow()
        screen += line.ask()
    }

    /// The bottom row as the program has it now, for the line to paint back when it comes off.
    private func keepBottomRow() {
        guard line.borrowsRow, let remoteScreen else { return }
        line.underneath = remoteScreen.repaint(row: remoteScreen.rows - 1)
    }

    func wake() {
        let now = Self.now
        for event in inbox.drain() {
            switch event {
            case .partial(let words, let take):
                let aliases = setup.context?.current.aliases(with: setup.profile.aliases) ?? setup.profile.aliases
                perform(machine.partial(SpokenShell(aliases: aliases).normalize(words), take: take))
            case .engineNotice(let note):
                perform(machine.engineNote(note))
            case .fallingBack(let take):
                perform(machine.engineRestarted(take: take, timeout: setup.profile.fallback?.timeout ?? 30, now: now))
            case .speech(let heard, let take):
                perform(machine.speech(heard, take: take, now: now))
            case .recordingFull(let take):
                perform(machine.recordingEnded(take: take, now: now))
            case .audioFailed(let error, let take):
                perform(
                    machine.failed(take: take, message: Failure.describe(error) + "; the session goes on", now: now))
            case .recognized(.success(let heard), let take):
                let words = DictationStateMachine.Heard(
                    text: heard.text, rawText: heard.rawText, engine: heard.engine,
                    fallbackEngine: heard.fallbackEngine, confidence: heard.confidence, words: heard.words,
                    unsure: heard.unsure)
                perform(machine.transcribed(words, take: take, now: now))
            case .recognized(.failure(let error), let take):
                let timedOut = if case .timedOut = error { true } else { false }
                perform(
                    machine.failed(
                        take: take, message: Failure.describe(error), brief: Failure.brief(error), timedOut: timedOut,
                        now: now))
            }
        }
        render()
    }

    /// Time moves on (the loop calls this when it woke for nothing, and after engine events,
    /// which may come more often than the key wait).
    func tick() {
        if Self.now - lastInput >= Self.keyWait {
            let held = decoder.timeout()  // a lone ESC, say: nothing more came in time
            if !held.isEmpty { keys(held) }
            outbound += reports.timeout()
        }
        perform(machine.tick(now: Self.now))
        render()
    }

    /// The session is ending (`reason` says how): a take on screen is kept as interrupted,
    /// and the line leaves the screen. Returns the bytes for the terminal.
    func shutdown(_ reason: String) -> [UInt8] {
        perform(machine.interrupted(reason, now: Self.now))
        capture?.job.cancel()
        if let size { screen += line.clear(size) }
        defer { screen = [] }
        setup.learning?.shutdown()
        history?.finish()
        return screen
    }

    // MARK: Effects

    private func perform(_ effects: [DictationStateMachine.Effect]) {
        for effect in effects {
            switch effect {
            case .sendToRemote(let bytes): outbound += bytes
            case .startRecording(let take): startRecording(take)
            case .stopRecording: stopCapture()
            case .cancelRecording:
                stopCapture()
                capture?.job.cancel()
            case .cancelTranscription: capture?.job.cancel()
            case .save(let entry): save(entry)
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
            }
        }
        // A take the machine has let go of needs its audio and engine no more.
        if let capture, machine.take?.number != capture.take {
            capture.job.cancel()
            self.capture = nil
        }
    }

    private func startRecording(_ take: Int) {
        let engine: any SpeechEngine
        switch setup.engine {
        case .success(let built): engine = built
        case .failure(let error):
            return perform(machine.unavailable("dictation is off: \(Failure.describe(error))", now: Self.now))
        }
        let inbox = inbox
        let recording = Recording(
            maxSeconds: setup.maxRecordingSeconds, listensForSpeech: machine.settings.autoStop > 0,
            onSpeech: { inbox.post(.speech($0, take: take)) }, onFull: { inbox.post(.recordingFull(take: take)) })
        do {
            try setup.source.start { event in
                switch event {
                case .frame(let frame): recording.accept(frame)
                case .failed(let error): inbox.post(.audioFailed(error, take: take))
                }
            }
        } catch {
            return perform(machine.unavailable(Failure.describe(error) + "; the session goes on", now: Self.now))
        }
        let aliases = setup.profile.aliases
        let feed = setup.context
        if let feed {
            // Marked here, before the engine task looks: the driver starts the refresh next turn.
            feed.refreshStarted()
            wantsContext = true
        }
        let job = Task.detached {
            let result: Result<Recognition, EngineError>
            // A refresh starts with the recording; the engine takes it if it comes quickly.
            let context = await feed?.forDictation(wait: ContextFeed.refreshWait) ?? .empty
            do throws(EngineError) {
                result = .success(
                    try await Recognition.run(
                        engine, audio: recording.audio, aliases: aliases, context: context,
                        partial: { inbox.post(.partial($0, take: take)) },
                        fallingBack: { inbox.post(.fallingBack(take: take)) }))
            } catch {
                result = .failure(error)
            }
            inbox.post(.recognized(result, take: take))
        }
        capture = Capture(take: take, recording: recording, job: job)
        screen += line.ask()
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
        guard let history else { return perform(machine.saved(id: nil)) }
        let seconds = recording?.seconds ?? 0
        let take = entry.take
        let dictation = Dictation(
            profile: setup.profile.name, engine: take.heard?.engine ?? engineLabel,
            fallbackEngine: take.heard?.fallbackEngine,
            startedAt: Date(timeIntervalSinceNow: take.startedAt - Self.now), audioSeconds: seconds,
            latencyMs: take.latencyMs, rawText: entry.rawText, finalText: entry.text, outcome: entry.outcome,
            error: entry.error, confidence: take.heard?.confidence, words: take.heard?.words ?? [])
        do {
            let id = try history.save(dictation, audio: seconds > 0 ? recording?.wav : nil, keepAudio: entry.keepAudio)
            perform(machine.saved(id: id))
        } catch {
            perform(machine.historyFailed(error.message, now: Self.now))
        }
    }

    private var engineLabel: String {
        switch setup.engine {
        case .success(let engine): engine.label
        case .failure: setup.profile.engine.label
        }
    }

    private func render() {
        guard let size else { return }
        guard machine.showsLine else {
            screen += line.clear(size)
            return
        }
        guard let width = line.room(size) else {
            screen += line.ask()
            return
        }
        let drawn = view.render(machine.state, level: capture?.recording.level ?? 0, now: Self.now, width: width)
        screen += line.draw(drawn.line, size: size)
        if let room = drawn.textRoom { perform(machine.shown(room: room)) }
    }
}
