/// Whose question a terminal reply answers. The remote and voicesh both ask the terminal
/// things through the same output stream, and the terminal answers in that order, so the
/// questions are kept in the order they were written: a reply goes to the oldest question of
/// its kind (a terminal that does not answer a kind leaves its questions behind, dropped when
/// a later one is answered).
public struct ReplyRoute: Sendable {
    public enum Asker: Equatable, Sendable {
        case remote, voicesh
    }

    private var waiting: [(kind: TerminalReply.Kind, asker: Asker)] = []
    /// More questions than this unanswered: the oldest are forgotten (a terminal that answers
    /// none of them must not grow the list for ever).
    static let limit = 64

    public init() {}

    /// Some reply is on its way: the keyboard is read for replies until it comes.
    public var isWaiting: Bool { !waiting.isEmpty }

    /// The remote's output asked `kinds`, in order (`TerminalQueries`).
    public mutating func remoteAsked(_ kinds: [TerminalReply.Kind]) {
        for kind in kinds { append(kind, .remote) }
    }

    /// voicesh wrote its own `CSI 6n`.
    public mutating func voiceshAsked() {
        append(.cursorPosition, .voicesh)
    }

    /// Whose `reply` is (its question, and any older one left unanswered, no longer wait);
    /// nil when no one asked (Shift-F3 sends what looks like a cursor report).
    public mutating func route(_ reply: TerminalReply) -> Asker? {
        guard let index = waiting.firstIndex(where: { $0.kind == reply.kind }) else { return nil }
        let asker = waiting[index].asker
        waiting.removeSubrange(...index)
        return asker
    }

    private mutating func append(_ kind: TerminalReply.Kind, _ asker: Asker) {
        waiting.append((kind, asker))
        if waiting.count > Self.limit { waiting.removeFirst(waiting.count - Self.limit) }
    }
}
