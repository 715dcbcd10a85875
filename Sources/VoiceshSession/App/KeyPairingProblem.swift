import VoiceshCore

/// A profile that would send one of the user's environment variables to an endpoint this
/// machine has not allowed it to go to (`KeyPairing`). `Failure` words it.
package enum KeyPairingProblem: Error, Equatable {
    /// A stored profile about to be used (from the team store, or imported before keys were checked).
    case notAllowed(profile: String, pairing: KeyPairing)
    /// A profile about to be imported without `--allow-key` (nothing was imported).
    case inImport(profile: String, pairing: KeyPairing)
}
