/// One thing wrong with a profile: which key, what was wrong, what is allowed.
///
/// Validation finds every problem at once, so a user fixes a file in one pass.
public struct ProfileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The dotted key (`port`, `engine.url`), or empty for the profile as a whole.
    public var key: String
    public var message: String
    /// Where the key stands in its file, when it came from one.
    public var line: Int?

    public init(key: String, message: String, line: Int? = nil) {
        self.key = key
        self.message = message
        self.line = line
    }

    public var description: String { key.isEmpty ? message : "\(key): \(message)" }

    static func notAChoice(key: String, value: String, allowed: [String]) -> Self {
        let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        return Self(key: key, message: "\"\(UntrustedText.excerpt(value))\" is not one of \(list)")
    }

    static func unknownKey(_ key: String, known: [String]) -> Self {
        if key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return Self(key: key, message: "has an empty part between dots; write keys like engine.kind")
        }
        let leaf = key.split(separator: ".").last.map(String.init) ?? key
        let prefix = key.dropLast(leaf.count)
        if prefix.isEmpty, EngineConfig.fields.contains(where: { $0.key == leaf }) {
            return Self(
                key: key,
                message: "belongs to the engine; write it under [engine] (or as engine.\(leaf) with profile set)")
        }
        if let guess = leaf.closestMatch(in: known) {
            return Self(key: key, message: "unknown key; did you mean \"\(prefix)\(guess)\"?")
        }
        return Self(key: key, message: "unknown key (known: \(known.joined(separator: ", ")))")
    }
}

/// All the problems found in one profile (or one file), reported together.
public struct ProfileProblems: Error, Equatable, Sendable {
    /// The profile's name, or the file it came from, for messages.
    public var source: String
    public var problems: [ProfileProblem]

    public init(source: String, problems: [ProfileProblem]) {
        self.source = source
        self.problems = problems
    }

    /// One line per problem, prefixed the way compilers and OpenSSH do: `FILE:LINE: key: message`.
    public var lines: [String] {
        problems.map { p in
            let place = p.line.map { "\(source):\($0)" } ?? source
            return "\(place): \(p)"
        }
    }
}

extension String {
    /// The candidate within two edits of this word, for "did you mean" hints.
    public func closestMatch(in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(to: $0)) }.filter { $0.1 <= max(2, count / 3) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = a[i - 1] == b[j - 1] ? previous : 1 + Swift.min(previous, row[j], row[j - 1])
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

extension Character {
    /// A C0 or C1 control character, or DEL: never part of a name, a host or shell text.
    public var isControl: Bool { unicodeScalars.contains { $0.properties.generalCategory == .control } }
}
