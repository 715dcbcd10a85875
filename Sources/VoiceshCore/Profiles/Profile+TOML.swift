import Foundation

/// The profile's file form, written by hand so keys keep a fixed, readable order
/// (a TOML library's tables sort their keys).
extension Profile {
    /// The profile as TOML: its own keys (see `ownKeys`), then `[engine]` if it describes its
    /// own engine, then `[fallback]` if there is one. Reading it back gives the same profile.
    public var tomlText: String {
        let own = ownKeys
        return render(keys: keysWithValues.filter { own.contains($0) || $0 == "engine.kind" && ownsTable("engine") })
    }

    /// Every key with its value, each marked with where it comes from: `profile show --effective`.
    /// `self` is the profile as stored; the values shown are those `defaults` gives it.
    /// Keys the profile leaves unset may come from ssh_config (`sshConfig`), marked with the line.
    public func effectiveTOMLText(with defaults: ProfileDefaults, sshConfig: [SSHConfigEntry] = []) -> String {
        let filled = filling(from: sshConfig)
        let effective = defaults.applied(to: filled)
        return effective.render(keys: effective.keysWithValues) { key in
            if let line = sshConfigSource(of: key, in: sshConfig) { return "  # ssh_config (\(line))" }
            return "  # " + defaults.source(of: key, in: self).rawValue
        }
    }

    /// The ssh_config line that gives `key`, when the profile does not set it itself.
    public func sshConfigSource(of key: String, in entries: [SSHConfigEntry]) -> String? {
        guard !ownKeys.contains(key) else { return nil }
        return entries.first { $0.key == key && !$0.fromCommandLine }?.source
    }

    /// The given keys in file order, top-level keys first, then one table per engine and the aliases.
    func render(keys: [String], note: (String) -> String = { _ in "" }) -> String {
        func line(_ key: String, _ name: String) -> String? {
            value(of: key).map { "\(name) = \(Self.toml($0))" + note(key) }
        }
        var lines = keys.filter { !$0.contains(".") }.compactMap { line($0, $0) }
        for table in Self.engineTables + [IntentOverride.table, Self.aliasTable] {
            let inTable = keys.filter { $0.hasPrefix(table + ".") }
            guard !inTable.isEmpty else { continue }
            lines += ["", "[\(table)]"]
            lines += inTable.compactMap { key in
                let name = String(key.dropFirst(table.count + 1))
                return line(key, table == Self.aliasTable ? Self.quoted(name) : name)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as TOML writes it.
    public static func toml(_ value: ConfigValue) -> String {
        switch value {
        case .string(let s): quoted(s)
        case .integer(let n): String(n)
        case .float(let x): x == x.rounded() && abs(x) < 1e15 ? String(format1: x) : "\(x)"
        case .boolean(let b): b ? "true" : "false"
        case .strings(let list): "[" + list.map(quoted).joined(separator: ", ") + "]"
        }
    }

    /// A TOML basic string: `"`, `\` and control characters escaped (TOML 1.0 §String).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    /// `30.0` for a whole double, so TOML reads it back as a float, not an integer.
    fileprivate init(format1 x: Double) { self = "\(Int64(x)).0" }
}
