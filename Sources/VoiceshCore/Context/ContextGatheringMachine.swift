/// Gathering the remote shell's context on an exec channel beside the session's shell, as a
/// pure state machine (after swift-nio-ssh's `SSHConnectionStateMachine`): requests, the
/// channel's answers and time come in, effects go out for `ContextGatherer` to carry out on
/// the channel, in order. Each channel effect is the last of its list and wants its answer
/// (`opened`, `started`, `wrote`, `inputEnded`, `received`, `closed`); while the channel
/// would block, `turn` asks for the same step again. No clock or socket here: time comes in
/// as `now`.
///
/// ```
///         request             opened          started        all written
/// idle ──────────→ opening ─────────→ starting ──────→ sending ──────────→ reading
///  ▲                                                                         │ end of output,
///  └── closed (the next request waiting, if any) ──────────── closing ◀──────┘ or the cap
/// over budget, or a channel call failed: the channel is abandoned and the run given up.
/// ```
/// A refusal (a call failed, or the remote did not run the script) ends gathering for the
/// session; so do two runs over budget in a row (a link too slow for it).
public struct ContextGatheringMachine: Sendable {
    /// What one run gathers: everything at connect; the directory and history when a
    /// recording starts; the directory alone after a command line was entered (it may have
    /// been a `cd`), so a dictation seldom has to wait for its own refresh.
    public enum Scope: String, Sendable {
        case full = "path history dir options"
        case refresh = "history dir"
        case directory = "dir"

        /// Seconds a run may take: the first lists PATH; a refresh only the directory and history.
        public var budget: Double { self == .full ? 5 : 2 }
    }

    /// What a finished run measured, for `voicesh context` and the benchmark.
    public struct Run: Equatable, Sendable {
        public var scope: Scope
        public var context: RemoteContext
        public var seconds: Double
        public var bytes: Int
    }

    /// Why a run was dropped, or none will come.
    public enum GiveUp: Equatable, Sendable {
        /// A channel call failed (a restricted shell, a `ForceCommand`, no `sh`).
        case failed
        /// No answer within the run's budget, in seconds.
        case overBudget(Double)
        /// What came back was not the script talking (`bytes` of it).
        case notTheScript(bytes: Int)
        /// A refresh was asked for after gathering ended for the session.
        case off
    }

    public enum Effect: Equatable, Sendable {
        /// Open an exec channel beside the shell; answer `opened`.
        case openChannel
        /// Run `command` on it; answer `started`.
        case start(command: String)
        /// Write these bytes (the rest of the script's input); answer `wrote`.
        case write([UInt8])
        /// End the script's input; answer `inputEnded`.
        case endInput
        /// Read what the channel has, standard output kept and standard error drained; answer `received`.
        case read
        /// Close the channel; answer `closed`.
        case close
        /// Drop the channel without waiting (best effort: it is freed with its closing).
        case abandon
        /// A run is complete.
        case report(Run)
        /// A run was dropped, or none will come: whoever waits for one waits no more.
        case giveUp(GiveUp)
    }

    enum Phase: Equatable {
        case idle, opening, starting
        case sending(sent: Int)
        case reading, closing
    }

    /// Seconds after a line is entered before the directory is looked at again: the command's moment.
    public static let afterEnter = 0.3
    /// Seconds without keys the connect-time run waits for: keystrokes come first (on a host
    /// that is also the remote, its script took the cores from the first keys' echo). A
    /// recording does not wait for a pause.
    public static let quietBeforeFirst = 0.5
    /// The remote runs the script from its standard input.
    public static let command = "sh -s"

    private let script: String
    /// What the common tools take on this host, as read before (`ToolOptionsCache`): a full
    /// run then does not ask their `--help` again.
    private let knownOptions: [String: ToolOptions]
    private(set) var phase = Phase.idle
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var startedAt = 0.0
    private var scope = Scope.full
    private var budget = 0.0
    private var pending: (scope: Scope, directory: String?)?
    private var failures = 0
    /// When a typed line was last entered (nil: none waits for its look at the directory).
    private var enteredAt: Double?
    /// When keys last went to the remote, and whether the connect-time run still waits for a pause.
    private var typedAt: Double?
    private var waitsForPause = false
    /// After a refusal or two runs over budget, no run is started again in this session.
    public private(set) var disabled = false
    /// The last complete run; a refresh keeps the PATH of the run before it.
    public private(set) var last: Run?
    /// How many runs have completed.
    public private(set) var runs = 0

    public init(script: String, knownOptions: [String: ToolOptions] = [:]) {
        self.script = script
        self.knownOptions = knownOptions
    }

    /// A run is under way (its channel may still be closing).
    public var isBusy: Bool { phase != .idle }

    // MARK: Inputs

    /// Starts a run at the next turn, or right after the one under way (a full one waiting is
    /// not replaced); `directory` is where the shell said it is (OSC 7), if it did.
    public mutating func request(_ scope: Scope, directory: String?, now: Double) {
        guard !disabled else { return }
        guard !isBusy else {
            if pending?.scope != .full { pending = (scope, directory) }
            return
        }
        // The directory goes in as a quoted assignment: single quotes, each ' as '\''.
        let quoted = "'" + (directory ?? "").replacingOccurrences(of: "'", with: "'\\''") + "'"
        let parts = scope == .full && !knownOptions.isEmpty ? "path history dir" : scope.rawValue
        input = Array("VOICESH_DIR=\(quoted)\nVOICESH_PARTS='\(parts)'\n\(script)\n".utf8)
        output = []
        startedAt = now
        self.scope = scope
        budget = scope.budget
        phase = .opening
        waitsForPause = scope == .full && last == nil
    }

    /// A recording starts and wants the directory and history fresh; when gathering is off,
    /// none will come.
    public mutating func refreshAsked(directory: String?, now: Double) -> [Effect] {
        waitsForPause = false
        request(.refresh, directory: directory, now: now)
        return disabled ? [.giveUp(.off)] : []
    }

    /// Keys went to the remote.
    public mutating func typed(now: Double) {
        typedAt = now
    }

    /// A line was entered: the directory is looked at again shortly after (it may have been a `cd`).
    public mutating func entered(now: Double) {
        if !disabled { enteredAt = now }
    }

    /// Time passed (`directory`: where the shell last said it is): the directory's look after
    /// an entered line starts once it is due and no run is under way; a run over its budget is
    /// dropped; else the step the channel must take next.
    public mutating func turn(now: Double, directory: String?) -> [Effect] {
        if let entered = enteredAt, now - entered >= Self.afterEnter, !isBusy {
            enteredAt = nil
            request(.directory, directory: directory, now: now)
        }
        if waitsForPause, phase == .opening, let typedAt {
            startedAt = now  // held for keys: its budget counts from when it really starts
            if now - typedAt < Self.quietBeforeFirst { return [] }
            waitsForPause = false
        }
        if isBusy, now - startedAt > budget { return giveUp(.overBudget(budget)) }
        return next
    }

    /// When the loop must turn at the latest: at once while output waits to be read
    /// (`dataQueued`), at the run's budget's end, when the connect-time run's pause is over, or
    /// when an entered line's look is due.
    public func deadline(now: Double, dataQueued: Bool) -> Double? {
        let run: Double? =
            switch phase {
            case .idle: nil
            case .reading where dataQueued: now
            case .opening where waitsForPause: (typedAt ?? now) + Self.quietBeforeFirst
            default: startedAt + budget
            }
        guard let enteredAt, !isBusy else { return run }
        return Swift.min(run ?? .infinity, enteredAt + Self.afterEnter)
    }

    public mutating func opened() -> [Effect] {
        guard phase == .opening else { return [] }
        phase = .starting
        return next
    }

    public mutating func started() -> [Effect] {
        guard phase == .starting else { return [] }
        phase = .sending(sent: 0)
        return next
    }

    /// `count` bytes of the input were written.
    public mutating func wrote(_ count: Int) -> [Effect] {
        guard case .sending(let sent) = phase else { return [] }
        phase = .sending(sent: Swift.min(input.count, sent + count))
        return next
    }

    public mutating func inputEnded() -> [Effect] {
        guard phase == .sending(sent: input.count) else { return [] }
        phase = .reading
        return next
    }

    /// A read: `bytes` from standard output; `progressed`: either stream gave something;
    /// `endOfOutput`: the remote closed its side. The run ends at the end of its output or at
    /// the cap; while nothing comes it waits.
    public mutating func received(_ bytes: [UInt8], progressed: Bool, endOfOutput: Bool, now: Double) -> [Effect] {
        guard phase == .reading else { return [] }
        output += bytes
        guard output.count >= RemoteContext.Limit.bytes || (!progressed && endOfOutput) else {
            return progressed ? next : []
        }
        phase = .closing
        return finish(now: now) + next
    }

    /// The channel is closed: the request waiting, if any, starts.
    public mutating func closed(now: Double) -> [Effect] {
        guard phase == .closing else { return [] }
        phase = .idle
        guard let waiting = pending else { return [] }
        pending = nil
        request(waiting.scope, directory: waiting.directory, now: now)
        return next
    }

    /// A channel call failed: a refusal.
    public mutating func failed() -> [Effect] {
        giveUp(.failed)
    }

    // MARK: Decisions

    /// The step the channel must take next in this phase.
    private var next: [Effect] {
        switch phase {
        case .idle: []
        case .opening: [.openChannel]
        case .starting: [.start(command: Self.command)]
        case .sending(let sent) where sent == input.count: [.endInput]
        case .sending(let sent): [.write(Array(input[sent...]))]
        case .reading: [.read]
        case .closing: [.close]
        }
    }

    /// The run's output read as the script's; a refresh keeps what it did not gather.
    private mutating func finish(now: Double) -> [Effect] {
        let text = String(decoding: output.prefix(RemoteContext.Limit.bytes), as: UTF8.self)
        guard var context = RemoteContext(scriptOutput: text) else {
            disabled = true
            return [.giveUp(.notTheScript(bytes: output.count))]
        }
        if output.count >= RemoteContext.Limit.bytes { context.truncated = true }
        if let previous = last?.context {
            if context.commands.isEmpty { context.commands = previous.commands }
            if context.options.isEmpty { context.options = previous.options }
            if scope == .directory { context.history = previous.history }
        }
        if context.options.isEmpty { context.options = knownOptions }
        failures = 0
        let run = Run(scope: scope, context: context, seconds: now - startedAt, bytes: input.count + output.count)
        last = run
        runs += 1
        return [.report(run)]
    }

    /// Drops the run under way and any waiting. A refusal ends gathering for the session; so
    /// do two runs over budget in a row.
    private mutating func giveUp(_ reason: GiveUp) -> [Effect] {
        failures += 1
        let slow = if case .overBudget = reason { true } else { false }
        if !slow || failures >= 2 { disabled = true }
        pending = nil
        let open = phase != .idle && phase != .opening
        phase = .idle
        return (open ? [.abandon] : []) + [.giveUp(reason)]
    }
}
