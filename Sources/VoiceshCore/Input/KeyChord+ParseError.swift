extension KeyChord {
    /// Why a name is no key a terminal sends; the text as typed.
    public enum ParseError: Error, Equatable, Sendable {
        /// Neither `f1`–`f12` nor `MODIFIER-KEY`.
        case notAKeyName(String)
        /// Something other than one printable ASCII character after `modifier-`.
        case noSingleKey(String, modifier: String)
        /// `ctrl-` with a key that has no control code.
        case notSendable(control: String)
        case notAModifier(String)

        /// The one wording, used in a profile's problems (`toggle_key`).
        public var message: String {
            switch self {
            case .notAKeyName(let text): "\"\(text)\" is not a key name"
            case .noSingleKey(let text, let modifier): "\"\(text)\" names no single key after \"\(modifier)-\""
            case .notSendable(let key): "ctrl-\(key) is not a key a terminal can send"
            case .notAModifier(let modifier): "\"\(modifier)\" is not a modifier (ctrl or alt)"
            }
        }
    }
}
