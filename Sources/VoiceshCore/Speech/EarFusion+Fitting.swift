import Foundation

extension EarFusion {
    /// One recording whose right line is known: its readings, what each ear said of its own
    /// hearing, and the line (shell text).
    public struct Example: Sendable {
        public var readings: [Reading]
        public var take: Take
        public var right: String

        public init(readings: [Reading], take: Take, right: String) {
            (self.readings, self.take, self.right) = (readings, take, right)
        }
    }

    /// How many of `examples` this choice gets right.
    public func chosenRight(_ examples: [Example]) -> Int {
        examples.filter { example in
            choose(example.readings, take: example.take).map { example.readings[$0].shell == example.right } ?? false
        }.count
    }

    /// This choice with its readings' weights moved toward choosing `examples`' right lines:
    /// the choice's log-likelihood on the examples whose right line it could choose, less `pull`
    /// times the squared distance from the weights it starts from, so a few recordings move them
    /// a little and many further. Nil without weights to start from.
    public func fitted(to examples: [Example], pull: Double = 4, steps: Int = 300) -> EarFusion? {
        guard let start = weights else { return nil }
        let rows = rows(examples)
        let origin = Feature.allCases.map { start.readings[$0] ?? 0 }
        func loss(_ w: [Double]) -> (Double, [Double]) {
            var loss = pull / 2 * zip(w, origin).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
            var gradient = zip(w, origin).map { pull * ($0 - $1) }
            for row in rows {
                let logShares = Self.logShares(w, row.features)
                loss -= logShares[row.right]
                for (i, x) in row.features.enumerated() {
                    let share = exp(logShares[i]) - (i == row.right ? 1 : 0)
                    for k in x.indices { gradient[k] += share * x[k] }
                }
            }
            return (loss, gradient)
        }
        var w = origin, step = 0.5
        var (current, gradient) = loss(w)
        for _ in 0..<steps where step > 1e-6 {
            let next = zip(w, gradient).map { $0 - step * $1 / Double(max(1, rows.count)) }
            let (nextLoss, nextGradient) = loss(next)
            // Halve the step whenever it overshoots; grow it a little while it helps.
            guard nextLoss <= current else {
                step /= 2
                continue
            }
            (w, current, gradient, step) = (next, nextLoss, nextGradient, step * 1.1)
        }
        var fitted = self
        fitted.weights?.readings = Dictionary(uniqueKeysWithValues: zip(Feature.allCases, w))
        return fitted
    }

    /// The log-probability these weights give the right line, summed over the examples where
    /// it could be chosen: how sure of the right lines a choice is, beside how many it gets.
    public func likelihood(_ examples: [Example]) -> Double {
        guard let weights else { return 0 }
        let w = Feature.allCases.map { weights.readings[$0] ?? 0 }
        return rows(examples).reduce(0) { $0 + Self.logShares(w, $1.features)[$1.right] }
    }

    /// Each reading's log-probability among its take's, by weights `w` (log-sum-exp, so a
    /// far-off reading's share does not underflow to a log of zero).
    private static func logShares(_ w: [Double], _ features: [[Double]]) -> [Double] {
        let u = features.map { x in zip(w, x).reduce(0) { $0 + $1.0 * $1.1 } }
        let top = u.max() ?? 0
        let total = log(u.reduce(0) { $0 + exp($1 - top) })
        return u.map { $0 - top - total }
    }

    /// Each example as its choosable readings' features and the right one's place among them;
    /// none where the right line could not be chosen.
    private func rows(_ examples: [Example]) -> [(features: [[Double]], right: Int)] {
        examples.compactMap { example in
            let choosable = choosable(example.readings)
            guard let right = choosable.firstIndex(where: { example.readings[$0].shell == example.right }) else {
                return nil
            }
            return (choosable.map { i in Feature.allCases.map { $0.value(example.readings[i], example.take) } }, right)
        }
    }
}
