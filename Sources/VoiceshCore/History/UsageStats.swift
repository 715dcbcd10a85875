import Foundation

/// `voicesh stats`: how each profile's engine has done, from the history, for the last seven
/// days against everything earlier, so a user sees the engine getting better. The edit and
/// discard rates are the user's own measure of accuracy: text they had to fix or threw away.
/// Intent takes are counted apart, under their model (`intent/MODEL`): how often its commands
/// were sent as written, edited or discarded is the measure of the model, not of the ear.
public struct UsageStats: Codable, Equatable, Sendable {
    public var profile: String
    public var engine: String
    /// "last 7 days" or "earlier".
    public var period: String
    public var dictations: Int
    public var medianLatencyMs: Int?
    public var p95LatencyMs: Int?
    /// Shares of all dictations in the period, 0…1.
    public var noSpeechRate: Double
    public var fallbackRate: Double
    /// Shares of the dictations that reached the prompt (inserted, ran, edited, discarded):
    /// sent as shown, edited first, thrown away.
    public var asWrittenRate: Double?
    public var editRate: Double?
    public var discardRate: Double?
    /// Of the shell words shown that the engine was unsure of (`Doubt`), the share the user
    /// changed before sending; and the same of the words it was sure of. Unsure words should
    /// be edited far more often. Nil without scored words in the period.
    public var unsureEditedRate: Double?
    public var sureEditedRate: Double?

    public static let recent = "last 7 days"
    public static let earlier = "earlier"

    /// One row per profile, engine and period with dictations, profiles and engines in name
    /// order, the recent period first. The engine is the profile's primary engine, fallbacks
    /// counted in its fallback rate.
    public static func rows(_ history: [Dictation], now: Date) -> [UsageStats] {
        let cutoff = now.addingTimeInterval(-7 * 86_400)
        let groups = Dictionary(grouping: history) {
            GroupKey(profile: $0.profile, engine: group(of: $0), recent: $0.startedAt >= cutoff)
        }
        return groups.keys.sorted().map { key in
            UsageStats(key.profile, key.engine, key.recent ? recent : earlier, groups[key] ?? [])
        }
    }

    /// The engine a row counts under: its speech engine, or for an intent the model that wrote it.
    static func group(of row: Dictation) -> String {
        guard let intent = row.intent else { return row.engine }
        return "intent/" + (intent.model ?? intent.endpoint ?? "unknown")
    }

    private struct GroupKey: Hashable, Comparable {
        var profile: String
        var engine: String
        var recent: Bool
        static func < (a: Self, b: Self) -> Bool {
            (a.profile, a.engine, a.recent ? 0 : 1) < (b.profile, b.engine, b.recent ? 0 : 1)
        }
    }

    init(_ profile: String, _ engine: String, _ period: String, _ rows: [Dictation]) {
        self.profile = profile
        self.engine = engine
        self.period = period
        dictations = rows.count
        let latencies = rows.compactMap(\.latencyMs).sorted()
        medianLatencyMs = Self.percentile(latencies, 50)
        p95LatencyMs = Self.percentile(latencies, 95)
        let total = Double(max(rows.count, 1))
        noSpeechRate =
            Double(rows.filter { $0.outcome == .failed && $0.error?.hasPrefix("no speech") == true }.count) / total
        fallbackRate = Double(rows.filter { $0.fallbackEngine != nil }.count) / total
        let prompted = rows.filter { [.inserted, .ran, .edited, .discarded].contains($0.outcome) }
        let shown = Double(prompted.count)
        asWrittenRate =
            prompted.isEmpty ? nil : Double(prompted.filter { [.inserted, .ran].contains($0.outcome) }.count) / shown
        editRate = prompted.isEmpty ? nil : Double(prompted.filter { $0.outcome == .edited }.count) / shown
        discardRate = prompted.isEmpty ? nil : Double(prompted.filter { $0.outcome == .discarded }.count) / shown
        var counts = (unsure: 0, unsureEdited: 0, sure: 0, sureEdited: 0)
        // An intent's words are its request, not the command: nothing to score.
        for row in prompted where row.outcome != .discarded && !row.words.isEmpty && row.intent == nil {
            let shell = SpokenShell()
            let shownWords = shell.normalize(row.rawText).split(separator: " ").map(String.init)
            let unsure = Doubt.unsure(row.words, normalize: shell.normalize)
            let kept = Self.kept(shownWords, in: row.finalText.split(separator: " ").map(String.init))
            for (i, stayed) in kept.enumerated() {
                if unsure.contains(i) {
                    counts.unsure += 1
                    if !stayed { counts.unsureEdited += 1 }
                } else {
                    counts.sure += 1
                    if !stayed { counts.sureEdited += 1 }
                }
            }
        }
        unsureEditedRate = counts.unsure == 0 ? nil : Double(counts.unsureEdited) / Double(counts.unsure)
        sureEditedRate = counts.sure == 0 ? nil : Double(counts.sureEdited) / Double(counts.sure)
    }

    /// Which of the words shown are still in what was sent: a longest common subsequence.
    static func kept(_ shown: [String], in sent: [String]) -> [Bool] {
        var length = [[Int]](repeating: [Int](repeating: 0, count: sent.count + 1), count: shown.count + 1)
        for i in stride(from: shown.count - 1, through: 0, by: -1) {
            for j in stride(from: sent.count - 1, through: 0, by: -1) {
                length[i][j] = shown[i] == sent[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var kept = [Bool](repeating: false, count: shown.count)
        var (i, j) = (0, 0)
        while i < shown.count, j < sent.count {
            if shown[i] == sent[j] {
                kept[i] = true
                (i, j) = (i + 1, j + 1)
            } else if length[i + 1][j] >= length[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return kept
    }

    /// The nearest-rank percentile: the smallest value at least `p`% of them do not exceed.
    static func percentile(_ sorted: [Int], _ p: Int) -> Int? {
        guard !sorted.isEmpty else { return nil }
        let rank = (p * sorted.count + 99) / 100
        return sorted[max(rank, 1) - 1]
    }
}
