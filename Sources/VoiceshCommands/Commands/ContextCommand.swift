import ArgumentParser
import Foundation
import VoiceshCore
import VoiceshSession

/// `voicesh context PROFILE`: what a session would gather from the remote shell and which
/// engine would get it, so a user can see what is sent before it is.
struct ContextCommand: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "context",
        abstract: "Show what a session to a profile gathers from the remote shell, and which engine gets it.",
        usage: "voicesh context [<options>] <target>",
        discussion: """
            Connects as `connect` does, runs the gathering script on a channel beside the login (no terminal, no second login) and prints what it found: the current directory's entries, the git branches, remotes and changed files there, the commands used in the shell history and those on PATH. Nothing is stored. With context = "off" nothing is run on the remote.
            """)

    @Argument(help: "A profile name, or [user@]host[:port].", completion: Completions.profileNames)
    var target: String

    @Option(help: "The remote directory to list, as if the shell had reported it (default: the session shell's).")
    var directory: String?

    @Option(help: "Unknown host keys: ask, accept-new (add without asking), or yes (never add).")
    var strictHostKeyChecking: StrictHostKeyChecking = .ask

    @Option(help: "Seconds to wait for the connection and each set-up step.")
    var connectTimeout: Double = 15

    @Flag(help: "Print JSON.")
    var json = false

    /// For the benchmark: refreshes after the first gathering, as a session makes one per
    /// recording (the directory and history again, not PATH); their times go in the JSON.
    @Option(help: .hidden)
    var refreshes = 0

    func run(_ context: AppContext) throws {
        let connect = try Connect.parse(
            [
                "--strict-host-key-checking", strictHostKeyChecking.rawValue, "--connect-timeout", "\(connectTimeout)",
                target,
            ])
        let target = try ConnectTarget.resolve(connect, context: context)
        let profile = target.profile
        guard profile.gathersContext else {
            context.console.print(
                profile.context == .off
                    ? "context is off for \(profile.name): nothing is gathered or run on the remote"
                    : "no engine of \(profile.name) may get context (context = \"local\" and no edge engine): nothing is gathered"
            )
            return
        }
        guard let script = ContextGatherer.loadScript() else {
            throw ContextProblem.noScript(
                searched: ResourceLocator.running.candidates(ContextGatherer.scriptName, bundle: ContextGatherer.bundle)
            )
        }
        let session = try context.connector.connect(target, context: context)
        guard
            let report = ContextReport.gather(
                profile: profile, session: session, script: script, directory: directory, refreshes: refreshes)
        else {
            throw ContextProblem.notRun(host: target.target.host)
        }
        if json { return try context.console.json(report) }
        report.print(on: context.console)
    }
}
