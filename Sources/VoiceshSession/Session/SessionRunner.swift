import AudioCapture
import Foundation
import SSHClient
import VoiceshCore

/// Sets up one SSH session (connect, host key, authentication, PTY) and runs it to the end.
package struct SessionRunner {
    package var target: ConnectTarget
    package var context: AppContext
    /// Where dictation's audio comes from and how long a recording may last.
    package var audio: any AudioChoice

    package init(target: ConnectTarget, context: AppContext, audio: any AudioChoice) {
        (self.target, self.context, self.audio) = (target, context, audio)
    }

    /// Returns the remote exit status; connection failures throw `SSHError` (exit 255).
    package func run(command: String?) throws -> Int32 {
        let session = try context.connector.connect(target, context: context)
        if target.forwardAgent {
            // libssh2 1.10 drops the server's auth-agent@openssh.com channel opens unanswered
            // (only forwarded-tcpip and x11 are handled), so asking would hang `ssh-add -l` there.
            context.console.error(
                "voicesh: agent forwarding is not available (libssh2 1.10 cannot accept the server's agent channels); continuing without it"
            )
        }
        let size = context.terminal.size ?? (80, 24)
        let channel = try session.openShell(
            term: context.environment["TERM"] ?? "xterm-256color", columns: size.columns, rows: size.rows,
            environment: ["LANG", "LC_ALL", "LC_CTYPE"].compactMap { name in
                context.environment[name].map { (name, $0) }
            },
            command: command)

        let signals = SignalPipe(signals: [SIGWINCH] + SignalPipe.terminating)
        let terminal = RawTerminal(fd: context.terminal.input)
        let profile = target.profile
        // Context only for a dictating session whose profile lets some engine hear it.
        let script = terminal != nil && profile.gathersContext ? ContextGatherer.loadScript() : nil
        // What the host's tools take is read once a week, not at every connect.
        let cache = ToolOptionsCache(location: context.location)
        let hop = target.target
        let host = ToolOptionsCache.key(user: hop.user, host: hop.host, port: hop.port)
        let known = script == nil ? [:] : cache.load(host: host)
        let gatherer = script.flatMap { session.contextGatherer(script: $0, knownOptions: known) }
        let feed = gatherer == nil ? nil : ContextFeed()
        if let gatherer, let feed {
            // The names and their spoken forms are made off the loop: typing never waits on them.
            let queue = DispatchQueue(label: "voicesh.context", qos: .utility)  // in order
            gatherer.onRun = { run in
                queue.async {
                    if known.isEmpty, run.scope == .full { cache.save(run.context.options, host: host) }
                    let context = SpeechContext(run.context)
                    if run.scope == .refresh {
                        feed.refreshEnded(context, names: run.context)
                    } else {
                        feed.update(context, names: run.context)
                    }
                }
            }
            gatherer.onGiveUp = { queue.async { feed.refreshEnded(nil) } }
        }
        let dictation = terminal == nil ? nil : try makeDictation(context: feed)
        let end: SessionDriver.End
        var driver: SessionDriver?
        // A session that ends with the remote's modes still set (the connection lost inside vim)
        // puts the terminal back before it says why: its main screen, paste unbracketed, the
        // cursor shown.
        let putBack = {
            terminal?.restore()
            if let reset = driver?.modesReset, !reset.isEmpty { Console.writeAll(context.terminal.output, reset) }
        }
        do {
            let keepalive = try Keepalive(session: session, interval: target.keepalive, now: context.clock())
            let keeper = gatherer.map { ContextKeeper(gatherer: $0, feed: feed, now: context.clock()) }
            // Every event reaches them in this order: dictation first, as it takes its own keys.
            let participants = ([dictation, keeper, keepalive, session.tunnelRelay()] as [(any LoopParticipant)?])
                .compactMap { $0 }
            let running = SessionDriver(
                session: session, channel: channel, signals: signals, interactive: terminal != nil,
                participants: participants, terminal: context.terminal, clock: context.clock)
            driver = running
            end = try running.run()
        } catch {
            if let dictation {
                Console.writeAll(context.terminal.output, dictation.shutdown("the connection was lost"))
            }
            putBack()
            throw error
        }
        if let dictation { Console.writeAll(context.terminal.output, dictation.shutdown(Self.interruption(end))) }
        putBack()

        let name = target.target.host
        switch end {
        case .userDisconnected:
            context.console.error("\r\nConnection to \(name) closed.")
            return 255
        case .signal(let number):
            context.console.error("Killed by signal \(number).")
            return 255
        case .remoteClosed:
            let (status, signal) = try channel.close()
            if terminal != nil { context.console.error("Connection to \(name) closed.") }
            if let signal {
                context.console.error("voicesh: the remote command was killed by SIG\(signal)")
                return 255
            }
            return status
        }
    }

    /// The profile's engine (loading in the background from now on), the audio source and
    /// the history. An engine that cannot be built does not stop the session: the toggle
    /// then says why dictation is off.
    private func makeDictation(context: ContextFeed?) throws(AudioError) -> DictationController {
        let feed = context
        let context = self.context
        let profile = target.profile
        // A database that cannot be opened, or only read (a full disk, a read-only mount), costs
        // the session its history, never the session itself: dictation says so once.
        let opened = Result { () throws(StoreError) in try context.openDatabase() }
        let database = try? opened.get()
        let historyOff: StoreError? =
            switch opened {
            case .success(let database): database.readOnlyReason
            case .failure(let error): error
            }
        let inbox = Inbox<DictationSession.Report>()
        var factory =
            database.map { EngineFactory.forProfile(profile, in: $0, context: context) }
            ?? EngineFactory(context: context)
        factory.notice = { inbox.post(.engineNote($0, take: nil)) }
        factory.buildsInChild = true
        factory.audioDevice = audio.audioFile == nil ? audio.deviceName(profile: profile, context: context) : nil
        let engine = Result { () throws(EngineError) in try factory.engine(for: profile) }
        let toggle = (try? KeyChord(parsing: profile.toggleKey)) ?? .defaultToggle
        // Intent takes: the local model starts with the session (`intent.warm`), off the loop.
        // (`runnableProfile` said already when the profile's [intent] and config.toml's do not fit.)
        let settings = try? profile.intentSettings(over: context.config().intent)
        let intent = settings.map { IntentWriter(settings: $0, environment: context.environment) }
        if let intent { Task(priority: .utility) { await intent.warm() } }
        let setup = DictationController.Setup(
            profile: profile, engine: engine, source: try audio.source(profile: profile, context: context),
            database: historyOff == nil ? database : nil, historyOff: historyOff,
            sharedStore: context.sharedAddress, maxRecordingSeconds: audio.maxRecordingSeconds,
            inbox: inbox,
            learning: VoiceLearning(profile: profile, location: context.location, now: context.clock()),
            context: feed, terminal: context.terminal,
            intent: intent,
            plainMarks: DictationView.wantsPlainMarks(environment: context.environment), clock: context.clock)
        return DictationController(setup: setup, toggle: toggle)
    }

    /// What ended the session, as a dictation it interrupted keeps it.
    private static func interruption(_ end: SessionDriver.End) -> String {
        switch end {
        case .remoteClosed: "the remote closed the session"
        case .userDisconnected: "the session was closed with ~."
        case .signal(SIGHUP): "the terminal hung up"
        case .signal(SIGTERM): "voicesh was terminated (SIGTERM)"
        case .signal(let number): "voicesh was stopped by \(SignalPipe.name(number))"
        }
    }
}
