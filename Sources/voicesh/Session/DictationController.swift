import AudioCapture
import Foundation
import Store
import Transcription
import VoiceshCore

/// Dictation inside a session: carries out the state machine's effects (recording, the
/// engine, the history, the bytes for the remote) and keeps its `StatusLine` up to date. It
/// lives on the session loop's thread; audio and engine threads reach it only through `inbox`.
final class DictationController {
    enum Event: Sendable {
        case partial(String)
        case recognized(Result<Recognition, EngineError>, job: Int)
        case audioFailed(AudioError)
        case recordingFull
        /// What a stream engine says about a stream that still gave text (audio dropped, reconnections).
        case engineNotice(String)
    }

    struct HistoryUnwritable: Error {
        let message: String
    }

    struct Setup {
        var profile: Profile
        var engine: Result<any SpeechEngine, EngineError>
        var source: any AudioSource
        var database: AppDatabase?
        var maxRecordingSeconds: Double
        /// Made before the engine, so the engine's notices can reach the loop.
        var inbox: Inbox<Event>
        /// Learning from use; nil when the profile's `learn` key keeps nothing.
        var learning: VoiceLearning? = nil
    }

    var inbox: Inbox<Event> { setup.inbox }
    /// The remote's modes, read from its output by the driver.
    private(set) var modes = TerminalModes()
    /// Bytes for the remote; the driver takes them.
    var outbound: [UInt8] = []
    /// True while the bottom row is borrowed: the remote PTY must be one row shorter.
    var borrowsRow: Bool { line.borrowsRow }
    /// Called when `borrowsRow` changes, so the driver resizes the remote PTY.
    var onRowsChanged: () -> Void = {}

    private var machine: DictationStateMachine
    private let view: DictationView
    private let setup: Setup
    private let line: StatusLine
    private var recording: Recording?
    private var job: Task<Void, Never>?
    private var jobNumber = 0
    private var startedAt = Date()
    private var stoppedAt: Double?
    private var latencyMs: Int?
    private var recognition: Recognition?
    /// The engine's remarks on this dictation, kept with its history row.
    private var engineNotes: [String] = []

    /// `write` puts bytes on the local terminal (the driver's one writer).
    init(setup: Setup, toggle: KeyChord, write: @escaping ([UInt8]) -> Void) {
        self.setup = setup
        line = StatusLine(write: write)
        view = DictationView(toggle: toggle)
        machine = DictationStateMachine(
            settings: .init(
                toggle: toggle, send: setup.profile.send, production: setup.profile.production,
                timeout: setup.profile.engine.timeout))
    }

    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// How long the loop may sleep: short while something on screen moves.
    var pollTimeout: Int32? {
        switch machine.state {
        case .recording, .transcribing, .notice: 100
        default: setup.learning?.wantsTicks == true ? 1000 : nil
        }
    }

    /// The background learner's turn; the session loop calls it every time round.
    func scheduleLearning() {
        let busy: Bool
        switch machine.state {
        case .idle, .notice: busy = false
        default: busy = true
        }
        setup.learning?.tick(busy: busy, now: Self.now)
    }

    // MARK: Events from the driver

    /// A read from the keyboard; returns what goes on to the remote (through the `~` escapes).
    func keyboard(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        if line.awaitingReports && !machine.ownsKeyboard {
            let (rest, reports) = Key.extractCursorReports(bytes)
            for report in reports { line.cursorReported(row: report.row, column: report.column) }
            bytes = rest
        }
        guard !machine.ownsKeyboard else {
            keys(bytes)
            return []
        }
        if case .notice = machine.state, !bytes.isEmpty {
            machine.dismissNotice()
            render()
        }
        guard let toggle = bytes.firstRange(of: machine.settings.toggle.bytes) else { return bytes }
        perform(machine.toggle(now: Self.now))
        keys(Array(bytes[toggle.upperBound...]))
        render()
        return Array(bytes[..<toggle.lowerBound])
    }

    private func keys(_ bytes: [UInt8]) {
        for key in Key.decode(bytes, toggle: machine.settings.toggle) {
            if case .cursorReport(let row, let column) = key {
                line.cursorReported(row: row, column: column)
            } else if machine.ownsKeyboard {
                perform(machine.key(key, now: Self.now))
            }
        }
        render()
    }

    /// Before the remote's output is written: the line comes off the screen.
    func willWriteOutput() {
        line.remoteWillWrite()
    }

    /// After it is written: modes are tracked, and the line comes back once the terminal
    /// says where the cursor now is.
    func didWriteOutput(_ bytes: UnsafeRawBufferPointer) {
        modes.feed(bytes)
        if machine.state != .idle { line.ask() }
    }

    func terminalResized() {
        guard machine.state != .idle else { return }
        line.remoteWillWrite()
        line.ask()
    }

    func wake() {
        for event in inbox.drain() {
            switch event {
            case .partial(let words):
                machine.partial(SpokenShell(aliases: setup.profile.aliases).normalize(words))
            case .engineNotice(let note):
                engineNotes.append(note)
            case .recordingFull:
                perform(machine.recordingEnded(now: Self.now))
            case .audioFailed(let error):
                guard recording != nil else { continue }
                stopCapture()
                fail(Failure.describe(error) + "; the session goes on", outcome: .failed)
            case .recognized(let result, let number):
                guard number == jobNumber else { continue }  // a cancelled run
                finished(result)
            }
        }
        render()
    }

    func tick() {
        machine.tick(now: Self.now)
        render()
    }

    /// The session is ending: nothing in progress is lost, and the screen is left clean.
    func shutdown() {
        if recording != nil, case .recording = machine.state {
            stopCapture()
            fail("the session ended while recording", outcome: .failed)
        } else if case .transcribing = machine.state {
            fail("the session ended before the engine answered", outcome: .failed)
        }
        job?.cancel()
        line.clear()
        setup.learning?.shutdown()
    }

    // MARK: Effects

    private func perform(_ effects: [DictationStateMachine.Effect]) {
        for effect in effects {
            switch effect {
            case .sendToRemote(let bytes): outbound += bytes
            case .startRecording: startRecording()
            case .stopRecording:
                stoppedAt = Self.now
                stopCapture()
            case .cancelRecording:
                stopCapture()
                cancelJob()
            case .cancelTranscription: cancelJob()
            case .deliver(let prompt, let run):
                let outcome: Dictation.Outcome = run ? .ran : prompt.edited ? .edited : .inserted
                let saved = save(outcome, prompt: prompt, error: nil, keepAudio: false)
                setup.learning?.keep(outcome, rawText: prompt.rawText, finalText: prompt.text, wav: recording?.wav)
                line.erase()
                outbound += ShellInput.encode(prompt.text, bracketedPaste: modes.bracketedPaste, run: run)
                if case .failure(let problem) = saved { machine.failed(problem.message, now: Self.now) }
            case .discard(let prompt):
                _ = save(.discarded, prompt: prompt, error: nil, keepAudio: false)
            }
        }
        if machine.state == .idle { settle() }
    }

    private func startRecording() {
        let engine: any SpeechEngine
        switch setup.engine {
        case .success(let built): engine = built
        case .failure(let error):
            machine.failed("dictation is off: \(Failure.describe(error))", now: Self.now)
            return
        }
        let inbox = inbox
        let recording = Recording(maxSeconds: setup.maxRecordingSeconds) { inbox.post(.recordingFull) }
        do {
            try setup.source.start { event in
                switch event {
                case .frame(let frame): recording.accept(frame)
                case .failed(let error): inbox.post(.audioFailed(error))
                }
            }
        } catch {
            machine.failed(Failure.describe(error) + "; the session goes on", now: Self.now)
            return
        }
        self.recording = recording
        startedAt = Date()
        stoppedAt = nil
        latencyMs = nil
        recognition = nil
        engineNotes = []
        jobNumber += 1
        let number = jobNumber
        let aliases = setup.profile.aliases
        job = Task.detached {
            let result: Result<Recognition, EngineError>
            do throws(EngineError) {
                result = .success(
                    try await Recognition.run(engine, audio: recording.audio, aliases: aliases) { words in
                        inbox.post(.partial(words))
                    })
            } catch {
                result = .failure(error)
            }
            inbox.post(.recognized(result, job: number))
        }
        if modes.alternateScreen && !line.borrowsRow {
            line.borrowsRow = true
            onRowsChanged()
        }
        line.ask()
    }

    private func finished(_ result: Result<Recognition, EngineError>) {
        if let stoppedAt { latencyMs = Int((Self.now - stoppedAt) * 1000) }
        switch result {
        case .success(let heard):
            if case .recording = machine.state { stopCapture() }  // an engine that ended the stream itself
            if case .recording = machine.state { perform(machine.recordingEnded(now: Self.now)) }
            recognition = heard
            perform(machine.transcribed(text: heard.text, rawText: heard.rawText, now: Self.now))
            if case .notice = machine.state {
                _ = save(.failed, prompt: nil, error: "no speech heard", keepAudio: true)
            }
            Log.app.debug("dictation: text \(latencyMs ?? -1) ms after the end of recording")
        case .failure(.cancelled):
            return
        case .failure(let error):
            if case .recording = machine.state { stopCapture() }
            let outcome: Dictation.Outcome = if case .timedOut = error { .timedOut } else { .failed }
            fail(Failure.describe(error), brief: Failure.brief(error), outcome: outcome)
        }
    }

    /// Keeps the audio with the reason, and says how to try again.
    /// The history gets the whole `message`; the one line on screen leads with what to do,
    /// since a narrow terminal cuts its end.
    private func fail(_ message: String, brief: String? = nil, outcome: Dictation.Outcome) {
        cancelJob()
        let words: String
        switch save(outcome, prompt: nil, error: message, keepAudio: true) {
        case .success(let id?): words = "recording kept, voicesh history retry \(id): \(brief ?? message)"
        case .success(nil): words = brief ?? message
        case .failure(let problem): words = "\(brief ?? message); \(problem.message)"
        }
        machine.failed(words, now: Self.now)
    }

    private func stopCapture() {
        setup.source.stop()
        recording?.finish()
    }

    private func cancelJob() {
        job?.cancel()
        job = nil
        jobNumber += 1
    }

    /// Back to idle: the line goes, the borrowed row is given back.
    private func settle() {
        line.clear()
        if line.borrowsRow {
            line.borrowsRow = false
            onRowsChanged()
        }
    }

    /// Writes the history row (before any byte is sent). Returns the row's id, nil when the
    /// profile keeps no history, or the reason it could not be written.
    private func save(
        _ outcome: Dictation.Outcome, prompt: DictationStateMachine.Prompt?, error: String?, keepAudio: Bool
    ) -> Result<Int64?, HistoryUnwritable> {
        let failure = [.failed, .timedOut].contains(outcome)
        // A profile without history keeps nothing but failures: their audio is the user's speech.
        guard let database = setup.database, setup.profile.history != .off || failure else { return .success(nil) }
        let seconds = recording?.seconds ?? 0
        let dictation = Dictation(
            profile: setup.profile.name, engine: recognition?.engine ?? engineLabel,
            fallbackEngine: recognition?.fallbackEngine, startedAt: startedAt,
            audioSeconds: seconds, latencyMs: latencyMs,
            rawText: prompt?.rawText ?? recognition?.rawText ?? "", finalText: prompt?.text ?? "",
            outcome: outcome, error: ([error].compactMap { $0 } + engineNotes).joined(separator: "; ").nilIfEmpty,
            confidence: recognition?.confidence)
        let keep = (keepAudio || setup.profile.history == .textAndAudio) && seconds > 0
        do {
            return .success(try database.appendDictation(dictation, audio: keep ? recording?.wav : nil))
        } catch {
            Log.app.error("history: \(Failure.describe(error))")
            return .failure(HistoryUnwritable(message: "the history could not be written: \(Failure.describe(error))"))
        }
    }

    private var engineLabel: String {
        switch setup.engine {
        case .success(let engine): engine.label
        case .failure: setup.profile.engine.label
        }
    }

    private func render() {
        guard machine.state != .idle else { return settle() }
        guard let width = line.room() else { return }
        line.draw(view.render(machine.state, level: recording?.level ?? 0, now: Self.now, width: width))
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
