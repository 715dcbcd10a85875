import ArgumentParser
import Foundation
import SSHClient
import VoiceshCore

/// `voicesh context PROFILE`: what a session would gather from the remote shell and which
/// engine would get it, so a user can see what is sent before it is.
struct ContextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "context",
        abstract: "Show what a session to a profile gathers from the remote shell, and which engine gets it.",
        discussion: """
            Connects as `connect` does, runs the gathering script on a channel beside the login (no
            terminal, no second login) and prints what it found: the current directory's entries, the
            git branches, remotes and changed files there, the commands used in the shell history and
            those on PATH. Nothing is stored. With context = "off" nothing is run on the remote.
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

    /// What `--json` prints.
    struct Report: Encodable {
        var profile: String
        var policy: ContextPolicy
        var seconds: Double
        var bytes: Int
        var context: RemoteContext
        var engines: [Engine]
        var refreshes: [Refresh] = []

        struct Refresh: Encodable {
            var seconds: Double
            var bytes: Int
        }

        struct Engine: Encodable {
            var role: String
            var engine: String
            var local: Bool
            var gets: Bool
            var what: String
        }
    }

    func run() throws {
        let app = AppContext.live()
        let connect = try Connect.parse(
            [
                "--strict-host-key-checking", strictHostKeyChecking.rawValue, "--connect-timeout", "\(connectTimeout)",
                target,
            ])
        let target = try ConnectTarget.resolve(connect, context: app)
        let profile = target.profile
        guard profile.gathersContext else {
            Console.print(
                profile.context == .off
                    ? "context is off for \(profile.name): nothing is gathered or run on the remote"
                    : "no engine of \(profile.name) may get context (context = \"local\" and no edge engine): nothing is gathered"
            )
            return
        }
        guard let script = ContextGatherer.loadScript() else {
            throw Failure.Command.message(
                "the gathering script is missing; keep the voicesh_voicesh.resources folder beside the program")
        }
        let session = try SessionRunner(target: target, context: app, audio: AudioOptions())
            .connect()
        let gatherer = ContextGatherer(session: session, script: script)
        guard let run = Self.gather(.full, gatherer, session, directory: directory) else {
            throw Failure.Command.message(
                "\(target.target.host) did not run the context script (a restricted shell, a ForceCommand, no sh, or too slow); "
                    + "dictation there works without context")
        }
        let speech = SpeechContext(run.context)
        var report = Report(
            profile: profile.name, policy: profile.context, seconds: run.seconds, bytes: run.bytes,
            context: run.context, engines: engines(of: profile, speech))
        for _ in 0..<refreshes {
            guard let refresh = Self.gather(.refresh, gatherer, session, directory: directory) else { break }
            report.refreshes.append(.init(seconds: refresh.seconds, bytes: refresh.bytes))
        }
        if json { return try Console.json(report) }
        print(report, speech)
    }

    /// One gathering, run to its end on this thread (no session loop here).
    private static func gather(
        _ scope: ContextGatherer.Scope, _ gatherer: ContextGatherer, _ session: SSHSession, directory: String?
    ) -> ContextGatherer.Run? {
        let before = gatherer.runs
        gatherer.request(scope, directory: directory, now: DictationController.now)
        while gatherer.isBusy {
            gatherer.step(now: DictationController.now)
            guard gatherer.isBusy else { break }
            var pfd = pollfd(fd: session.socket, events: session.pollEvents, revents: 0)
            _ = poll(&pfd, 1, gatherer.timeout(now: DictationController.now) ?? 100)
        }
        return gatherer.runs > before ? gatherer.last : nil
    }

    private func engines(of profile: Profile, _ speech: SpeechContext) -> [Report.Engine] {
        [("engine", profile.engine), ("fallback", profile.fallback)].compactMap { role, config in
            guard let config else { return nil }
            let local = config.kind == .edge
            let gets = profile.context == .all || (profile.context == .local && local)
            let what: String
            switch (gets, config.kind) {
            case (false, _): what = "nothing: context = \"\(profile.context.rawValue)\" keeps it on this machine"
            case (true, .edge):
                what =
                    "\(min(speech.names.count, 400)) names and \(speech.history.count) recent commands, "
                    + "in its language model and dictionary, on this machine"
            case (true, .server): what = "up to 60 names in its prompt, within Whisper's 224 tokens"
            case (true, .stream): what = "up to 100 names of at most 50 characters as key terms"
            }
            return Report.Engine(role: role, engine: config.label, local: local, gets: gets, what: what)
        }
    }

    private func print(_ report: Report, _ speech: SpeechContext) {
        let c = report.context
        func list(_ title: String, _ items: [String], limit: Int = 40) {
            guard !items.isEmpty else { return }
            let shown = items.prefix(limit).joined(separator: "  ")
            Console.print("\(title) (\(items.count)): \(shown)\(items.count > limit ? "  …" : "")")
        }
        let source = c.directorySource.map { " (from \($0 == .proc ? "/proc/PID/cwd" : $0.rawValue))" } ?? ""
        Console.print("directory: \(c.directory ?? "unknown")\(source)")
        Console.print(
            String(
                format: "gathered in %.0f ms, %.1f KiB moved%@", report.seconds * 1000, Double(report.bytes) / 1024,
                c.truncated ? " (some lists cut at their caps)" : ""))
        list("entries", c.entries)
        list("changed", c.changed)
        list("branches", c.branches)
        list("remotes", c.remotes)
        list("commands used", SpeechContext.commandsUsed(in: c.history).filter(Set(c.commands).contains), limit: 30)
        Console.print("commands on PATH: \(c.commands.count)")
        Console.print("history: \(c.history.count) commands")
        Console.print("sent to:")
        for engine in report.engines { Console.print("  \(engine.role) \(engine.engine): \(engine.what)") }
    }
}
