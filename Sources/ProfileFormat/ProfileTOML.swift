import TOMLKit
import VoiceshCore

/// Reads profile files: one profile at the top level, or several as `[[profile]]` tables.
///
/// A file is all-or-nothing: any problem in any profile rejects the whole file, and every
/// problem is reported with its line.
public enum ProfileTOML {
    /// The profiles in `text`, or every problem found; `source` names the file in messages.
    public static func profiles(fromText text: String, source: String) throws(ProfileProblems) -> [Profile] {
        let (root, lines) = try parse(text, source: source)
        var tables: [(table: TOMLTable, scope: String)] = []
        if let list = root["profile"]?.array, root.keys == ["profile"] {
            for (i, item) in list.enumerated() {
                guard let table = item.table else {
                    throw ProfileProblems(
                        source: source, problems: [.init(key: "profile", message: "[[profile]] entries must be tables")]
                    )
                }
                tables.append((table, "profile#\(i)"))
            }
        } else {
            tables.append((root, ""))
        }
        guard !tables.isEmpty else {
            throw ProfileProblems(source: source, problems: [.init(key: "", message: "holds no profile")])
        }

        var profiles: [Profile] = []
        var problems: [ProfileProblem] = []
        for (table, scope) in tables {
            var entries: [ProfileEntry] = []
            problems += collect(table, prefix: "", scope: scope, lines: lines, into: &entries)
            switch Profile.build(from: entries, source: source) {
            case .success(let profile):
                if profiles.contains(where: { $0.name == profile.name }) {
                    problems.append(
                        .init(
                            key: "name",
                            message: "\"\(UntrustedText.excerpt(profile.name))\" appears twice in this file",
                            line: lines[scope, "name"]))
                }
                profiles.append(profile)
            case .failure(let found):
                // A rule about a missing key points at its table, or at the profile's start.
                problems += found.problems.map { p in
                    var p = p
                    p.line = p.line ?? lines[scope, p.key] ?? lines[scope, ""]
                    return p
                }
            }
        }
        guard problems.isEmpty else {
            throw ProfileProblems(source: source, problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
        return profiles
    }

    /// The TOML table of `text` and where its keys stand, or the one syntax problem.
    static func parse(_ text: String, source: String) throws(ProfileProblems) -> (TOMLTable, KeyLines) {
        // TOML forbids control characters; the parser would stop at a NUL and keep what came before.
        if let bad = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: {
            $0.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t" && $0 != "\r") || $0.value == 0x7F }
        }) {
            throw ProfileProblems(
                source: source,
                problems: [
                    ProfileProblem(
                        key: "", message: "not valid TOML: a control character (such as NUL) on this line",
                        line: bad + 1)
                ])
        }
        if let bad = TOMLPrecheck.problem(text) {
            throw ProfileProblems(
                source: source,
                problems: [ProfileProblem(key: "", message: "not valid TOML: \(bad.message)", line: bad.line)])
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ProfileProblems(
                source: source,
                problems: [
                    ProfileProblem(
                        key: "", message: "not valid TOML: \(error.description)", line: error.source.begin.line)
                ])
        } catch {
            throw ProfileProblems(
                source: source, problems: [ProfileProblem(key: "", message: "not valid TOML: \(error)")])
        }
        return (root, KeyLines(text: text))
    }

    /// Flattens a table into dotted entries, reporting values of shapes no key takes. `table` is
    /// where the keys stand in the file (`defaults` in config.toml), for their line numbers.
    static func collect(
        _ table: TOMLTable, prefix: String, scope: String, lines: KeyLines, in fileTable: String = "",
        into entries: inout [ProfileEntry]
    ) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        for key in table.keys {
            guard let value = table[key]?.tomlValue else { continue }
            let dotted = prefix + key
            let line = lines[scope, fileTable.isEmpty ? dotted : "\(fileTable).\(dotted)"]
            if let nested = value.table, prefix.isEmpty, key == Profile.aliasTable {
                // Aliases are free-form phrases: every key is a spoken phrase, every value text.
                for phrase in nested.keys {
                    guard let text = nested[phrase]?.tomlValue.string else {
                        problems.append(.init(key: "\(key).\(phrase)", message: "expected a string", line: line))
                        continue
                    }
                    entries.append(.init(key: "\(key).\(phrase)", value: .string(text), line: line))
                }
                continue
            }
            if let nested = value.table {
                // `[intent]` is a profile's own; config.toml has a table of its own, not `[defaults.intent]`.
                let tables = Profile.engineTables + (fileTable.isEmpty ? [IntentOverride.table] : [])
                guard prefix.isEmpty, tables.contains(key) else {
                    problems.append(.init(key: dotted, message: tableHint(dotted), line: line))
                    continue
                }
                // An empty [fallback] still declares a fallback engine (all defaults).
                if nested.keys.isEmpty, Profile.engineTables.contains(key) {
                    entries.append(.init(key: "\(key).kind", value: .string("edge"), line: line))
                }
                problems += collect(
                    nested, prefix: dotted + ".", scope: scope, lines: lines, in: fileTable, into: &entries)
                continue
            }
            switch configValue(value) {
            case .some(let v): entries.append(.init(key: dotted, value: v, line: line))
            case .none:
                problems.append(.init(key: dotted, message: "a \(value.type) is not allowed here", line: line))
            }
        }
        return problems
    }

    private static func tableHint(_ key: String) -> String {
        if let guess = ["engine", "fallback"].first(where: { key.hasPrefix(String($0.prefix(3))) }) {
            return "unknown table; did you mean [\(guess)]?"
        }
        return "unknown table (profiles have [engine], [fallback], [intent] and [aliases])"
    }

    static func configValue(_ value: TOMLValue) -> ConfigValue? {
        switch value.type {
        case .string: value.string.map(ConfigValue.string)
        case .int: value.int.map(ConfigValue.integer)
        case .double: value.double.map(ConfigValue.float)
        case .bool: value.bool.map(ConfigValue.boolean)
        case .array:
            value.array.flatMap { array in
                let items = array.map { $0.tomlValue.string }
                return items.contains(nil) ? nil : .strings(items.compactMap { $0 })
            }
        default: nil
        }
    }
}
