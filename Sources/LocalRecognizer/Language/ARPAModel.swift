import Foundation

/// A back-off n-gram model read from an ARPA file (the one `NGramModel` writes and pocketsphinx
/// decodes with), to score a reading's words: the fusion's judge of how much a line reads as
/// shell talk. log10 probabilities, as the file has them.
struct ARPAModel: Sendable {
    private var probability: [String: Float] = [:]
    private var backoff: [String: Float] = [:]

    /// What a word the model never saw costs (log10; the model has no `<unk>`).
    static let unknown: Float = -5

    /// Nil when the file cannot be read or has no n-grams.
    init?(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var order = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("\\") {
                order = line.hasSuffix("-grams:") ? Int(String(line.dropFirst().prefix(1))) ?? 0 : 0
                continue
            }
            guard order > 0 else { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 1 + order, let logP = Float(fields[0]) else { continue }
            let gram = fields[1...order].joined(separator: " ")
            probability[gram] = logP
            if fields.count > 1 + order, let weight = Float(fields[1 + order]) { backoff[gram] = weight }
        }
        guard !probability.isEmpty else { return nil }
    }

    /// log10 P(word | the last two of `history`), backing off.
    func log10(_ word: String, after history: ArraySlice<String>) -> Float {
        var context = Array(history.suffix(2))
        var weight: Float = 0
        while true {
            if let p = probability[(context + [word]).joined(separator: " ")] { return weight + p }
            if context.isEmpty { return weight + Self.unknown }
            weight += backoff[context.joined(separator: " ")] ?? 0
            context.removeFirst()
        }
    }

    /// The line's log10 probability per word, its end included (`<s> … </s>`).
    func perWord(_ words: [String]) -> Double {
        let line = ["<s>"] + words
        var total: Float = 0
        for index in 1..<line.count { total += log10(line[index], after: line[..<index]) }
        total += log10("</s>", after: line[...])
        return Double(total) / Double(words.count + 1)
    }
}
