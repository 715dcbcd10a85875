import Foundation
import Testing

@testable import LocalRecognizer

struct NGramModelTests {
    @Test func arpaProbabilitiesSumToOnePerContext() throws {
        let model = NGramModel(sentences: [["git", "status"], ["git", "push"], ["git", "status"], ["ls"]])
        let arpa = model.arpa
        #expect(arpa.hasPrefix("\\data\\\nngram 1=6\n"))  // git status push ls </s>, and <s>
        #expect(arpa.hasSuffix("\\end\\\n"))
        // p(w | git) over the seen followers plus the backed-off rest must be 1.
        var unigram: [String: Double] = [:], bigram: [String: Double] = [:], backoff: [String: Double] = [:]
        var section = 0
        for line in arpa.split(separator: "\n") {
            if line.hasPrefix("\\1-grams") {
                section = 1
            } else if line.hasPrefix("\\2-grams") {
                section = 2
            } else if line.hasPrefix("\\3-grams") {
                section = 3
            }
            let parts = line.split(separator: " ")
            guard let logP = Double(parts.first ?? ""), parts.count >= section + 1 else { continue }
            if section == 1 {
                unigram[String(parts[1])] = pow(10, logP)
                if parts.count == 3 { backoff[String(parts[1])] = pow(10, Double(parts[2])!) }
            } else if section == 2 {
                bigram[parts[1...2].joined(separator: " ")] = pow(10, logP)
            }
        }
        let words = ["git", "status", "push", "ls", "</s>"]
        let total = words.reduce(0.0) { sum, w in sum + (bigram["git \(w)"] ?? backoff["git"]! * unigram[w]!) }
        #expect(abs(total - 1) < 0.01)
        #expect(abs(words.reduce(0.0) { $0 + unigram[$1]! } - 1) < 0.001)
        #expect(model.vocabulary == ["<s>", "git", "ls", "push", "status"].filter { $0 != "<s>" })
    }

    @Test func corpusResourceHoldsOneSpokenCommandPerLine() {
        #expect(ShellCorpus.sentences.count > 5000)
        #expect(ShellCorpus.sentences.contains("git status"))
        #expect(ShellCorpus.sentences.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() })
    }
}
