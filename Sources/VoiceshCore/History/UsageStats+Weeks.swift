import Foundation

extension UsageStats {
    /// A profile and the engine its rows count under (`group(of:)`), as `rows` groups them.
    public struct Source: Hashable, Sendable {
        public var profile: String
        public var engine: String

        public init(profile: String, engine: String) {
            (self.profile, self.engine) = (profile, engine)
        }
    }

    /// How many weeks `voicesh stats` draws.
    public static let weeksDrawn = 8

    /// Per profile and engine, the share of lines shown that were sent as heard (inserted or
    /// run, against edited and discarded too: `asWrittenRate`), week by week over the last
    /// `weeks` weeks ending at `now`, oldest first; nil for a week with none shown.
    public static func asWrittenByWeek(_ history: [Dictation], now: Date, weeks: Int = weeksDrawn) -> [Source:
        [Double?]]
    {
        let none = Array(repeating: (sent: 0, shown: 0), count: weeks)
        let shown: Set<Dictation.Outcome> = [.inserted, .ran, .edited, .discarded]
        var counts: [Source: [(sent: Int, shown: Int)]] = [:]
        for row in history {
            let source = Source(profile: row.profile, engine: group(of: row))
            if counts[source] == nil { counts[source] = none }
            // Whole weeks back from now; a row stamped a little ahead (another clock) is this week's.
            let ago = max(0, Int(now.timeIntervalSince(row.startedAt) / (7 * 86_400)))
            guard ago < weeks, shown.contains(row.outcome) else { continue }
            let sent = [.inserted, .ran].contains(row.outcome) ? 1 : 0
            counts[source]?[weeks - 1 - ago].shown += 1
            counts[source]?[weeks - 1 - ago].sent += sent
        }
        return counts.mapValues { weeks in weeks.map { $0.shown == 0 ? nil : Double($0.sent) / Double($0.shown) } }
    }
}
