import AudioCapture
import Foundation
import Store
import TerminalScreen
import Transcription
import VoiceshCore

/// Dictation inside a session: hands `DictationSession` every input (keys, the remote's
/// output, the take's reports, the store's answers, time) and carries out its output: the
/// microphone, the engine, the history row, the screen copy; bytes go back to the loop, which
/// alone writes them. It decides nothing. It lives on the session loop's thread, as one of its
/// participants; audio, engine and history threads reach it only through its inboxes.
/// `listen` drives it too, from its own small loop (`Listening`), as a session that prints.
package final class DictationController: LoopParticipant {
    package var inbox: Inbox<DictationSession.Report> { setup.inbox }
    private var session: DictationSession
    private let setup: Setup
    /// The history rows, written off the loop (nil: no history this session).
    private let rows: RowQueue?
    private var capture: TakeCapture?
    /// What a full-screen program has drawn, while the session keeps a copy (`screenCopy`).
    private var remoteScreen: RemoteScreen?
    /// The session's bytes, until the call that made them returns them.
    private var output = LoopOutput()
    /// The window's size, asked of the terminal at the start and at each resize only (an ioctl
    /// on every event cost six per keystroke).
    private var window: StatusLine.Size?
    /// The intent take whose command is being written, and its task (cancelled with the take).
    private var writing: (take: Int, task: Task<Void, Never>)?
    /// The session's deadline, as its last output said (read from the session itself on every
    /// loop turn, it copied the whole session each time).
    private var sessionDeadline: Double?
    /// The keys the session lets past untouched, as its last output said (nil: none).
    private var plainKeys: PlainKeys?
    /// The remote's output came while the session was quiet; it has not heard of it yet.
    private var outputUnheard = false
    /// When the learner last had its turn (its deadline is a second later; the session's own
    /// clock is not its: a learner due on that would never stop being due, and the loop spin).
    private var learnerTurn = 0.0

    package init(setup: Setup, toggle: KeyChord) {
        self.setup = setup
        window = setup.terminal.size
        rows = setup.database.map {
            RowQueue(HistoryWriter(database: $0, policy: setup.profile.history, shared: setup.sharedStore))
        }
        let profile = setup.profile
        var machine = DictationStateMachine.Settings(
            toggle: toggle, send: profile.send, production: profile.production, timeout: profile.engine.timeout,
            autoStop: profile.autoStop, fallbackTimeout: profile.fallback?.timeout)
        // A printing session (`listen`) has no line for a spoken answer to act on.
        (machine.handsFree, machine.aliases) = (profile.handsFree && setup.printer == nil, profile.aliases)
        machine.intentTimeout = setup.intent?.settings.timeout
        machine.intentKey = setup.intent == nil ? nil : try? KeyChord(parsing: profile.intentKey)
        machine.prints = setup.printer != nil
        let engineMissing: EngineError? = if case .failure(let error) = setup.engine { error } else { nil }
        session = DictationSession(
            settings: .init(
                machine: machine, wording: Failure.Wording(), engineMissing: engineMissing,
                history: setup.database == nil ? .notKept(reason: setup.historyOff) : .kept,
                plainMarks: setup.plainMarks))
    }

    /// How long bytes that may begin a longer key wait for the rest of it.
    package static let keyWait = DictationSession.keyWait

    /// The live clock (monotonic seconds); a dictation reads the one its setup was given.
    package static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    // MARK: The loop's participant

    /// Engine and audio reports, and the store's answers, wake the loop through their inboxes.
    package var descriptors: [Int32] { [inbox.readFD] + (rows.map { [$0.answers.readFD] } ?? []) }

    /// It reads the remote's output (modes, questions, the directory).
    package var readsOutput: Bool { true }

    /// The session's deadline, or the learner's next turn.
    package func deadline(now: Double) -> Double? {
        let learner = setup.learning?.wantsTicks == true ? learnerTurn + 1 : nil
        return [sessionDeadline, learner].compactMap { $0 }.min()
    }

    /// Each loop event is one input to the session (two for written output: its modes, then
    /// the screen copy's bottom row once the copy has the bytes).
    package func step(_ event: LoopEvent, now: Double) -> LoopOutput {
        if outputUnheard {
            outputUnheard = false
            run(.remoteWillWrite)
        }
        switch event {
        case .turn(let woken):
            run(.turn(woken ? inbox.drain() : [], woken: woken))
            if woken, let rows { rows.answers.drain().forEach { run($0) } }
            // A take holds its capture from its start until the session lets it go.
            learnerTurn = setup.clock()
            setup.learning?.tick(busy: capture != nil, now: learnerTurn)
        case .keys(let keys): output.keys = plainKeys?.pass(keys) == true ? keys : run(.keyboard(keys))
        // A quiet session has no line to take off: it hears of the output after it is
        // written (before any other event), off the echo's way.
        case .outputComing: if plainKeys == nil { run(.remoteWillWrite) } else { outputUnheard = true }
        case .outputWritten(let written):
            run(.remoteModes(written.modes))
            remoteScreen?.feed(written.bytes)
            run(.remoteWrote(queries: written.queries, bottomRow: bottomRow))
        case .resized:
            window = setup.terminal.size
            if let size = window { remoteScreen?.resize(rows: size.rows, columns: size.columns) }
            run(.resized(bottomRow: bottomRow))
        case .beforeSleep, .sent: break
        }
        return takeOutput()
    }

    /// The session is ending (`reason` says how): a take on screen is kept as interrupted,
    /// and the line leaves the screen. Returns the bytes for the terminal.
    package func shutdown(_ reason: String) -> [UInt8] {
        run(.ending(reason))
        capture?.job.cancel()
        writing?.task.cancel()
        setup.learning?.shutdown()
        rows?.finish()
        // The rows' last answers: a row not written says so, and where its recording went.
        rows?.answers.drain().forEach { run($0) }
        return takeOutput().screen
    }

    // MARK: For `listen`, which prints

    /// An input from outside the loop's events: `listen`'s recorder stops or cancels the take.
    package func handle(_ input: DictationSession.Input) {
        run(input)
    }

    /// How a printing session's take ended, once it has (`DictationSession.ended`).
    package var ended: DictationSession.Ended? { session.ended }

    /// The take's state and its microphone's level, for a line drawn outside the session.
    package var state: (DictationStateMachine.State, level: Double) {
        (session.machine.state, capture?.recording.level ?? 0)
    }

    private var bottomRow: [UInt8]? { remoteScreen.map { $0.repaint(row: $0.rows - 1) } }

    private func takeOutput() -> LoopOutput {
        defer { output = LoopOutput() }
        return output
    }

    // MARK: Carrying out

    /// Hands the session one input and carries out what it asks, then the answers that came
    /// at once (`drive`). Returns the keys typed on.
    @discardableResult
    private func run(_ input: DictationSession.Input) -> [UInt8] {
        session.drive(
            input,
            at: { .init(now: setup.clock(), window: window, level: capture?.recording.level ?? 0) },
            carryOut: carryOut)
    }

    /// Carries out one output in the order `DictationSession.Output` gives; returns the
    /// answers that came at once, for the session's next inputs.
    private func carryOut(_ asked: DictationSession.Output) -> [DictationSession.Input] {
        (sessionDeadline, plainKeys) = (asked.deadline, asked.plainKeys)
        output += LoopOutput(remote: asked.remote, screen: asked.screen)
        for text in asked.printed { setup.printer?(text) }
        switch asked.screenCopy {
        case .keep(let columns, let rows): remoteScreen = RemoteScreen(rows: rows, columns: columns)
        case .drop: remoteScreen = nil
        case nil: break
        }
        if asked.stopsRecording { stopCapture() }
        if asked.cancelsEngine {
            capture?.job.cancel()
            writing?.task.cancel()
        }
        asked.rows.forEach(save)  // the store answers later, through `RowQueue.answers`
        var answers: [DictationSession.Input] = []
        for take in asked.released {
            if capture?.take == take { release() }
            if writing?.take == take { writing?.task.cancel() }
        }
        if let request = asked.search { answers.append(find(request)) }
        if let order = asked.intent { write(order) }
        if let start = asked.record {
            if let refused = record(start) { answers.append(refused) } else if start.stopsAtOnce { stopCapture() }
        }
        return answers
    }

    private func release() {
        capture?.job.cancel()  // a take the session has let go of needs its audio and engine no more
        capture = nil
    }

    private func stopCapture() {
        setup.source.stop()
        capture?.recording.finish()
    }

    /// Starts a take's recording; the session's answer when the microphone would not start.
    private func record(_ start: DictationSession.Start) -> DictationSession.Input? {
        guard case .success(let engine) = setup.engine else { return nil }  // the session knows it is missing
        do {
            capture = try TakeCapture.start(start, engine: engine, setup: setup)
        } catch {
            return .noMicrophone(error)
        }
        // The store is checked for damage while the user speaks: the take's row finds it done.
        setup.database?.checkSoon()
        return nil
    }

    /// Queues a history row the session asked for (without a store, the session answers for it).
    private func save(_ entry: DictationStateMachine.Entry) {
        let recording = capture?.take == entry.take.number ? capture?.recording : nil
        // A confirmed take is a labelled recording for learning the voice, history or not.
        setup.learning?.keep(entry.outcome, rawText: entry.rawText, finalText: entry.text, wav: recording?.wav)
        guard let rows else { return }
        let dictation = Dictation(
            entry, profile: setup.profile.name, engine: engineLabel,
            startedAt: Date(timeIntervalSinceNow: entry.take.startedAt - setup.clock()),
            audioSeconds: recording?.seconds ?? 0)
        rows.save(dictation, take: entry.take.number, recording: recording, keepAudio: entry.keepAudio)
    }

    /// Has the intent model write an intent take's command, off the loop; the answer comes
    /// back through the inbox. The names gathered and the profile's recent commands go with it
    /// (the writer leaves them out where `[intent]` says context stays here).
    private func write(_ order: DictationSession.IntentOrder) {
        guard let writer = setup.intent else { return }  // the session asks only when intent mode is on
        let rows = (try? setup.database?.dictations(profile: setup.profile.name, search: nil, limit: 20)) ?? []
        let prompt = IntentPrompt(
            request: order.request, context: setup.context?.remote, recent: IntentPrompt.recent(from: rows),
            refining: order.refining, others: order.others)
        let inbox = inbox
        writing?.task.cancel()
        let task = Task {
            do throws(IntentError) {
                let intent = try await writer.write(prompt) { draft, checked in
                    inbox.post(.intentDraft(draft, checked: checked, take: order.take))
                }
                inbox.post(.intentWritten(intent, take: order.take))
            } catch {
                inbox.post(.intentFailed(error, take: order.take))
            }
        }
        writing = (order.take, task)
    }

    /// The profile's sent commands a spoken history request finds, newest first (none without history).
    private func find(_ request: VoiceCommand.HistoryRequest) -> DictationSession.Input {
        let rows = try? setup.database?.dictations(profile: setup.profile.name, search: request.search, limit: 200)
        return .found(request.matches(in: rows ?? []))
    }

    private var engineLabel: String { (try? setup.engine.get().label) ?? setup.profile.engine.label }
}
