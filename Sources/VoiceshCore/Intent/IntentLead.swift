import Foundation

/// The spoken words that make a take an intent, a request in plain English for a command,
/// rather than a dictation: "how do I find big files", "command to show disk space". Only at
/// the take's start and as whole words, so a dictated `how` or `command` stays dictation.
public enum IntentLead {
    /// The leads voicesh knows (docs/intent.md names them).
    public static let leads = [
        "how do i", "how can i", "how to", "command to", "command for", "a command to", "give me a command to",
        "write a command to",
    ]

    /// The request, the take's words whole, when they begin with a lead and say something
    /// after it; nil otherwise. Words are compared without case or punctuation.
    public static func request(in words: String) -> String? {
        let spoken = words.split(whereSeparator: \.isWhitespace)
        let bare = spoken.map { $0.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" } }
        let led = leads.contains { lead in
            let leading = lead.split(separator: " ").map(String.init)
            return bare.count > leading.count && Array(bare.prefix(leading.count)) == leading
        }
        guard led else { return nil }
        return spoken.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
