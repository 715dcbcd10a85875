import Foundation

/// A trigram language model estimated from sentences, written in the ARPA format that
/// pocketsphinx reads. Absolute discounting (D = 0.5) with back-off weights computed so each
/// context's probabilities sum to one; `<s>` and `</s>` mark sentence edges.
///
/// Small and exact rather than clever: the corpora here are a few thousand short commands.
///
/// `priors` reshape what follows a context (`<s>` → commands, `<s> git` → its subcommands):
/// in such a context the seen followers keep their total probability, but share it as a mix
/// of their counts and the prior's weights (`priorWeight` of it the prior's). A follower the
/// prior lacks weighs as its rarest entry. Backing off is untouched.
struct NGramModel: Sendable {
    private var counts: [[String]: Int] = [:]  // n-grams of order 1–3
    private let discount = 0.5
    private let priors: [[String]: [String: Double]]
    private let priorWeight: Double

    init(sentences: [[String]], priors: [[String]: [String: Double]] = [:], priorWeight: Double = 0) {
        self.priors = priors
        self.priorWeight = priorWeight
        for words in sentences where !words.isEmpty {
            let tokens = ["<s>"] + words + ["</s>"]
            for n in 1...3 {
                for i in 0...(tokens.count - n) where !(n == 1 && tokens[i] == "<s>") {
                    counts[Array(tokens[i..<i + n]), default: 0] += 1
                }
            }
        }
    }

    /// Every word of the model, for the pronunciation dictionary.
    var vocabulary: [String] {
        counts.keys.filter { $0.count == 1 && $0[0] != "</s>" }.map { $0[0] }.sorted()
    }

    var arpa: String {
        let unigrams = counts.filter { $0.key.count == 1 }
        let total = Double(unigrams.values.reduce(0, +))
        var probability: [[String]: Double] = [:]
        // Unigrams: relative frequency (<s> gets a placeholder; it is only ever a context).
        for (gram, count) in unigrams { probability[gram] = Double(count) / total }
        probability[["<s>"]] = 0
        for order in 2...3 {
            let grams = counts.filter { $0.key.count == order }
            let contexts = Dictionary(grouping: grams.keys) { Array($0.dropLast()) }
            for followers in contexts.values {
                let contextTotal = Double(followers.reduce(0) { $0 + counts[$1]! })
                for gram in followers {
                    probability[gram] = (Double(counts[gram]!) - discount) / contextTotal
                }
            }
        }
        applyPriors(to: &probability)
        // Back-off weights: the mass left by discounting, spread over the lower order.
        var backoff: [[String]: Double] = [:]
        for order in 1...2 {
            let contexts = Dictionary(grouping: probability.keys.filter { $0.count == order + 1 }) {
                Array($0.dropLast())
            }
            for (context, followers) in contexts {
                let seen = followers.reduce(0.0) { $0 + probability[$1]! }
                let lower = followers.reduce(0.0) {
                    $0 + (lowerProbability(Array($1.dropFirst()), probability, backoff))
                }
                let left = max(1e-9, 1 - seen)
                let lowerLeft = max(1e-9, 1 - lower)
                backoff[context] = left / lowerLeft
            }
        }
        var lines = ["\\data\\"]
        let byOrder = (1...3).map { n in
            probability.keys.filter { $0.count == n }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        for n in 1...3 { lines.append("ngram \(n)=\(byOrder[n - 1].count)") }
        for n in 1...3 {
            lines.append("")
            lines.append("\\\(n)-grams:")
            for gram in byOrder[n - 1] {
                let p = probability[gram]!
                let logP = p > 0 ? log10(p) : -99
                var line = String(format: "%.4f", logP) + " " + gram.joined(separator: " ")
                if n < 3, let weight = backoff[gram] { line += " " + String(format: "%.4f", log10(weight)) }
                lines.append(line)
            }
        }
        lines.append("")
        lines.append("\\end\\")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mixes each prior into the probabilities of its context's seen followers.
    private func applyPriors(to probability: inout [[String]: Double]) {
        guard priorWeight > 0 else { return }
        for (context, weights) in priors {
            let followers = probability.keys.filter { $0.count == context.count + 1 && Array($0.dropLast()) == context }
            guard !followers.isEmpty, let rarest = weights.values.min() else { continue }
            let mass = followers.reduce(0.0) { $0 + probability[$1]! }
            let weightOf = { (gram: [String]) in weights[gram.last!] ?? rarest }
            let total = followers.reduce(0.0) { $0 + weightOf($1) }
            for gram in followers {
                probability[gram] = (1 - priorWeight) * probability[gram]! + priorWeight * mass * weightOf(gram) / total
            }
        }
    }

    /// The model's probability of the last word after the others, backing off as needed.
    private func lowerProbability(_ gram: [String], _ p: [[String]: Double], _ bow: [[String]: Double]) -> Double {
        if let value = p[gram] { return value }
        guard gram.count > 1 else { return 0 }
        return (bow[Array(gram.dropLast())] ?? 1) * lowerProbability(Array(gram.dropFirst()), p, bow)
    }
}
