/// The profile's keys as the stores keep them: one column per key of `Profile.fields`, named
/// and typed from the key itself (a new key needs a migration that adds its column, written
/// out in both stores; `ProfileColumnsTests` says when one is missing).
extension ProfileField {
    /// The value `root` holds for this key; nil when it holds none.
    public func value(in root: Root) -> ConfigValue? { read(root) }

    /// Sets this key of `root` from a stored value; nil resets it to its default.
    public func assign(_ value: ConfigValue?, to root: inout Root) throws(ProfileProblem) {
        try write(&root, value)
    }

    /// The column that holds this key: its name in camel case (`known_hosts` → `knownHosts`).
    public var column: String {
        let words = key.split(separator: "_")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }
}

extension Profile {
    /// What a new profile holds for `field`: the column's default for the rows already there.
    public static func defaultValue(of field: ProfileField<Profile>) -> ConfigValue? {
        field.read(Profile(name: "", host: ""))
    }
}
