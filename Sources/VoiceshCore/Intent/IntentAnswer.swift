import Foundation

/// What the model wrote, read strictly: the JSON object the request asked for
/// (`IntentPrompt.schema`), its command one line, cleaned like any text from outside.
public struct IntentAnswer: Equatable, Sendable {
    public var command: String
    public var explanation: String
    /// Other commands the model wrote for the same request, asked for one at a time
    /// (`voicesh intent --candidates`; a session's Tab keeps them in `IntentTake`).
    public var candidates: [String]

    public init(command: String, explanation: String, candidates: [String] = []) {
        self.command = command
        self.explanation = explanation
        self.candidates = candidates
    }

    /// Which of `others` has this command, as the shell would get it: Tab's asking ends there.
    public func repeated(in others: [IntentAnswer]) -> Int? {
        let command = ShellInput.sanitize(self.command)
        return others.firstIndex { ShellInput.sanitize($0.command) == command }
    }

    private struct Written: Decodable {
        var command: String
        var explanation: String?
    }

    /// `text` with every occurrence of `secret` (the key voicesh sent) masked: an endpoint that
    /// echoes the key back ("your key is sk-…") must not get it shown, stored or logged.
    public static func hiding(_ secret: String?, in text: String) -> String {
        guard let secret, !secret.isEmpty else { return text }
        return text.replacingOccurrences(of: secret, with: "***")
    }

    /// `text` cleaned (`UntrustedText.clean`) with `secret` masked before and after: a NUL or a
    /// zero-width space inside the key would hide it from the first mask, and the cleaning then
    /// join it up again. Everything an endpoint writes is shown through this.
    public static func shown(_ text: String, hiding secret: String?) -> String {
        hiding(secret, in: UntrustedText.clean(hiding(secret, in: text)))
    }

    /// The command in an answer still being written, once its string has ended: shown while
    /// the explanation comes (`{"command": "du -sh docs", "expl…`). Cleaned and masked as any
    /// text from the model, and only shown: the whole answer is read and checked as ever.
    public static func draft(in partial: String, hiding secret: String? = nil) -> String? {
        guard let key = partial.range(of: "\"command\"") else { return nil }
        var rest = partial[key.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        // The string's end: the first quote no backslash escapes.
        var escaped = false
        var end: Substring.Index?
        for index in rest.indices.dropFirst() {
            let character = rest[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                end = index
                break
            }
        }
        guard let end else { return nil }
        let string = keepingStrayEscapes(String(rest[...end]))
        guard let literal = try? JSONDecoder().decode(String.self, from: Data(string.utf8)) else { return nil }
        let raw = literal.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !raw.contains(where: \.isNewline) else { return nil }  // refused whole, so never shown
        let command = shown(raw, hiding: secret)
        return command.isEmpty ? nil : command
    }

    /// `json` with a backslash that starts no JSON escape (`\;`, `\.`, as a shell writes them)
    /// taken as itself: the local model's grammar lets it write them (`IntentPrompt.grammar`),
    /// and a remote model may.
    static func keepingStrayEscapes(_ json: String) -> String {
        var out = ""
        var inString = false
        var characters = json.makeIterator()
        while let character = characters.next() {
            guard inString, character == "\\" else {
                if character == "\"" { inString.toggle() }
                out.append(character)
                continue
            }
            guard let next = characters.next() else {
                out.append(character)
                break
            }
            out += "\"\\/bfnrtu".contains(next) ? "\\\(next)" : "\\\\\(next)"
        }
        return out
    }

    /// Reads the model's text (a chat message's content); `secret`, the key sent with the
    /// request, is masked in all of it, after JSON's escapes are read.
    public static func read(_ content: String, hiding secret: String? = nil) throws(IntentError) -> IntentAnswer {
        let content = hiding(secret, in: content)
        func shown(_ text: String) -> String { Self.shown(text, hiding: secret) }
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        // Some models fence JSON even when told not to.
        if text.hasPrefix("```") {
            text = String(text.drop { $0 != "\n" }.dropFirst())
            if let end = text.range(of: "```", options: .backwards) { text = String(text[..<end.lowerBound]) }
        }
        text = keepingStrayEscapes(text)
        guard text.hasPrefix("{"), let written = try? JSONDecoder().decode(Written.self, from: Data(text.utf8)) else {
            throw .prose(UntrustedText.excerpt(shown(content), limit: 60))
        }
        let raw = hiding(secret, in: written.command).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !raw.contains(where: \.isNewline) else { throw .severalLines }
        let command = shown(raw)
        guard !command.isEmpty else { throw .noCommand }
        return IntentAnswer(command: command, explanation: shown(written.explanation ?? ""))
    }
}
