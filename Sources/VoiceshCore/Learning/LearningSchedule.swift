/// When the voice is learnt again in the background: after every `every` new recordings,
/// once the user has left dictation alone for `quiet` seconds, and never while a dictation
/// records or shows its transcript (a run in progress is paused for that and resumed after).
/// Pure: the session loop tells it what happens and the time, and carries out its effects.
public struct LearningSchedule: Equatable, Sendable {
    public enum Effect: Equatable, Sendable {
        case start, pause, resume
    }

    public enum State: Equatable, Sendable {
        case waiting
        case learning(paused: Bool)
    }

    public let every: Int
    public let quiet: Double
    public private(set) var state = State.waiting
    /// Recordings kept since the last run started.
    public private(set) var pending: Int
    private var lastBusy: Double

    /// `pending`: recordings kept that no run has learnt from yet (from the voice's status).
    public init(every: Int = 10, quiet: Double = 5, pending: Int = 0, now: Double) {
        self.every = every
        self.quiet = quiet
        self.pending = pending
        lastBusy = now
    }

    /// A recording was kept.
    public mutating func recorded() { pending += 1 }

    /// Each turn of the loop: `busy` while a dictation records, transcribes or is shown.
    public mutating func update(busy: Bool, now: Double) -> Effect? {
        if busy { lastBusy = now }
        switch state {
        case .learning(let paused):
            guard paused != busy else { return nil }
            state = .learning(paused: busy)
            return busy ? .pause : .resume
        case .waiting:
            guard !busy, pending >= every, now - lastBusy >= quiet else { return nil }
            state = .learning(paused: false)
            pending = 0
            return .start
        }
    }

    /// The run ended (learnt, rejected or failed); a failed run waits for `every` more.
    public mutating func finished() { state = .waiting }
}
