import VoiceshCore

/// What `voicesh --version` says: the version, the commit it was built from (`BuildCommit`,
/// written by the BuildInfo plugin) and the engines this build can run.
enum Version {
    static let number = "0.1.0"

    static var text: String {
        let commit = BuildCommit.name.isEmpty ? "unknown commit" : "commit \(BuildCommit.name)"
        func list<T: RawRepresentable<String> & CaseIterable>(_: T.Type) -> String {
            T.allCases.map(\.rawValue).joined(separator: ", ")
        }
        return """
            voicesh \(number) (\(commit))
            engines: edge (\(list(Recognizer.self))), server (\(list(ServerDialect.self))), \
            stream (\(list(StreamProvider.self)))
            """
    }
}
