/// The dictation inside an SSH session, as a pure state machine: one mutating method per
/// event, each returning the effects the session driver carries out. No clock, terminal or
/// audio here; time comes in as `now` (seconds on any monotonic clock).
///
/// ```
/// idle ─toggle→ recording ─toggle/enter→ transcribing ─text→ confirming ─enter→ deliver (insert)
///                  │ esc                    │ esc / failed        │ ctrl-r → deliver (run)
///                  ▼                        ▼                     │ e → editing, r → recording
///                idle                notice → idle                │ esc → discard
/// risky text: insert (production) and run pass through confirmingRisk, which wants `y`;
/// send = auto delivers at once only safe text on a profile that is not production.
/// ```
public struct DictationStateMachine: Sendable {
    /// What the user is asked to confirm: the shell text exactly as it would be sent.
    public struct Prompt: Equatable, Sendable {
        public let text: String
        public let rawText: String
        public let edited: Bool
        /// Why the text is risky (`RiskCheck`), or nil.
        public let risk: String?

        public init(text: String, rawText: String, edited: Bool = false) {
            self.text = ShellInput.sanitize(text)
            self.rawText = rawText
            self.edited = edited
            risk = RiskCheck.reason(self.text)
        }
    }

    public enum State: Equatable, Sendable {
        case idle
        case recording(since: Double, partial: String)
        case transcribing(since: Double, deadline: Double)
        case confirming(Prompt)
        case editing(Prompt, LineEditor)
        /// A risky command waits for `y`; `run` says what the user asked for.
        case confirmingRisk(Prompt, run: Bool)
        /// A message (a failure, "no speech") until a key or `until`.
        case notice(String, until: Double)
    }

    public enum Effect: Equatable, Sendable {
        /// Bytes for the remote, as the user typed them (the toggle key pressed twice).
        case sendToRemote([UInt8])
        case startRecording
        /// Recording ends; the engine gets the end of the audio and finishes.
        case stopRecording
        /// Recording ends and the audio is dropped (the user cancelled).
        case cancelRecording
        case cancelTranscription
        /// Write the history row, then send the text (and Enter when `run`).
        case deliver(Prompt, run: Bool)
        case discard(Prompt)
    }

    public struct Settings: Sendable {
        public var toggle: KeyChord
        public var send: SendPolicy
        public var production: Bool
        /// The engine's timeout, shown while transcribing.
        public var timeout: Double
        /// A second toggle this soon after the first sends the toggle key to the remote.
        public var doublePress: Double = 0.4
        public var noticeSeconds: Double = 6

        public init(toggle: KeyChord, send: SendPolicy = .confirm, production: Bool = false, timeout: Double = 30) {
            self.toggle = toggle
            self.send = send
            self.production = production
            self.timeout = timeout
        }
    }

    public let settings: Settings
    public private(set) var state: State = .idle

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

    /// The toggle key pressed while idle (or over a notice).
    public mutating func toggle(now: Double) -> [Effect] {
        switch state {
        case .idle, .notice:
            state = .recording(since: now, partial: "")
            return [.startRecording]
        default:
            return key(.toggle, now: now)
        }
    }

    public mutating func key(_ key: Key, now: Double) -> [Effect] {
        switch state {
        case .idle, .notice:
            return []
        case .recording(let since, _):
            switch key {
            case .toggle where now - since < settings.doublePress:
                state = .idle
                return [.cancelRecording, .sendToRemote(settings.toggle.bytes)]
            case .toggle, .enter:
                state = .transcribing(since: now, deadline: now + settings.timeout)
                return [.stopRecording]
            case .escape:
                state = .idle
                return [.cancelRecording]
            default:
                return []
            }
        case .transcribing:
            guard key == .escape else { return [] }
            state = .idle
            return [.cancelTranscription]
        case .confirming(let prompt):
            switch key {
            case .enter: return deliver(prompt, run: false)
            case .control("r"): return deliver(prompt, run: true)
            case .text("e"), .text("E"):
                state = .editing(prompt, LineEditor(prompt.text))
                return []
            case .text("r"), .text("R"), .toggle:
                state = .recording(since: now, partial: "")
                return [.discard(prompt), .startRecording]
            case .escape, .control("c"), .text("d"), .text("D"):
                state = .idle
                return [.discard(prompt)]
            default:
                return []
            }
        case .editing(let prompt, var editor):
            switch key {
            case .enter, .control("r"):
                let edited = Prompt(text: editor.text, rawText: prompt.rawText, edited: editor.text != prompt.text)
                if edited.text.isEmpty {
                    state = .idle
                    return [.discard(edited)]
                }
                return deliver(edited, run: key != .enter)
            case .escape:
                state = .confirming(prompt)
                return []
            default:
                editor.apply(key)
                state = .editing(prompt, editor)
                return []
            }
        case .confirmingRisk(let prompt, let run):
            if key == .text("y") || key == .text("Y") {
                state = .idle
                return [.deliver(prompt, run: run)]
            }
            state = .confirming(prompt)
            return []
        }
    }

    /// Recording stopped on its own (the maximum length was reached).
    public mutating func recordingEnded(now: Double) -> [Effect] {
        guard case .recording = state else { return [] }
        state = .transcribing(since: now, deadline: now + settings.timeout)
        return [.stopRecording]
    }

    /// Live words from an engine that reports them while audio arrives.
    public mutating func partial(_ text: String) {
        if case .recording(let since, _) = state { state = .recording(since: since, partial: text) }
    }

    /// The engine's text (already through the spoken-shell normaliser) and its raw words.
    public mutating func transcribed(text: String, rawText: String, now: Double) -> [Effect] {
        guard case .transcribing = state else { return [] }
        let prompt = Prompt(text: text, rawText: rawText)
        if prompt.text.isEmpty {
            state = .notice(
                "no speech heard; press \(settings.toggle.name) to try again", until: now + settings.noticeSeconds)
            return []
        }
        if settings.send == .auto && prompt.risk == nil && !settings.production {
            state = .idle
            return [.deliver(prompt, run: true)]
        }
        state = .confirming(prompt)
        return []
    }

    /// Recording or transcription failed; the driver has kept the audio.
    public mutating func failed(_ message: String, now: Double) {
        state = .notice(message, until: now + settings.noticeSeconds)
    }

    /// A key pressed over a notice: the notice goes, the key goes to the remote.
    public mutating func dismissNotice() {
        if case .notice = state { state = .idle }
    }

    public mutating func tick(now: Double) {
        if case .notice(_, let until) = state, now >= until { state = .idle }
    }

    private mutating func deliver(_ prompt: Prompt, run: Bool) -> [Effect] {
        if prompt.risk != nil && (run || settings.production) {
            state = .confirmingRisk(prompt, run: run)
            return []
        }
        state = .idle
        return [.deliver(prompt, run: run)]
    }
}
