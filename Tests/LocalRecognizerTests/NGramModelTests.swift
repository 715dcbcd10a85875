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

    /// p(word | context) as the ARPA text gives it, backing off as pocketsphinx does.
    static func probabilities(_ arpa: String) -> (grams: [String: Double], backoff: [String: Double]) {
        var grams: [String: Double] = [:], backoff: [String: Double] = [:]
        var order = 0
        for line in arpa.split(separator: "\n") {
            if line.hasPrefix("\\"), line.hasSuffix("-grams:") { order = Int(String(line.dropFirst().prefix(1))) ?? 0 }
            let parts = line.split(separator: " ")
            guard order > 0, let logP = Double(parts.first ?? ""), parts.count >= order + 1 else { continue }
            let gram = parts[1...order].joined(separator: " ")
            grams[gram] = pow(10, logP)
            if parts.count == order + 2 { backoff[gram] = pow(10, Double(parts[order + 1])!) }
        }
        return (grams, backoff)
    }

    /// Usage priors reorder what starts a line without changing what the corpus can say, and
    /// each context still sums to one.
    @Test func priorsReorderFollowersAndKeepEachContextWhole() throws {
        let sentences = [
            ["gzip", "notes"], ["gzip", "data"], ["gzip", "notes"], ["git", "status"], ["the", "end"],
        ]
        let priors: [[String]: [String: Double]] = [["<s>"]: ["git": 100, "gzip": 1]]
        let flat = Self.probabilities(NGramModel(sentences: sentences).arpa)
        #expect(flat.grams["<s> gzip"]! > flat.grams["<s> git"]!)
        let model = NGramModel(sentences: sentences, priors: priors, priorWeight: 0.8)
        let (grams, backoff) = Self.probabilities(model.arpa)
        #expect(grams["<s> git"]! > 5 * grams["<s> gzip"]!)
        let words = ["gzip", "git", "the", "notes", "data", "status", "end", "</s>"]
        let total = words.reduce(0.0) { $0 + (grams["<s> \($1)"] ?? backoff["<s>"]! * grams[$1]!) }
        #expect(abs(total - 1) < 0.01)
        // What the corpus never starts a line with is as likely there as before.
        #expect(abs(backoff["<s>"]! * grams["the"]! - flat.backoff["<s>"]! * flat.grams["the"]!) < 1e-4)
        // Contexts the priors do not name are the corpus's alone.
        #expect(grams["gzip notes"] == flat.grams["gzip notes"])
    }

    @Test func usagePriorsResourceRanksCommandsAndTheirFollowers() {
        let priors = ShellUsage.priors
        #expect(priors[["<s>"]]!["git"]! > 100 * priors[["<s>"]]!["gzip"]!)
        #expect(priors[["<s>", "git"]]!["status"]! > priors[["<s>", "git"]]!["bisect"]!)
        #expect(priors[["sudo", "apt"]] == priors[["<s>", "apt"]])
        #expect(
            ShellUsage.priors(from: "# comment\nls\t3\nls dash\tx\nbad line\n") == [
                ["<s>"]: ["ls": 3], ["<s>", "sudo"]: ["ls": 3],
            ])
    }

    @Test func corpusResourceHoldsOneSpokenCommandPerLine() {
        #expect(ShellCorpus.sentences.count > 5000)
        #expect(ShellCorpus.sentences.contains("git status"))
        #expect(ShellCorpus.sentences.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() })
    }
}
