import AudioCapture
import Foundation
import Store
import VoiceshCore

/// `voicesh listen`: one recording, transcribed with a profile's engine (the built-in offline
/// one without), its text on standard output and in the history. A session's own controller
/// carries it out, as a session that prints (`DictationController.Setup.printer`); this is its
/// small loop: the recorder's side (keys and the end of input by `RecordingMachine`, signals,
/// one line on stderr) and the end the session says (`DictationSession.ended`).
package final class Listening {
    /// How it ended, for the exit status and the words `Failure` gives it.
    package enum End: Equatable {
        case printed
        case cancelled
        /// A signal stopped the take while it recorded or was transcribed: the recording is
        /// kept, untranscribed, for `history retry`.
        case interrupted(ListenProblem.Kept, while: Stage)
        /// The text was printed but the history could not be written.
        case historyUnwritten(HistoryWriter.Unwritable)
    }

    /// What the take was doing when a signal came.
    package enum Stage: Equatable { case recording, transcribing }

    private let controller: DictationController
    private let console: Console
    private let database: AppDatabase?
    /// Standard input in raw mode, so its keys come as typed, while it is a terminal.
    private let terminal: RawTerminal?
    private let profile: String
    private let toggle: KeyChord
    private let limit: Double
    private let stopAtEndOfInput: Bool
    private let view: DictationView
    private let line: ProgressLine

    /// Records, transcribes and prints; a failure throws, with the recording kept for a retry.
    package static func run(context: AppContext, profile: String?, seconds: Double?, audio: any AudioChoice) throws
        -> End
    {
        let database = try context.openDatabase()
        let store = try context.openStore()
        let chosen = try profile.map { name in
            try context.effective(try context.runnableProfile(named: name, in: store))
        }
        let settings = try chosen ?? context.effective(Profile(name: "listen", host: "-"))
        let engine = try EngineFactory.forProfile(settings, in: database, context: context).engine(for: settings)
        let source = try audio.source(profile: chosen, context: context)
        var limit = min(seconds ?? audio.maxRecordingSeconds, audio.maxRecordingSeconds)
        if let file = source as? WAVFileSource { limit = min(limit, file.seconds) }
        var setup = DictationController.Setup(
            profile: settings, engine: .success(engine), source: source, database: database,
            sharedStore: context.sharedAddress, maxRecordingSeconds: limit, inbox: Inbox())
        let (console, line) = (context.console, ProgressLine(console: context.console))
        let terminal = RawTerminal(fd: console.input)
        setup.printer = { text in
            // The text starts on a clean line, and a terminal ends it as it does a line
            // (raw mode's output takes a newline for a line feed alone): the take is over.
            line.clear()
            terminal?.restore()
            console.print(text)
        }
        let toggle = (try? KeyChord(parsing: settings.toggleKey)) ?? .defaultToggle
        let listening = Listening(
            setup: setup, toggle: toggle, console: console, terminal: terminal, line: line,
            stopAtEndOfInput: seconds == nil && audio.audioFile == nil)
        return try listening.listen()
    }

    private init(
        setup: DictationController.Setup, toggle: KeyChord, console: Console, terminal: RawTerminal?,
        line: ProgressLine, stopAtEndOfInput: Bool
    ) {
        (self.terminal, database) = (terminal, setup.database)
        controller = DictationController(setup: setup, toggle: toggle)
        (self.console, profile, self.toggle) = (console, setup.profile.name, toggle)
        (limit, self.stopAtEndOfInput) = (setup.maxRecordingSeconds, stopAtEndOfInput)
        (view, self.line) = (DictationView(toggle: toggle), line)
    }

    private func listen() throws -> End {
        let signals = SignalPipe(signals: SignalPipe.terminating)
        var keys = RecordingMachine(
            limit: limit, toggle: toggle, atTerminal: terminal != nil, stopAtEndOfInput: stopAtEndOfInput)
        defer {
            line.clear()
            terminal?.restore()
        }
        // The toggle starts the take, as in a session; the recording's limit ends it (`recordingFull`).
        _ = controller.step(.keys(toggle.bytes), now: DictationController.now)
        var buffer = [UInt8](repeating: 0, count: 256)
        var signalled: Stage?
        while controller.ended == nil {
            show()
            var fds = [
                pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: keys.readsInput ? console.input : -1, events: Int16(POLLIN), revents: 0),
            ]
            fds += controller.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // A tenth of a second at most, so the line's clock and meter move.
            let now = DictationController.now
            let due = SessionDriver.pollTimeout(until: [controller.deadline(now: now)], now: now)
            let ready = poll(&fds, nfds_t(fds.count), due < 0 ? 100 : min(due, 100))
            if ready > 0, fds[0].revents != 0, !signals.drain().isEmpty {
                // A hang-up or a kill: the take is kept as interrupted, as a session keeps it.
                if case .transcribing = controller.state.0 { signalled = .transcribing } else { signalled = .recording }
                break
            }
            if ready > 0, fds[1].revents != 0 {
                let n = read(console.input, &buffer, buffer.count)
                switch keys.read(n > 0 ? Array(buffer[..<n]) : []) {
                case .cancelled?: controller.handle(.cancel)
                case .key?, .endOfInput?: controller.handle(.stop)
                case .limit?, .signal?, nil: break
                }
            }
            let woken = ready > 0 && fds[2...].contains { $0.revents != 0 }
            _ = controller.step(.turn(woken: woken), now: DictationController.now)
        }
        line.clear()
        // Ends the take if one is under way, waits for its row and sends what the shared store lacks.
        _ = controller.shutdown(signalled.map { "voicesh was " + Failure.signalled(while: $0) } ?? "listen ended")
        return try end(controller.ended, stage: signalled ?? .recording)
    }

    /// The take's line on stderr at a terminal, while it records or is transcribed.
    private func show() {
        let (state, level) = controller.state
        switch state {
        case .recording, .transcribing: break
        default: return line.clear()
        }
        line.show(drawn: view.render(state, level: level, now: DictationController.now, width: line.width).line)
    }

    /// The exit the session's end makes: the text printed, or why not and where its recording went.
    private func end(_ ended: DictationSession.Ended?, stage: Stage) throws -> End {
        switch ended {
        case .cancelled: return .cancelled
        case .noMicrophone(let error): throw error
        case .row(let entry, .saved(let id)):
            let kept = kept(inRow: id)
            switch entry.outcome {
            case .printed: return .printed
            case .interrupted: return .interrupted(kept, while: stage)
            default: throw ListenProblem.notTranscribed(error: entry.error, kept)
            }
        case .row(let entry, .notSaved(let error, let path)):
            let unwritten = HistoryWriter.Unwritable(error)
            let kept =
                path.map { ListenProblem.Kept.inFile(path: $0, profile: profile, unwritten: unwritten) }
                ?? .lost(unwritten: unwritten)
            switch entry.outcome {
            case .printed: return .historyUnwritten(unwritten)
            case .interrupted: return .interrupted(kept, while: stage)
            default: throw ListenProblem.notTranscribed(error: entry.error, kept)
            }
        case nil:  // a signal before the take began: nothing was recorded
            return .cancelled
        }
    }

    /// Where a written row's recording is: in the history when its audio went with it (a take
    /// stopped before its first samples has none), else nowhere.
    private func kept(inRow id: Int64?) -> ListenProblem.Kept {
        guard let id, (try? database?.dictation(id: id))?.hasAudio == true else { return .nothing }
        return .inHistory(id: id)
    }
}
