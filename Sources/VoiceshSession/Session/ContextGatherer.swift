import Foundation
import SSHClient
import VoiceshCore

/// Runs the gathering script (`Resources/gather-context.sh`) on an exec channel beside the
/// session's shell: the same libssh2 session, so no second login and no agent prompt. It only
/// carries out what `ContextGatheringMachine` decides. Every call is non-blocking and made
/// from the session loop's thread, one `step` per turn (a libssh2 session is not
/// thread-safe); typing is never held up behind it.
package final class ContextGatherer {
    package typealias Scope = ContextGatheringMachine.Scope
    package typealias Run = ContextGatheringMachine.Run

    private let session: SSHSession
    private var machine: ContextGatheringMachine
    private var channel: SSHChannel?
    /// Called with each complete run.
    package var onRun: (Run) -> Void = { _ in }
    /// Called when a run is dropped (refused, over budget, not the script talking), or none will come.
    package var onGiveUp: () -> Void = {}

    package init(session: SSHSession, script: String, knownOptions: [String: ToolOptions] = [:]) {
        self.session = session
        machine = ContextGatheringMachine(script: script, knownOptions: knownOptions)
    }

    /// The script voicesh ships (`ResourceLocator`); nil when it is not found.
    package static func loadScript() -> String? {
        ResourceLocator.running.locate(scriptName, bundle: bundle)
            .flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    }

    package static let scriptName = "gather-context.sh"
    /// The SwiftPM resource folder that holds it in a build tree.
    package static let bundle = "voicesh_voicesh.resources"

    package var isBusy: Bool { machine.isBusy }
    package var last: Run? { machine.last }
    package var runs: Int { machine.runs }

    package func request(_ scope: Scope, directory: String?, now: Double) {
        machine.request(scope, directory: directory, now: now)
    }

    package func refreshAsked(directory: String?, now: Double) {
        carryOut(machine.refreshAsked(directory: directory, now: now), now: now)
    }

    package func typed(now: Double) {
        machine.typed(now: now)
    }

    package func entered(now: Double) {
        machine.entered(now: now)
    }

    package func deadline(now: Double) -> Double? {
        let queued = channel.map { $0.hasQueuedData(stream: 0) || $0.hasQueuedData(stream: 1) } ?? false
        return machine.deadline(now: now, dataQueued: queued)
    }

    /// Goes as far as the socket allows without waiting.
    package func step(now: Double, directory: String? = nil) {
        carryOut(machine.turn(now: now, directory: directory), now: now)
    }

    private func carryOut(_ effects: [ContextGatheringMachine.Effect], now: Double) {
        var queue = effects[...]
        while let effect = queue.popFirst() {
            do throws(SSHError) {
                // A channel call that would block ends the turn; the machine asks again at the next.
                guard let answer = try perform(effect, now: now) else { return }
                queue += answer
            } catch {
                Log.app.debug("context: \(error)")
                queue = machine.failed()[...]
            }
        }
    }

    /// Carries out one effect: the machine's answer to it, or nil when the channel would block.
    private func perform(_ effect: ContextGatheringMachine.Effect, now: Double) throws(SSHError)
        -> [ContextGatheringMachine.Effect]?
    {
        switch effect {
        case .openChannel:
            guard let opened = try SSHChannel.open(beside: session) else { return nil }
            channel = opened
            return machine.opened()
        case .start(let command):
            guard case .done = try channel?.exec(command) else { return nil }
            return machine.started()
        case .write(let bytes):
            guard let channel else { return nil }
            let step = try bytes.withUnsafeBytes { raw in
                Result { () throws(SSHError) in try channel.write(raw) }
            }.get()
            guard case .done(let n) = step else { return nil }
            return machine.wrote(n)
        case .endInput:
            guard case .done = try channel?.sendEOF() else { return nil }
            return machine.inputEnded()
        case .read:
            return try read(now: now)
        case .close:
            guard case .done = try channel?.closeStep() else { return nil }
            channel = nil
            return machine.closed(now: now)
        case .abandon:
            _ = try? channel?.closeStep()  // best effort; the channel is freed with it
            channel = nil
            return []
        case .report(let run):
            // Counts only: what was gathered is never logged.
            let context = run.context
            Log.app.debug(
                "context: \(context.entries.count) entries (\(context.directorySource?.rawValue ?? "?")), \(context.commands.count) commands, \(context.history.count) history in \(Int(run.seconds * 1000)) ms, \(run.bytes) bytes"
            )
            onRun(run)
            return []
        case .giveUp(let reason):
            switch reason {
            case .overBudget(let seconds): Log.app.debug("context: no answer within \(seconds) s")
            case .notTheScript(let bytes):
                Log.app.debug("context: the remote did not run the script (\(bytes) bytes back)")
            case .failed, .off: break
            }
            onGiveUp()
            return []
        }
    }

    /// Standard output, then standard error drained, as far as they go without waiting.
    private func read(now: Double) throws(SSHError) -> [ContextGatheringMachine.Effect]? {
        guard let channel else { return nil }
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        var progressed = false
        var bytes: [UInt8] = []
        for stream in [Int32(1), 0] {
            let step = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SSHError) in try channel.read(into: raw, stream: stream) }
            }.get()
            if case .done(let n) = step, n > 0 {
                progressed = true
                if stream == 0 { bytes += buffer.prefix(n) }
            }
        }
        let parsing = DispatchTime.now().uptimeNanoseconds
        let effects = machine.received(bytes, progressed: progressed, endOfOutput: channel.isEOF, now: now)
        if effects.contains(where: { if case .report = $0 { true } else { false } }) {
            Log.app.debug("context: parsed in \((DispatchTime.now().uptimeNanoseconds - parsing) / 1_000_000) ms")
        }
        return effects
    }
}
