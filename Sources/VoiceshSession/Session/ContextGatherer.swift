import Foundation
import SSHClient
import VoiceshCore

/// Runs the gathering script (`Resources/gather-context.sh`) on an exec channel beside the
/// session's shell: the same libssh2 session, so no second login and no agent prompt. Every
/// call is non-blocking and made from the session loop's thread, one `step` per turn (a
/// libssh2 session is not thread-safe); typing is never held up behind it. A run that fails
/// or runs over its budget is dropped quietly, and after a refusal (a restricted shell, a
/// `ForceCommand`, no `sh`) no other is tried: dictation goes on without context.
package final class ContextGatherer {
    /// What one run gathers: everything at connect; the directory and history when a
    /// recording starts; the directory alone after a command line was entered (it may have
    /// been a `cd`), so a dictation seldom has to wait for its own refresh.
    package enum Scope: String {
        case full = "path history dir"
        case refresh = "history dir"
        case directory = "dir"
    }

    /// What a finished run measured, for `voicesh context` and the benchmark.
    package struct Run {
        package var scope: Scope
        package var context: RemoteContext
        package var seconds: Double
        package var bytes: Int
    }

    private enum Phase {
        case idle
        case opening
        case starting(SSHChannel)
        case sending(SSHChannel, sent: Int)
        case reading(SSHChannel)
        case closing(SSHChannel)
    }

    private let session: SSHSession
    private let script: String
    private var phase = Phase.idle
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var startedAt = 0.0
    private var scope = Scope.full
    private var budget = 0.0
    private var pending: (scope: Scope, directory: String?)?
    private var failures = 0
    /// After a refusal or two runs over budget, no run is started again in this session.
    package private(set) var disabled = false
    /// The last complete run; a refresh keeps the PATH of the run before it.
    package private(set) var last: Run?
    /// How many runs have completed.
    package private(set) var runs = 0
    /// Called with each complete run.
    package var onRun: (Run) -> Void = { _ in }
    /// Called when a run is dropped (refused, over budget, not the script talking).
    package var onGiveUp: () -> Void = {}

    /// Seconds a run may take: the first lists PATH; a refresh only the directory and history.
    package static let budgets: [String: Double] = ["full": 5, "refresh": 2]

    package init(session: SSHSession, script: String) {
        self.session = session
        self.script = script
    }

    /// The script voicesh ships (`ResourceLocator`); nil when it is not found.
    package static func loadScript() -> String? {
        ResourceLocator.running.locate(scriptName, bundle: bundle)
            .flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    }

    package static let scriptName = "gather-context.sh"
    /// The SwiftPM resource folder that holds it in a build tree.
    package static let bundle = "voicesh_voicesh.resources"

    package var isBusy: Bool {
        if case .idle = phase { return false }
        return true
    }

    /// Starts a run now, or right after the one under way; `directory` is where the shell
    /// said it is (OSC 7), if it did.
    package func request(_ scope: Scope, directory: String?, now: Double) {
        guard !disabled else { return }
        guard !isBusy else {
            if pending?.scope != .full { pending = (scope, directory) }
            return
        }
        // The directory goes in as a quoted assignment: single quotes, each ' as '\''.
        let quoted = "'" + (directory ?? "").replacingOccurrences(of: "'", with: "'\\''") + "'"
        input = Array("VOICESH_DIR=\(quoted)\nVOICESH_PARTS='\(scope.rawValue)'\n\(script)\n".utf8)
        output = []
        startedAt = now
        self.scope = scope
        budget = Self.budgets[scope == .full ? "full" : "refresh"]!
        phase = .opening
    }

    /// When the loop must turn again at the latest (the budget's end), in ms from `now`.
    package func timeout(now: Double) -> Int32? {
        switch phase {
        case .idle: return nil
        case .reading(let channel) where channel.hasQueuedData(stream: 0) || channel.hasQueuedData(stream: 1):
            return 0
        default: return Int32(max(0, (startedAt + budget - now) * 1000).rounded(.up))
        }
    }

    /// Goes as far as the socket allows without waiting.
    package func step(now: Double) {
        do throws(SSHError) {
            try advance(now: now)
        } catch {
            Log.app.debug("context: \(error)")
            giveUp(refused: true)
        }
    }

    private func advance(now: Double) throws(SSHError) {
        if isBusy, now - startedAt > budget {
            Log.app.debug("context: no answer within \(budget) s")
            return giveUp(refused: false)
        }
        while true {
            switch phase {
            case .idle:
                return
            case .opening:
                guard let channel = try SSHChannel.open(beside: session) else { return }
                phase = .starting(channel)
            case .starting(let channel):
                guard case .done = try channel.exec("sh -s") else { return }
                phase = .sending(channel, sent: 0)
            case .sending(let channel, let sent):
                if sent == input.count {
                    guard case .done = try channel.sendEOF() else { return }
                    phase = .reading(channel)
                    continue
                }
                let step = try input[sent...].withUnsafeBytes { raw in
                    Result { () throws(SSHError) in try channel.write(raw) }
                }.get()
                guard case .done(let n) = step else { return }
                phase = .sending(channel, sent: sent + n)
            case .reading(let channel):
                var buffer = [UInt8](repeating: 0, count: 32 * 1024)
                var progressed = false
                for stream in [Int32(1), 0] {
                    let step = try buffer.withUnsafeMutableBytes { raw in
                        Result { () throws(SSHError) in try channel.read(into: raw, stream: stream) }
                    }.get()
                    if case .done(let n) = step, n > 0 {
                        progressed = true
                        if stream == 0 { output += buffer.prefix(n) }
                    }
                }
                if output.count >= RemoteContext.Limit.bytes || (!progressed && channel.isEOF) {
                    finish(now: now)
                    phase = .closing(channel)
                    continue
                }
                if !progressed { return }
            case .closing(let channel):
                guard case .done = try channel.closeStep() else { return }
                phase = .idle
                if let next = pending {
                    pending = nil
                    request(next.scope, directory: next.directory, now: now)
                }
            }
        }
    }

    private func finish(now: Double) {
        let text = String(decoding: output.prefix(RemoteContext.Limit.bytes), as: UTF8.self)
        let parsing = DispatchTime.now().uptimeNanoseconds
        guard var context = RemoteContext(scriptOutput: text) else {
            Log.app.debug("context: the remote did not run the script (\(output.count) bytes back)")
            disabled = true
            onGiveUp()
            return
        }
        if output.count >= RemoteContext.Limit.bytes { context.truncated = true }
        if let previous = last?.context {
            if context.commands.isEmpty { context.commands = previous.commands }
            if scope == .directory { context.history = previous.history }
        }
        failures = 0
        let run = Run(scope: scope, context: context, seconds: now - startedAt, bytes: input.count + output.count)
        // Counts only: what was gathered is never logged.
        Log.app.debug(
            "context: \(context.entries.count) entries (\(context.directorySource?.rawValue ?? "?")), \(context.commands.count) commands, \(context.history.count) history in \(Int(run.seconds * 1000)) ms, \(run.bytes) bytes; parsed in \((DispatchTime.now().uptimeNanoseconds - parsing) / 1_000_000) ms"
        )
        last = run
        runs += 1
        onRun(run)
    }

    /// Drops the run under way. A refusal ends gathering for the session; so do two runs
    /// over budget in a row (a link too slow for it).
    private func giveUp(refused: Bool) {
        failures += 1
        if refused || failures >= 2 { disabled = true }
        pending = nil
        defer { onGiveUp() }
        switch phase {
        case .starting(let channel), .sending(let channel, _), .reading(let channel), .closing(let channel):
            _ = try? channel.closeStep()  // best effort; the channel is freed with it
        default: break
        }
        phase = .idle
    }
}
