import Testing

@testable import Transcription

struct ShellPromptTests {
    @Test func examplesThenTheVocabularyThenTheAliasesReplacements() {
        let prompt = ShellPrompt(vocabulary: ["kubectl", "postgres"], aliases: ["prod box": "prod-01.example.com"])
        #expect(prompt.text.hasPrefix("git status\ngit log --oneline -n 5\n"))
        #expect(prompt.text.hasSuffix("\necho $HOME\nkubectl, postgres, prod-01.example.com"))
        #expect(!prompt.text.contains("prod box"))
    }

    /// A full vocabulary (100 terms of 50 characters) still fits: examples go first, then terms.
    @Test func itStaysWithinWhispersLimit() {
        let terms = (0..<100).map { "term\($0)-" + String(repeating: "x", count: 40) }
        let prompt = ShellPrompt(vocabulary: terms, aliases: [:])
        #expect(ShellPrompt.estimatedTokens(prompt.text) < ShellPrompt.tokenLimit)
        #expect(prompt.text.hasPrefix("git status\ngit log --oneline -n 5\nls -la /var/log\nterm0-"))
        #expect(!prompt.text.contains("term99-"))
    }

    /// The remote shell's names come after the profile's terms, so they are cut first.
    @Test func contextNamesComeLastAndGoFirst() {
        let prompt = ShellPrompt(vocabulary: ["kubectl"], aliases: [:], context: ["deploy_prod.yaml", "feature/login"])
        #expect(prompt.text.hasSuffix("\nkubectl, deploy_prod.yaml, feature/login"))
        let many = (0..<300).map { "name\($0).yaml" }
        let full = ShellPrompt(vocabulary: ["kubectl"], aliases: [:], context: many)
        #expect(ShellPrompt.estimatedTokens(full.text) < ShellPrompt.tokenLimit)
        #expect(full.text.contains("kubectl, name0.yaml"))
        #expect(!full.text.contains("name299.yaml"))
    }

    @Test func tokensAreCountedHigh() {
        // GPT-2 gives `git status` 2 tokens and `ls -la /var/log` 6; the estimate is never lower.
        #expect(ShellPrompt.estimatedTokens("git status") >= 2)
        #expect(ShellPrompt.estimatedTokens("ls -la /var/log") >= 6)
        #expect(ShellPrompt.estimatedTokens(ShellPrompt.examples.joined(separator: "\n")) < 224)
    }
}
