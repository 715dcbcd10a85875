import Foundation

/// One setting's value, independent of the file format it came from (TOML, `set KEY=VALUE`).
public enum ConfigValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case strings([String])

    /// The shape a setting expects; it also parses command-line text into that shape.
    public enum Kind: Sendable {
        case string, integer, float, boolean, strings

        public var noun: String {
            switch self {
            case .string: "a string"
            case .integer: "a whole number"
            case .float: "a number"
            case .boolean: "true or false"
            case .strings: "a list of strings"
            }
        }

        /// Parses `set`'s right-hand side: `port=2222`, `production=yes`, `vocabulary=kubectl,nginx`.
        public func parse(_ text: String) -> ConfigValue? {
            switch self {
            case .string: return .string(text)
            case .integer: return Int(text).map(ConfigValue.integer)
            case .float: return Double(text).map(ConfigValue.float)
            case .boolean:
                switch text.lowercased() {
                case "true", "yes", "on", "1": return .boolean(true)
                case "false", "no", "off", "0": return .boolean(false)
                default: return nil
                }
            case .strings:
                let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                return .strings(items.filter { !$0.isEmpty })
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .float: .float
        case .boolean: .boolean
        case .strings: .strings
        }
    }

    /// The value in the expected shape, widening a whole number to a number where one is wanted.
    func coerced(to kind: Kind) -> ConfigValue? {
        switch (self, kind) {
        case (.integer(let n), .float): .float(Double(n))
        case _ where self.kind == kind: self
        default: nil
        }
    }
}

extension ConfigValue: Encodable {
    /// The plain JSON value: `"auto"`, `22`, `true`, `["a", "b"]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let s): try container.encode(s)
        case .integer(let n): try container.encode(n)
        case .float(let x): try container.encode(x)
        case .boolean(let b): try container.encode(b)
        case .strings(let list): try container.encode(list)
        }
    }
}

/// A Swift type a setting of one shape is stored as, so one field reads and writes them all.
protocol ConfigScalar {
    static var kind: ConfigValue.Kind { get }
    var configValue: ConfigValue { get }
    /// The value, when `configValue` has this shape (nil resets the setting).
    init?(configValue: ConfigValue)
}

extension String: ConfigScalar {
    static var kind: ConfigValue.Kind { .string }
    var configValue: ConfigValue { .string(self) }
    init?(configValue: ConfigValue) {
        guard case .string(let s) = configValue else { return nil }
        self = s
    }
}

extension Int: ConfigScalar {
    static var kind: ConfigValue.Kind { .integer }
    var configValue: ConfigValue { .integer(self) }
    init?(configValue: ConfigValue) {
        guard case .integer(let n) = configValue else { return nil }
        self = n
    }
}

extension Double: ConfigScalar {
    static var kind: ConfigValue.Kind { .float }
    var configValue: ConfigValue { .float(self) }
    init?(configValue: ConfigValue) {
        guard case .float(let x) = configValue else { return nil }
        self = x
    }
}

extension Bool: ConfigScalar {
    static var kind: ConfigValue.Kind { .boolean }
    var configValue: ConfigValue { .boolean(self) }
    init?(configValue: ConfigValue) {
        guard case .boolean(let b) = configValue else { return nil }
        self = b
    }
}

extension Array: ConfigScalar where Element == String {
    static var kind: ConfigValue.Kind { .strings }
    var configValue: ConfigValue { .strings(self) }
    init?(configValue: ConfigValue) {
        guard case .strings(let list) = configValue else { return nil }
        self = list
    }
}
