import Foundation

/// How far an engine's other readings of the same audio agree with one reading, word by word:
/// a word the alternatives put something else in place of is one the engine hesitated over.
/// Combined with the word's own score (a lattice posterior) it makes the word's confidence on
/// `Doubt`'s scale (`confidence`), fitted on the development speech (BENCHMARKS.md, "Unsure words").
public enum WordAgreement {
    /// For each word of `reading`, the share of `others` that have the same word in its place
    /// (aligned by least edits); 1 for every word when there are no others.
    public static func agreement(_ reading: [String], _ others: [[String]]) -> [Double] {
        guard !others.isEmpty else { return reading.map { _ in 1 } }
        var agreeing = [Int](repeating: 0, count: reading.count)
        for other in others {
            for (i, same) in alignment(reading, other).enumerated() where same != nil { agreeing[i] += 1 }
        }
        return agreeing.map { Double($0) / Double(others.count) }
    }

    /// The shipped combination, fitted on the development voices (BENCHMARKS.md, "Unsure words"):
    /// of the grid tried, the most wrong words under `Doubt.threshold` with at most 15% of right
    /// ones. A word no other reading shares is always unsure; one half of them share needs a
    /// posterior over 0.86 to be sure. Many wrong words are ones every reading agrees on, so
    /// agreement adds less than hoped (62% of wrong words caught on the development set, against
    /// 59% by the posterior alone).
    public static let fitted = Fit(posteriorExponent: 1, agreementExponent: 0.1)

    /// A word's confidence from its posterior and its agreement: `posterior^p · agreement^a`,
    /// so either one low is enough to doubt the word; a word with no posterior (heard again by
    /// a second pass, or only in another reading) has its agreement's share alone.
    public struct Fit: Equatable, Sendable {
        public var posteriorExponent: Double
        public var agreementExponent: Double

        /// The posterior alone (what issue 22's first calibration used).
        public static let posteriorOnly = Fit(posteriorExponent: 1, agreementExponent: 0)

        public func confidence(posterior: Double?, agreement: Double) -> Double {
            let p = min(1, max(0, posterior ?? 1)), a = min(1, max(0, agreement))
            return pow(p, posteriorExponent) * pow(a, agreementExponent)
        }
    }

    /// Word-level edit distance (substitutions, insertions, deletions): the WER numerator.
    public static func distance(_ a: [String], _ b: [String]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var previous = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let current = row[j + 1]
                row[j + 1] = x == y ? previous : 1 + min(previous, row[j], row[j + 1])
                previous = current
            }
        }
        return row[b.count]
    }

    /// For each word of `reading`, where `other` has the same word aligned to it (least edits),
    /// or nil where it has another word or none.
    public static func alignment(_ reading: [String], _ other: [String]) -> [Int?] {
        let n = reading.count, m = other.count
        var cost = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][0] = i }
        for j in 0...m { cost[0][j] = j }
        for i in stride(from: 1, through: n, by: 1) {
            for j in stride(from: 1, through: m, by: 1) {
                let step = reading[i - 1] == other[j - 1] ? 0 : 1
                cost[i][j] = min(cost[i - 1][j - 1] + step, cost[i - 1][j] + 1, cost[i][j - 1] + 1)
            }
        }
        var aligned = [Int?](repeating: nil, count: n)
        var (i, j) = (n, m)
        while i > 0, j > 0 {
            let equal = reading[i - 1] == other[j - 1]
            if cost[i][j] == cost[i - 1][j - 1] + (equal ? 0 : 1) {
                if equal { aligned[i - 1] = j - 1 }
                (i, j) = (i - 1, j - 1)
            } else if cost[i][j] == cost[i - 1][j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return aligned
    }
}
