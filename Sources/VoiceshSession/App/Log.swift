import Logging

/// Diagnostics on stderr, off unless `VOICESH_LOG=debug|info|…` asks. Secrets are never logged.
package enum Log {
    package static func bootstrap(environment: [String: String]) {
        let level = environment["VOICESH_LOG"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    package static let app = Logger(label: "voicesh")
}
