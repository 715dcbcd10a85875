import Foundation

/// The profile's file form, written by hand so keys keep a fixed, readable order
/// (a TOML library's tables sort their keys).
extension Profile {
    /// The profile as TOML: top-level keys, then `[engine]`, then `[fallback]` if there is one.
    /// Reading it back gives the same profile.
    public var tomlText: String {
        var lines = Self.fields.compactMap { f in f.read(self).map { "\(f.key) = \(Self.toml($0))" } }
        for (table, engine) in [("engine", engine), ("fallback", fallback)] {
            guard let engine else { continue }
            lines.append("")
            lines.append("[\(table)]")
            lines += EngineConfig.fields.compactMap { f in f.read(engine).map { "\(f.key) = \(Self.toml($0))" } }
        }
        if !aliases.isEmpty {
            lines.append("")
            lines.append("[\(Self.aliasTable)]")
            lines += aliases.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)) = \(Self.quoted($0.value))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func toml(_ value: ConfigValue) -> String {
        switch value {
        case .string(let s): quoted(s)
        case .integer(let n): String(n)
        case .float(let x): x == x.rounded() && abs(x) < 1e15 ? String(format1: x) : "\(x)"
        case .boolean(let b): b ? "true" : "false"
        case .strings(let list): "[" + list.map(quoted).joined(separator: ", ") + "]"
        }
    }

    /// A TOML basic string: `"`, `\` and control characters escaped (TOML 1.0 §String).
    static func quoted(_ s: String) -> String {
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
