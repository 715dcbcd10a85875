/// Reading and writing a profile by dotted key: the common path of the file parser,
/// `profile set` and `profile export`.
extension Profile {
    /// Builds a profile from key–value entries (a parsed file), then validates it.
    /// Every problem is collected, so the caller reports them all at once.
    public static func build(from entries: [ProfileEntry], source: String) -> Result<Profile, ProfileProblems> {
        var profile = Profile(name: "", host: "")
        var problems: [ProfileProblem] = []
        for entry in entries {
            do throws(ProfileProblem) {
                try profile.set(entry.key, to: entry.value)
            } catch {
                problems.append(ProfileProblem(key: error.key, message: error.message, line: entry.line))
            }
        }
        let lines = Dictionary(entries.map { ($0.key, $0.line) }, uniquingKeysWith: { a, _ in a })
        problems += profile.validate().map { p in
            var p = p
            p.line = lines[p.key] ?? nil
            return p
        }
        return problems.isEmpty ? .success(profile) : .failure(ProfileProblems(source: source, problems: problems))
    }

    /// Sets one dotted key (`port`, `engine.url`, `fallback.kind`); nil resets it to its default,
    /// and `fallback` alone with nil removes the fallback engine.
    public mutating func set(_ key: String, to value: ConfigValue?) throws(ProfileProblem) {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, Self.engineTables.contains(parts[0]) {
            let field = try Self.field(parts[1], in: EngineConfig.fields, dotted: key)
            let checked = try Self.check(value, for: field, key: key)
            var engine = (parts[0] == "engine" ? self.engine : fallback) ?? EngineConfig()
            do throws(ProfileProblem) {
                try field.write(&engine, checked)
            } catch {
                throw ProfileProblem(key: key, message: error.message)
            }
            if parts[0] == "engine" { self.engine = engine } else { fallback = engine }
            pin(key, if: checked != nil && field.read(engine) == field.read(EngineConfig()))
        } else if parts.count == 2, parts[0] == IntentOverride.table {
            let field = try Self.field(parts[1], in: IntentOverride.fields, dotted: key)
            try field.write(&intent, try Self.check(value, for: field, key: key))
        } else if parts.count == 2, parts[0] == Self.aliasTable {
            switch value {
            case .none: aliases[parts[1]] = nil
            case .string(let text)?: aliases[parts[1]] = text
            case let other?: throw ProfileProblem(key: key, message: "expected a string, found \(other.kind.noun)")
            }
        } else if key == "fallback", value == nil {
            fallback = nil
            pinned = pinned.filter { !$0.hasPrefix("fallback.") }
        } else {
            let field = try Self.field(key, in: Self.fields, dotted: key)
            let checked = try Self.check(value, for: field, key: key)
            try field.write(&self, checked)
            pin(key, if: checked != nil && field.read(self) == field.read(Profile(name: "", host: "")))
        }
    }

    /// A key given its built-in value on purpose stays the profile's own; a reset one inherits.
    private mutating func pin(_ key: String, if onPurpose: Bool) {
        if onPurpose { pinned.insert(key) } else { pinned.remove(key) }
    }

    /// The key's value, or nil when it is unset.
    public func value(of key: String) -> ConfigValue? {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, parts[0] == Self.aliasTable { return aliases[parts[1]].map(ConfigValue.string) }
        if parts.count == 2, parts[0] == IntentOverride.table {
            return IntentOverride.fields.first { $0.key == parts[1] }?.read(intent)
        }
        if parts.count == 2, Self.engineTables.contains(parts[0]) {
            let engine = parts[0] == "engine" ? self.engine : fallback
            return engine.flatMap { e in EngineConfig.fields.first { $0.key == parts[1] }?.read(e) }
        }
        return Self.fields.first { $0.key == key }?.read(self)
    }

    /// The shape a key expects, so command-line text can be parsed for it.
    public static func kind(of key: String) throws(ProfileProblem) -> ConfigValue.Kind {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, parts[0] == aliasTable { return .string }
        if parts.count == 2, parts[0] == IntentOverride.table {
            return try field(parts[1], in: IntentOverride.fields, dotted: key).kind
        }
        if parts.count == 2, engineTables.contains(parts[0]) {
            return try field(parts[1], in: EngineConfig.fields, dotted: key).kind
        }
        return try field(key, in: fields, dotted: key).kind
    }

    private static func field<Root>(_ name: String, in fields: [ProfileField<Root>], dotted: String)
        throws(ProfileProblem) -> ProfileField<Root>
    {
        if let field = fields.first(where: { $0.key == name }) { return field }
        throw .unknownKey(dotted, known: fields.map(\.key))
    }

    private static func check<Root>(_ value: ConfigValue?, for field: ProfileField<Root>, key: String)
        throws(ProfileProblem) -> ConfigValue?
    {
        guard let value else { return nil }
        guard let coerced = value.coerced(to: field.kind) else {
            throw ProfileProblem(key: key, message: "expected \(field.kind.noun), found \(value.kind.noun)")
        }
        return coerced
    }
}

/// One `key = value` from a profile file, with the line it stands on.
public struct ProfileEntry: Equatable, Sendable {
    public var key: String
    public var value: ConfigValue
    public var line: Int?

    public init(key: String, value: ConfigValue, line: Int? = nil) {
        self.key = key
        self.value = value
        self.line = line
    }
}
