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

    /// The request in `words` with its lead taken off when it has one ("how do I list files" →
    /// "list files"), else the words whole: a recording already known to be a request (the
    /// intent key, `transcribe --intent`) needs no lead, and one said with a lead still works.
    public static func request(taking words: String) -> String {
        let spoken = words.split(whereSeparator: \.isWhitespace)
        let bare = spoken.map { $0.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" } }
        let longest = leads.map { $0.split(separator: " ").map(String.init) }
            .filter { bare.count > $0.count && Array(bare.prefix($0.count)) == $0 }
            .max { $0.count < $1.count }
        return spoken.dropFirst(longest?.count ?? 0).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
