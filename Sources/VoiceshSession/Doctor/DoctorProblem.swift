import AudioCapture
import SSHClient
import VoiceshCore

/// What `voicesh doctor` found wrong with a part: typed here, worded once in `Failure` as what
/// is wrong and what to do (`Failure+Doctor`).
package enum DoctorProblem: Error, Equatable, Sendable {
    /// config.toml cannot be read or used (its problems' words).
    case config(words: [String])

    // The microphone.
    /// The device cannot be opened, or broke off while read.
    case microphone(AudioError)
    /// Opened, but no audio came within `seconds`.
    case noAudio(device: String, seconds: Double)

    // The engines.
    /// pocketsphinx's acoustic model or voicesh's shell corpus is missing.
    case edge(EdgeProblem)
    /// No runtime for the neural ear in any of `places`.
    case earNotInstalled(ear: NeuralEar, places: [String])
    /// voicesh's own script for the ear is not among its data.
    case earScriptMissing(ear: NeuralEar)
    /// The weights the two ears' readings are chosen by: voicesh's are not among its data, or
    /// the user's (from `voicesh adapt`) cannot be read.
    case choiceWeightsMissing
    case choiceWeightsUnreadable(path: String)
    /// The model folder is not one the ear can load.
    case earModel(path: String, reason: String)
    /// A model file's SHA-256 is not the one `scripts/setup` pins.
    case modelChanged(path: String, pinned: String, found: String, reinstall: String)
    case modelUnreadable(path: String, reason: String)
    /// A runtime's venv at `home` lacks the Python package that runs its model.
    case runtimeMissing(home: String, package: String, reinstall: String)
    /// Where the intent model is looked for, its file, the endpoint's URL or key variable.
    case intent(IntentError)
    /// A profile's or config.toml's keys that cannot be used together.
    case settings(ProfileProblems)
    /// `engine.api_key_env` names a variable that is not set.
    case engineKeyNotSet(variable: String)

    // The stores.
    /// The history database or the team store cannot be used.
    case store(StoreError)

    // The destination.
    /// The profile or destination cannot be resolved as `connect` would (the error's words).
    case unresolved(words: [String])
    /// An identity file named by the profile, `-i` or IdentityFile is not there.
    case keyMissing(path: String)
    /// A private key others may read: ssh refuses to use it.
    case keyUnprotected(path: String, mode: Int)
    case keyUnreadable(path: String)
    case notAPrivateKey(path: String)
    /// The host is not in known_hosts and StrictHostKeyChecking=yes refuses new keys.
    case hostUnknown(name: String, file: String)
    /// `SSH_AUTH_SOCK` names an agent that does not answer.
    case agentUnreachable(socket: String, reason: String)
    /// The host does not answer, or the connection fails before its key is known.
    case connection(SSHError)
    /// The host sent a key other than the one known_hosts holds for it.
    case hostKeyChanged(name: String, keyType: String, fingerprint: String, file: String, line: Int)
    /// The server's key is marked `@revoked` in known_hosts.
    case hostKeyRevoked(name: String, keyType: String, fingerprint: String, file: String, line: Int)
}
