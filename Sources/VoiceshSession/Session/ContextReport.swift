import Foundation
import SSHClient
import VoiceshCore

/// What `voicesh context` finds: one gathering run to its end on this thread (no session loop),
/// its refreshes, and what each engine of the profile gets of it. `--json` prints it as it is.
package struct ContextReport: Encodable {
    package var profile: String
    package var policy: ContextPolicy
    package var seconds: Double
    package var bytes: Int
    package var context: RemoteContext
    package var engines: [Engine]
    package var refreshes: [Refresh] = []

    package struct Refresh: Encodable {
        package var seconds: Double
        package var bytes: Int
    }

    package struct Engine: Encodable {
        package var role: String
        package var engine: String
        package var local: Bool
        package var gets: Bool
        package var what: String
    }

    /// Gathers everything once, then `refreshes` more times as a session does per recording
    /// (the directory and history, not PATH); nil when the remote did not run the script.
    package static func gather(
        profile: Profile, session: any RemoteHost, script: String, directory: String?, refreshes: Int
    ) -> ContextReport? {
        guard let gatherer = session.contextGatherer(script: script, knownOptions: [:]) else { return nil }
        guard let run = gather(.full, gatherer, session, directory: directory) else { return nil }
        var report = ContextReport(
            profile: profile.name, policy: profile.context, seconds: run.seconds, bytes: run.bytes,
            context: run.context, engines: engines(of: profile, SpeechContext(run.context)))
        for _ in 0..<refreshes {
            guard let refresh = gather(.refresh, gatherer, session, directory: directory) else { break }
            report.refreshes.append(.init(seconds: refresh.seconds, bytes: refresh.bytes))
        }
        return report
    }

    /// One gathering, run to its end on this thread (no session loop here).
    private static func gather(
        _ scope: ContextGatherer.Scope, _ gatherer: ContextGatherer, _ session: any RemoteHost, directory: String?
    ) -> ContextGatherer.Run? {
        let before = gatherer.runs
        gatherer.request(scope, directory: directory, now: DictationController.now)
        while gatherer.isBusy {
            gatherer.step(now: DictationController.now)
            guard gatherer.isBusy else { break }
            var pfd = pollfd(fd: session.socket, events: session.pollEvents, revents: 0)
            let now = DictationController.now
            let wait = gatherer.deadline(now: now).map { Swift.max(0, (($0 - now) * 1000).rounded(.up)) } ?? 100
            _ = poll(&pfd, 1, Int32(wait))
        }
        return gatherer.runs > before ? gatherer.last : nil
    }

    private static func engines(of profile: Profile, _ speech: SpeechContext) -> [Engine] {
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
            return Engine(role: role, engine: config.label, local: local, gets: gets, what: what)
        }
    }

    /// The report in words, on standard output.
    package func print(on console: Console) {
        let c = context
        func list(_ title: String, _ items: [String], limit: Int = 40) {
            guard !items.isEmpty else { return }
            let shown = items.prefix(limit).joined(separator: "  ")
            console.print("\(title) (\(items.count)): \(shown)\(items.count > limit ? "  …" : "")")
        }
        let source = c.directorySource.map { " (from \($0 == .proc ? "/proc/PID/cwd" : $0.rawValue))" } ?? ""
        console.print("directory: \(c.directory ?? "unknown")\(source)")
        console.print(
            String(
                format: "gathered in %.0f ms, %.1f KiB moved%@", seconds * 1000, Double(bytes) / 1024,
                c.truncated ? " (some lists cut at their caps)" : ""))
        list("entries", c.entries)
        list("inside folders", c.inside)
        list("changed", c.changed)
        list("branches", c.branches)
        list("remotes", c.remotes)
        list("commands used", SpeechContext.commandsUsed(in: c.history).filter(Set(c.commands).contains), limit: 30)
        console.print("commands on PATH: \(c.commands.count)")
        console.print("history: \(c.history.count) commands")
        console.print("sent to:")
        for engine in engines { console.print("  \(engine.role) \(engine.engine): \(engine.what)") }
    }
}
