/// The gathering script's output (`Sources/voicesh/Resources/gather-context.sh`): a header
/// line, then sections (`@name arguments`) whose lines each start with one space. Anything
/// else (a `ForceCommand`'s banner, a shell's greeting) is not the script talking.
extension RemoteContext {
    static let header = "voicesh-context 1"

    /// The context in `output`, or nil when it does not come from the script (no header).
    public init?(scriptOutput output: String) {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first != Self.header[...] {
            lines = lines.dropFirst()
        }
        guard !lines.isEmpty else { return nil }
        self.init()
        var section = ""
        var argument = ""
        var seen: [String: Set<String>] = [:]  // per section: each name once, in linear time
        var historyLines: [String: [String]] = [:]
        var historyOrder: [String] = []
        var help: [String: [String]] = [:]
        for raw in lines.dropFirst() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("@") {
                let parts = line.dropFirst().split(separator: " ", maxSplits: 1)
                section = parts.first.map(String.init) ?? ""
                argument = parts.count > 1 ? String(parts[1]) : ""
                switch section {
                case "cwd":
                    if let source = DirectorySource(rawValue: argument) { directorySource = source }
                case "history":
                    if !historyOrder.contains(argument) { historyOrder.append(argument) }
                case "truncated": truncated = true
                case "git": isRepository = argument == "yes"
                default: break
                }
                continue
            }
            guard line.hasPrefix(" ") else { continue }
            let value = String(line.dropFirst())
            switch section {
            case "cwd":
                if directory == nil, value.hasPrefix("/"), Self.isPlain(value, limit: 4096) { directory = value }
            case "path": add(value, to: \.commands, limit: Limit.commands, seen: &seen[section, default: []])
            case "history": historyLines[argument, default: []].append(value)
            case "entries": add(value, to: \.entries, limit: Limit.entries, seen: &seen[section, default: []])
            case "inside":
                // Only the first entries of each folder are sent: a cut here is no news.
                guard value.contains("/") else { continue }
                add(value, to: \.inside, limit: Limit.inside, seen: &seen[section, default: []], cut: false)
            case "options":
                guard ToolOptions.asked.contains(argument), help[argument, default: []].count < 300 else { continue }
                help[argument, default: []].append(value)
            case "branches": add(value, to: \.branches, limit: Limit.gitNames, seen: &seen[section, default: []])
            case "remotes": add(value, to: \.remotes, limit: Limit.gitNames, seen: &seen[section, default: []])
            case "changed":
                add(Self.porcelainPath(value), to: \.changed, limit: Limit.gitNames, seen: &seen[section, default: []])
            default: break
            }
        }
        for (tool, lines) in help { options[tool] = ToolOptions(help: lines.joined(separator: "\n")) }
        for shell in historyOrder {
            let format = ShellHistory.Format(rawValue: shell) ?? .bash
            history += ShellHistory.commands(in: historyLines[shell, default: []], format: format)
        }
        history = history.filter { Self.isPlain($0, limit: 1024) }.suffix(Limit.history).map { $0 }
    }

    private mutating func add(
        _ name: String, to list: WritableKeyPath<RemoteContext, [String]>, limit: Int, seen: inout Set<String>,
        cut: Bool = true
    ) {
        guard !name.isEmpty, !seen.contains(name), Self.isPlain(name, limit: Limit.name) else { return }
        guard self[keyPath: list].count < limit else {
            if cut { truncated = true }
            return
        }
        seen.insert(name)
        self[keyPath: list].append(name)
    }

    /// `git status --porcelain`'s ` M path` / `R  old -> new` → the path it names now.
    static func porcelainPath(_ line: String) -> String {
        let path = line.count > 3 ? String(line.dropFirst(3)) : ""
        if let arrow = path.range(of: " -> ") { return String(path[arrow.upperBound...]) }
        return path
    }

    /// Text with no control, format or invisible characters, within `limit` characters:
    /// names are shown to the user and given to engines, so nothing else gets through.
    static func isPlain(_ text: String, limit: Int) -> Bool {
        text.count <= limit && UntrustedText.clean(text) == text && !text.contains("\t")
    }
}
