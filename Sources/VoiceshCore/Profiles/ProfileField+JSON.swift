/// The keys as JSON (`profile list --json`, an engine in the stores): each key under its file
/// name with its file value, so the JSON form cannot name a key differently from the file.
extension ProfileField {
    /// Writes the keys of `root` that hold a value.
    static func encode(_ fields: [Self], of root: Root, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for field in fields {
            try container.encodeIfPresent(field.read(root), forKey: JSONKey(field.key))
        }
    }

    /// Reads the keys there are into `root`; a missing key keeps what `root` holds.
    static func decode(_ fields: [Self], into root: inout Root, from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        for field in fields {
            let key = JSONKey(field.key)
            guard let value = try container.decodeIfPresent(field.kind, forKey: key) else { continue }
            do {
                try field.write(&root, value)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(error)")
            }
        }
    }
}

/// A JSON key spelt as in the profile file (`known_hosts`, `engine`).
struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { return nil }
}

extension KeyedDecodingContainer<JSONKey> {
    /// The value at `key` in the shape `kind` expects; nil when there is none.
    fileprivate func decodeIfPresent(_ kind: ConfigValue.Kind, forKey key: JSONKey) throws -> ConfigValue? {
        switch kind {
        case .string: try decodeIfPresent(String.self, forKey: key).map(ConfigValue.string)
        case .integer: try decodeIfPresent(Int.self, forKey: key).map(ConfigValue.integer)
        case .float: try decodeIfPresent(Double.self, forKey: key).map(ConfigValue.float)
        case .boolean: try decodeIfPresent(Bool.self, forKey: key).map(ConfigValue.boolean)
        case .strings: try decodeIfPresent([String].self, forKey: key).map(ConfigValue.strings)
        }
    }
}
