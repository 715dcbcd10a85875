/// The profile's keys as the stores keep them: one column per key of `Profile.fields`, named
/// and typed from the key itself, so a new key needs no store code (DESIGN.md, "The stores").
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
    /// The columns the shipped migrations made for the keys of `fields` (v1 … v8). A key
    /// whose column is not among them gets it from a migration derived from the key itself,
    /// named `profileColumnMigration(for:)`, in both stores.
    public static let shippedColumns: Set<String> = [
        "name", "host", "port", "user", "identity", "knownHosts", "keepalive", "toggleKey", "send", "history",
        "production", "audioDevice", "autoStop", "learn", "context",
    ]

    /// The keys of `fields` that came after the shipped migrations, in registry order.
    public static var addedFields: [ProfileField<Profile>] {
        fields.filter { !shippedColumns.contains($0.column) }
    }

    /// The name of the migration that adds `field`'s column (a store migrated by a newer
    /// voicesh names migrations an older one does not know, and is left alone by it).
    public static func profileColumnMigration(for field: ProfileField<Profile>) -> String {
        "profile-column-" + field.column
    }

    /// What a new profile holds for `field`: the column's default for the rows already there.
    public static func defaultValue(of field: ProfileField<Profile>) -> ConfigValue? {
        field.read(Profile(name: "", host: ""))
    }
}
