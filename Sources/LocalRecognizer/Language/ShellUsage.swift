import Foundation

/// How shells are really used (the resource `Resources/shell-usage.txt`): how often each
/// command starts a line, and what follows each command how often. The corpus says what can
/// be said; these weights say what is likely, so a command typed a thousand times a day does
/// not compete on equal terms with one typed once a year (`git` heard as `gzip`).
enum ShellUsage {
    /// The weights as the language model's priors: context → follower → weight. A command
    /// starts a line, or follows `sudo`; a command's own followers come after it at a line's start.
    static let priors: [[String]: [String: Double]] = priors(from: text)

    /// How far the model leans on the priors over the corpus's own counts, in the contexts
    /// they cover (0: the corpus alone).
    static let weight = 0.6

    /// The resource's text; empty when it is not found (no priors then).
    static let text: String = file.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""

    static let file = ShellCorpus.resource("shell-usage.txt")

    static func priors(from text: String) -> [[String]: [String: Double]] {
        var commands: [String: Double] = [:]
        var followers: [String: [String: Double]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let weight = Double(fields[1]), weight > 0 else { continue }
            let words = fields[0].split(separator: " ").map(String.init)
            switch words.count {
            case 1: commands[words[0]] = weight
            case 2: followers[words[0], default: [:]][words[1]] = weight
            default: continue
            }
        }
        guard !commands.isEmpty else { return [:] }
        var result: [[String]: [String: Double]] = [["<s>"]: commands, ["<s>", "sudo"]: commands]
        for (command, next) in followers {
            result[["<s>", command]] = next
            // `sudo apt …` is used as `apt …` is.
            if command != "sudo" { result[["sudo", command]] = next }
        }
        return result
    }
}
