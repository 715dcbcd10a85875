/// Which keys a profile sets itself; every other key comes from config.toml's `[defaults]`,
/// then from the built-in value (see `ProfileDefaults`).
extension Profile {
    /// The dotted keys this profile sets: those whose value is not the built-in one, and those
    /// set on purpose to it (`pinned`). A fallback engine that exists is the profile's own.
    public var ownKeys: Set<String> {
        let builtIn = Profile(name: "", host: "")
        var keys = pinned
        for field in Self.fields where field.read(self) != field.read(builtIn) { keys.insert(field.key) }
        for (table, config) in [("engine", engine), ("fallback", fallback)] {
            guard let config else { continue }
            for field in EngineConfig.fields where field.read(config) != field.read(EngineConfig()) {
                keys.insert("\(table).\(field.key)")
            }
        }
        if fallback != nil { keys.insert("fallback.kind") }
        keys.formUnion(intentKeys)
        for phrase in aliases.keys { keys.insert("\(Self.aliasTable).\(phrase)") }
        return keys
    }

    /// Whether `[engine]` or `[fallback]` is the profile's own. Engines are inherited whole, never
    /// key by key: a server URL from the defaults must not land in an edge engine the profile
    /// describes itself.
    public func ownsTable(_ table: String) -> Bool {
        switch table {
        case "fallback": fallback != nil
        default: ownKeys.contains { $0.hasPrefix(table + ".") }
        }
    }

    /// Every key that has a value in this profile, in file order: what `--effective` lists.
    public var keysWithValues: [String] {
        var keys = Self.fields.filter { $0.read(self) != nil }.map(\.key)
        for (table, config) in [("engine", engine), ("fallback", fallback)] {
            guard let config else { continue }
            keys += EngineConfig.fields.filter { $0.read(config) != nil }.map { "\(table).\($0.key)" }
        }
        keys += intentKeys
        keys += aliases.keys.sorted().map { "\(Self.aliasTable).\($0)" }
        return keys
    }

    /// The `[intent]` keys the profile sets, in file order (all its own: config.toml has its own table).
    var intentKeys: [String] {
        IntentOverride.fields.filter { $0.read(intent) != nil }.map { "\(IntentOverride.table).\($0.key)" }
    }
}
