/// What one dictation may be about, from the remote shell (`RemoteContext`): the names it
/// could say, most likely first, with how each is said. Engines take what suits them: the
/// edge engine a small language model and dictionary words, a server its prompt, a stream
/// its key terms; the normaliser maps a spoken name back to the real one. Memory only.
public struct SpeechContext: Equatable, Sendable {
    public struct Name: Equatable, Sendable {
        public enum Kind: String, Sendable, Codable, CaseIterable {
            case entry, directory, changed, branch, remote, command
        }
        public var text: String
        /// Its spoken forms, the full one first (`SpokenName.forms`).
        public var spoken: [String]
        public var kind: Kind
    }

    /// Names, most likely first: the current directory's entries, changed files, branches,
    /// remotes, commands used in the history, then the rest of PATH.
    public var names: [Name] = []
    /// Recent commands (newest last), whose words a local model can learn from.
    public var history: [String] = []
    public var directory: String?
    /// What a hands-free take may be besides dictation (`VoiceGrammar.sentences`), as words:
    /// the edge engine weighs them in its small model, so "run it" is not heard as shell.
    public var commands: [String] = []
    /// The take is a request in plain English (intent mode's key): an engine hears it without
    /// its shell-talk steer.
    public var plainEnglish = false

    public static let empty = SpeechContext()
    public var isEmpty: Bool { names.isEmpty && history.isEmpty && commands.isEmpty }

    public init() {}

    /// The most likely `limit` names of `remote`, each once, only those that can be said.
    public init(_ remote: RemoteContext, limit: Int = 800) {
        directory = remote.directory
        history = Array(remote.history.suffix(200))
        let used = Self.commandsUsed(in: remote.history)
        let onPath = Set(remote.commands)
        let ranked: [(String, Name.Kind)] =
            remote.entries.map { ($0, .entry) } + remote.changed.map { ($0, .changed) }
            + remote.branches.map { ($0, .branch) } + remote.remotes.map { ($0, .remote) }
            + used.filter(onPath.contains).map { ($0, .command) } + remote.commands.map { ($0, .command) }
        var seen = Set<String>()
        for (text, listed) in ranked where names.count < limit {
            let folder = listed == .entry && text.count > 1 && text.hasSuffix("/")
            let bare = folder ? String(text.dropLast()) : text
            let kind = folder ? Name.Kind.directory : listed
            guard !seen.contains(bare) else { continue }
            let forms = SpokenName.forms(of: bare)
            guard !forms.isEmpty else { continue }
            seen.insert(bare)
            names.append(Name(text: bare, spoken: forms, kind: kind))
        }
    }

    /// The first word of each history command, most used first (ties: most recent first).
    public static func commandsUsed(in history: [String]) -> [String] {
        var count: [String: Int] = [:]
        var last: [String: Int] = [:]
        for (i, command) in history.enumerated() {
            let words = command.split(whereSeparator: \.isWhitespace)
            guard var word = words.first.map(String.init) else { continue }
            if word == "sudo", words.count > 1 { word = String(words[1]) }
            count[word, default: 0] += 1
            last[word] = i
        }
        return count.keys.sorted { a, b in
            count[a]! != count[b]! ? count[a]! > count[b]! : last[a]! > last[b]!
        }
    }

    /// Spoken phrase → the name it stands for, for names whose spoken form is more than one
    /// word (a one-word name needs no mapping, and mapping it would freeze a word like `dot`).
    /// A phrase two names share is left out: the normaliser must not guess.
    public var spokenNames: [String: String] {
        var map: [String: String] = [:]
        var ambiguous = Set<String>()
        for name in names {
            for form in name.spoken where form.contains(" ") {
                if let other = map[form], other != name.text { ambiguous.insert(form) } else { map[form] = name.text }
            }
        }
        for form in ambiguous { map[form] = nil }
        return map
    }

    /// The normaliser's aliases for a dictation: the spoken names, under the profile's own
    /// `aliases`, which win where both have a phrase.
    public func aliases(with profile: [String: String]) -> [String: String] {
        spokenNames.merging(profile) { _, own in own }
    }

    /// The same context without the names of one kind.
    public func named(except kind: Name.Kind) -> SpeechContext {
        var copy = self
        copy.names.removeAll { $0.kind == kind }
        return copy
    }

    /// Up to `count` names of at most `length` characters, most likely first.
    public func terms(count: Int, length: Int) -> [String] {
        Array(names.lazy.map(\.text).filter { $0.count <= length }.prefix(count))
    }
}
