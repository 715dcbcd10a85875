import ArgumentParser
import Foundation
import VoiceshCore
import VoiceshSession

/// The command line: parses the words and runs the command against the context it is given
/// (`main` gives the live one; a test gives one with its own directories and pipes).
package struct Voicesh: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "voicesh",
        abstract: "Speak into a remote shell.",
        discussion: """
            Profiles and the dictation history live in $XDG_DATA_HOME/voicesh/voicesh.sqlite (~/.local/share/voicesh by default); VOICESH_HOME=DIR puts all state under DIR.
            """,
        version: Version.text,
        subcommands: [
            Connect.self, ContextCommand.self, Listen.self, Transcribe.self, Record.self, Devices.self, Adapt.self,
            IntentCommand.self, Stats.self, DoctorCommand.self,
            ProfileCommand.self, ConfigCommand.self,
            HistoryCommand.self, StoreCommand.self, EdgeModelCommand.self, VoiceHelp.self,
        ])

    package init() {}

    /// Runs one command line (the words after the program's name) and returns its exit code.
    /// Every error is turned into words here, once, after the terminal is back to normal (see
    /// `Failure`); argument-parser words its own (help, usage errors, `--version`). Blocks: a
    /// command that awaits is waited for, so call this off Swift's cooperative pool.
    package static func run(_ arguments: [String], context: AppContext) -> Int32 {
        do {
            var arguments = arguments
            if arguments.first == "connect" {
                arguments = ["connect"] + Connect.openSSHOrder(Array(arguments.dropFirst()))
            }
            var command = try parseAsRoot(arguments)
            if let command = command as? any VoiceshCommand {
                try command.run(context)
            } else if let command = command as? any AsyncVoiceshCommand {
                let result = Blocking.run { () async -> Result<Void, any Error> in
                    do { return .success(try await command.run(context)) } catch { return .failure(error) }
                }
                try result.get()
            } else {
                try command.run()
            }
            return 0
        } catch {
            if let code = Failure.report(error, on: context.console) { return code }
            let code = exitCode(for: error)
            let text = fullMessage(for: error, columns: columns(context))
            if !text.isEmpty {
                // Help and --version are what was asked for (stdout); a usage error is not.
                code == .success ? context.console.write(text + "\n") : context.console.writeError(text + "\n")
            }
            return code.rawValue
        }
    }

    /// The width help is wrapped to, found as argument-parser finds it (`COLUMNS`, then the
    /// terminal), but in the context's environment and terminal.
    private static func columns(_ context: AppContext) -> Int {
        context.environment["COLUMNS"].flatMap { Int($0) } ?? context.terminal.size?.columns ?? 80
    }
}
