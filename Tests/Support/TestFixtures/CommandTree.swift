import Foundation

/// voicesh's commands as argument-parser describes them (`--experimental-dump-help`).
package enum CommandTree {
    package struct Unreadable: Error {}

    /// Every command path (`[]`, `["profile"]`, `["profile", "add"]` …) in the dump, without
    /// argument-parser's own `help` and the hidden commands voicesh runs itself.
    package static func paths(dump: String) throws -> [[String]] {
        guard let root = try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any],
            let command = root["command"] as? [String: Any]
        else { throw Unreadable() }
        func walk(_ command: [String: Any], _ path: [String]) -> [[String]] {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            return [path]
                + subcommands.flatMap { sub -> [[String]] in
                    guard let name = sub["commandName"] as? String, name != "help",
                        sub["shouldDisplay"] as? Bool ?? true
                    else { return [] }
                    return walk(sub, path + [name])
                }
        }
        return walk(command, [])
    }
}
