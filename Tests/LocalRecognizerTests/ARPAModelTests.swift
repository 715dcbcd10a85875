import Foundation
import Testing

@testable import LocalRecognizer

/// The fusion's judge reads the very file pocketsphinx decodes with.
struct ARPAModelTests {
    static func written(_ sentences: [[String]]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arpa-\(UUID().uuidString).lm").path
        try NGramModel(sentences: sentences).arpa.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func scoresALineAsTheModelWroteIt() throws {
        let path = try Self.written([["git", "status"], ["git", "log"], ["git", "status"], ["ls"]])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = try #require(ARPAModel(path: path))
        // Trigram counts: <s> git status 2 of 3 after `<s> git`, discounted by 0.5: 1.5/3.
        #expect(abs(model.log10("status", after: ["<s>", "git"]) - Float(log10(1.5 / 3))) < 0.001)
        // A seen line reads better than the same words out of order, and a word never seen costs most.
        #expect(model.perWord(["git", "status"]) > model.perWord(["status", "git"]))
        #expect(model.perWord(["git", "kubectl"]) < model.perWord(["status", "git"]))
        #expect(model.log10("kubectl", after: []) == ARPAModel.unknown)
    }

    @Test func aFileThatIsNotAModelIsNone() {
        #expect(ARPAModel(path: "/nonexistent.lm") == nil)
        #expect(ARPAModel(path: "/etc/hostname") == nil)
    }
}
