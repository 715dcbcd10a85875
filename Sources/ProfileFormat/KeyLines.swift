/// The line each key stands on, found by a light scan of the text, because the TOML library
/// reports positions only for syntax errors. Good for messages; it never decides anything.
struct KeyLines {
    private var lines: [String: Int] = [:]

    init(text: String) {
        var table = ""  // "", "engine", "profile#0", "profile#0.engine" …
        var profileIndex = -1
        var scope = ""
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[[") {
                let name = line.dropFirst(2).prefix { $0 != "]" }.trimmed
                if name == "profile" {
                    profileIndex += 1
                    scope = "profile#\(profileIndex)"
                    table = ""
                }
                lines[key(scope, "")] = number + 1
            } else if line.hasPrefix("[") {
                let name = line.dropFirst().prefix { $0 != "]" }.trimmed
                table = name.hasPrefix("profile.") ? String(name.dropFirst("profile.".count)) : name
                lines[key(scope, table)] = number + 1
            } else if let eq = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let name = line[..<eq].trimmed.replacingQuotes
                let k = key(scope, table.isEmpty ? name : "\(table).\(name)")
                if lines[k] == nil { lines[k] = number + 1 }
            }
        }
    }

    /// The line of `dotted` (e.g. `engine.url`) within a profile scope, or of its table.
    subscript(scope: String, dotted: String) -> Int? {
        lines[key(scope, dotted)] ?? dotted.split(separator: ".").first.flatMap { lines[key(scope, String($0))] }
    }

    private func key(_ scope: String, _ dotted: String) -> String { "\(scope)|\(dotted)" }
}

extension Substring {
    fileprivate var trimmed: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

extension String {
    fileprivate var replacingQuotes: String { filter { $0 != "\"" && $0 != "'" } }
}
