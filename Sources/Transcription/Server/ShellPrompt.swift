/// The prompt sent to Whisper-style servers. Whisper continues the style of its prompt, so a
/// few commands written as shell make it write `git status` rather than `Get status.`; the
/// profile's vocabulary and alias replacements follow, so it spells them the profile's way.
/// Whisper keeps only the last 223 tokens of a prompt (half its 448-token text context):
/// this one stays under that by a cautious estimate of GPT-2's tokens, dropping example lines
/// first and then vocabulary from the end. Should the estimate fall short, Whisper cuts the
/// prompt's start, the examples, and the profile's terms at the end still go.
struct ShellPrompt: Equatable {
    static let tokenLimit = 224
    /// Typical commands, written as a shell user types them.
    static let examples = [
        "git status", "git log --oneline -n 5", "ls -la /var/log", "cd ~/projects/app",
        "sudo systemctl restart nginx.service", "tail -f /var/log/syslog | grep error",
        "docker ps -a", "kubectl get pods -n kube-system", "git commit -m \"fix the build\"",
        "chmod +x deploy.sh", "grep -rn TODO .", "ssh root@backup", "echo $HOME",
    ]

    let text: String

    /// `context`: names from the remote shell, most likely first; they come last, so they
    /// are the first to go when the prompt is too long.
    init(vocabulary: [String], aliases: [String: String], context: [String] = []) {
        // Replacements are what the user wants written; their spoken forms are not.
        var terms = vocabulary + aliases.values.sorted() + context
        var seen = Set<String>()
        terms = terms.filter { !$0.isEmpty && seen.insert($0).inserted }
        var lines = Self.examples
        func render() -> String {
            (lines + (terms.isEmpty ? [] : [terms.joined(separator: ", ")])).joined(separator: "\n")
        }
        while Self.estimatedTokens(render()) > Self.tokenLimit - 1 {
            if lines.count > 3 {
                lines.removeLast()
            } else if !terms.isEmpty {
                terms.removeLast()
            } else {
                lines.removeLast()
            }
        }
        text = render()
    }

    /// GPT-2 byte-pair tokens, counted high: one per three letters or two digits of a run
    /// (common English words are one token), one per other character (a space joins the word
    /// after it).
    static func estimatedTokens(_ text: String) -> Int {
        var count = 0
        var run = 0
        var digits = false
        func flush() {
            if run > 0 { count += digits ? (run + 1) / 2 : (run + 2) / 3 }
            run = 0
        }
        for scalar in text.unicodeScalars {
            let isDigit = ("0"..."9").contains(scalar)
            let isLetter = scalar.properties.isAlphabetic && scalar.isASCII
            if isDigit || isLetter {
                if run > 0, isDigit != digits { flush() }
                digits = isDigit
                run += 1
            } else {
                flush()
                if scalar != " " { count += scalar.isASCII ? 1 : scalar.utf8.count }
            }
        }
        flush()
        return count
    }
}
