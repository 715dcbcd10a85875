/// One part of the set-up `voicesh doctor` looks at, named as its line names it.
package enum DoctorPart: String, CaseIterable, Codable, Sendable {
    case config = "config.toml"
    case microphone
    case offlineEngine = "offline engine"
    /// A profile whose engine is not the edge one: its server, stream or command.
    case engine
    case secondEar = "second ear"
    /// The weights the two ears' readings are chosen by.
    case earChoice = "ear choice"
    case intentModel = "intent model"
    case history = "history database"
    case teamStore = "team store"
    case destination
    case identityFiles = "identity files"
    case knownHosts = "known_hosts"
    case agent
    case connection
}
