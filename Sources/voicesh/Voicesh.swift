import ArgumentParser
import Foundation
import VoiceshSession

@main
struct Voicesh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voicesh",
        abstract: "Speak into a remote shell.",
        discussion: """
            Profiles and the dictation history live in $XDG_DATA_HOME/voicesh/voicesh.sqlite (~/.local/share/voicesh by default); VOICESH_HOME=DIR puts all state under DIR.
            """,
        version: Version.text,
        subcommands: [
            Connect.self, ContextCommand.self, Listen.self, Transcribe.self, Record.self, Devices.self, Adapt.self,
            Stats.self,
            ProfileCommand.self, ConfigCommand.self,
            HistoryCommand.self, StoreCommand.self, EdgeModelCommand.self, VoiceHelp.self,
        ])

    /// Parses and runs the command; every error is turned into words here, once, after the
    /// terminal is back to normal (see `Failure`).
    static func main() async {
        // Everything voicesh writes (history, recordings, models, the recogniser's scratch WAV)
        // is the user's alone: directories 0700, files 0600, as ssh keeps ~/.ssh.
        umask(0o077)
        Log.bootstrap(environment: ProcessInfo.processInfo.environment)
        do {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "connect" {
                arguments = ["connect"] + Connect.openSSHOrder(Array(arguments.dropFirst()))
            }
            var command = try parseAsRoot(arguments)
            let context = AppContext.live()  // the one live context of this run
            if let command = command as? any VoiceshCommand {
                try command.run(context)
            } else if let command = command as? any AsyncVoiceshCommand {
                try await command.run(context)
            } else if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            if let code = Failure.report(error) { Foundation.exit(code) }
            exit(withError: error)  // argument-parser's own: help, usage errors, --version
        }
    }
}
