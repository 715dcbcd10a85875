import TOMLKit
import VoiceshCore

/// Reads config.toml: `store`, and `[defaults]` with the keys, engines and aliases of a profile.
/// Like a profile file it is all-or-nothing, and every problem names its line and key.
public enum ConfigTOML {
    public static func config(fromText text: String, source: String) throws(ProfileProblems) -> Config {
        let (root, lines) = try ProfileTOML.parse(text, source: source)
        var config = Config()
        var problems: [ProfileProblem] = []
        for key in root.keys {
            let line = lines["", key]
            switch (key, root[key]?.tomlValue) {
            case ("store", let value?):
                if let url = value.string {
                    config.store = url
                    if let problem = Config.storeProblem(url) {
                        problems.append(.init(key: key, message: problem, line: line))
                    }
                } else {
                    problems.append(.init(key: key, message: "expected a string", line: line))
                }
            case (Config.defaultsTable, let value?):
                guard let table = value.table else {
                    problems.append(.init(key: key, message: "must be a table: [defaults]", line: line))
                    continue
                }
                var entries: [ProfileEntry] = []
                problems += ProfileTOML.collect(
                    table, prefix: "", scope: "", lines: lines, in: key, into: &entries
                ).map(\.inDefaults)
                config.defaults = ProfileDefaults(entries: entries)
            case (IntentSettings.table, let value?):
                guard let table = value.table else {
                    problems.append(.init(key: key, message: "must be a table: [intent]", line: line))
                    continue
                }
                for name in table.keys {
                    let line = lines["", "\(key).\(name)"]
                    guard let value = table[name]?.tomlValue, let parsed = ProfileTOML.configValue(value) else {
                        problems.append(.init(key: "\(key).\(name)", message: "expected a value", line: line))
                        continue
                    }
                    do throws(ProfileProblem) {
                        try config.intent.set(name, to: parsed)
                    } catch {
                        problems.append(.init(key: error.key, message: error.message, line: line))
                    }
                }
            default:
                let known = Config.topLevelKeys + [Config.defaultsTable, IntentSettings.table]
                let hint =
                    key.closestMatch(in: known).map { "did you mean \"\($0)\"?" }
                    ?? "known: store, [defaults], [intent]"
                problems.append(.init(key: key, message: "unknown key; \(hint)", line: line))
            }
        }
        if problems.isEmpty {
            problems = config.intent.validate().map { p in
                var p = p
                p.line = lines["", p.key]
                return p
            }
            problems += config.defaults.validate().map { p in
                var p = p.inDefaults
                p.line = p.line ?? lines["", p.key]
                return p
            }
        }
        guard problems.isEmpty else {
            throw ProfileProblems(source: source, problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
        return config
    }
}

extension ProfileProblem {
    /// The same problem, named as config.toml spells the key.
    fileprivate var inDefaults: ProfileProblem {
        var p = self
        p.key = key.isEmpty ? Config.defaultsTable : "\(Config.defaultsTable).\(key)"
        return p
    }
}
