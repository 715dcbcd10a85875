import VoiceshCore

/// The sentences a dictation is likely to be, given the remote shell's context: each name
/// said alone and after the commands that take such a name (`cat deploy underscore prod dot
/// yaml`, `git checkout feature slash login`), and the recent history in spoken words. Built
/// per dictation into a small trigram model that the decoder interpolates with its own.
enum ContextModel {
    /// How many names a dictation's model holds: the most likely ones (`SpeechContext` ranks).
    static let nameLimit = 400
    /// The context model's share against the shell-talk model.
    static let weight: Float = 0.5
    /// Its share when it holds a hands-free take's commands.
    static let commandWeight: Float = 0.7

    static func weight(for context: SpeechContext) -> Float {
        context.commands.isEmpty ? weight : commandWeight
    }

    static let fileVerbs = [
        "cat", "less", "vim", "nano", "rm", "cp", "mv", "tail", "head", "git add", "git diff", "git checkout",
        "source", "bash", "python", "python three", "chmod plus x", "kubectl apply dash f", "docker compose dash f",
        "grep error", "tail dash f", "sops dash d",
    ]
    static let directoryVerbs = [
        "cd", "ls", "ls dash la", "rm dash r", "du dash sh", "kubectl apply dash f", "git add",
    ]
    static let branchVerbs = [
        "git checkout", "git switch", "git merge", "git rebase", "git log", "git diff", "git push origin",
        "git branch dash d",
    ]
    static let remoteVerbs = ["git push", "git pull", "git fetch"]

    /// How many PATH commands the model holds (those used in the history come first).
    static let commandLimit = 100

    /// The sentences, as words. Names in the directory and git carry the model: their
    /// sentences are repeated until they are at least twice the rest (PATH and history), so
    /// a long PATH cannot drown the one file the user is about to name.
    static func sentences(for context: SpeechContext) -> [[String]] {
        var named: [String] = []
        var rest: [String] = []
        var commands = 0
        for name in context.names.prefix(nameLimit) {
            let verbs: [String]
            switch name.kind {
            case .entry, .changed: verbs = fileVerbs
            case .directory: verbs = directoryVerbs
            case .branch: verbs = branchVerbs
            case .remote: verbs = remoteVerbs
            case .command:
                commands += 1
                if commands > commandLimit { continue }
                rest += name.spoken + name.spoken.map { "sudo \($0)" }
                continue
            }
            for form in name.spoken {
                named.append(form)
                named += verbs.map { "\($0) \(form)" }
            }
        }
        for command in context.history.suffix(200) {
            let words = command.split(whereSeparator: \.isWhitespace).map { SpokenName.forms(of: String($0)).first }
            if !words.isEmpty, words.allSatisfy({ $0 != nil }) {
                rest.append(words.compactMap { $0 }.joined(separator: " "))
            }
        }
        let repeats = named.isEmpty ? 0 : max(1, (2 * rest.count + named.count - 1) / named.count)
        // A hands-free take's commands are its model alone: among 800 names from PATH, "run it"
        // was heard as "prod it"; dictation said instead still has the shell-talk model.
        let sentences =
            context.commands.isEmpty ? Array(repeating: named, count: repeats).flatMap { $0 } + rest : context.commands
        return sentences.map { $0.split(separator: " ").map(String.init) }
    }
}
