import Foundation
import SSHClient
import TestFixtures
import Testing
import VoiceshSession

/// The session loop over a real libssh2 session, against a throwaway OpenSSH server: what
/// libssh2 does with packets that the fakes cannot show.
@Suite struct SessionDriverSSHTests {
    /// Starts a command on a second channel, as the context does, and is slow about it: it
    /// asks, stalls while the answer and the shell's output both arrive, then asks again.
    /// libssh2's second call reads both off the socket and returns on the answer, leaving the
    /// shell's packets unparsed in its own buffer: no descriptor will say they are there.
    final class SlowStarter: LoopParticipant, @unchecked Sendable {
        let session: SSHSession
        var channel: SSHChannel?
        var firstAskWaited = false
        var started = false

        init(session: SSHSession) { self.session = session }

        var descriptors: [Int32] { [] }
        func deadline(now: Double) -> Double? { nil }

        func step(_ event: LoopEvent, now: Double) throws(SSHError) -> LoopOutput {
            guard case .beforeSleep = event, !started else { return LoopOutput() }
            // sshd answers an exec once it has forked the command, rarely within libssh2's one call;
            // on a busy machine it may, and then another channel is tried.
            for _ in 0..<20 where !firstAskWaited {
                channel = nil
                while channel == nil {
                    channel = try SSHChannel.open(beside: session)
                    usleep(10_000)
                }
                if case .wouldBlock = try channel?.exec("true") { firstAskWaited = true }
            }
            // Every channel answered at once: this run cannot show the case (the test tries again).
            guard firstAskWaited else {
                started = true
                return LoopOutput()
            }
            usleep(4_000_000)
            if case .done = try channel?.exec("true") { started = true }
            return LoopOutput()
        }
    }

    struct NoPrompter: AuthPrompter {
        func secret(_ prompt: String) -> String? { nil }
        func answer(_ prompt: String, echo: Bool) -> String? { nil }
        func notice(_ text: String) {}
    }

    @Test func outputThatCameWithAnotherChannelsAnswerIsShown() async throws {
        let sshd = try SSHSandbox()
        // A loaded machine may answer every exec at once, and then the case does not arise:
        // a few tries, and the test needs one in which it did.
        for _ in 0..<4 {
            let session = try SSHSession(host: sshd.address, port: sshd.port, timeout: 15)
            var plan = AuthPlan(
                user: NSUserName(), identities: [sshd.clientKey], defaultKeyFiles: [], agentSocket: nil)
            plan.identitiesOnly = true
            try Authenticator(session: session, plan: plan, prompter: NoPrompter()).authenticate()
            // The output comes two seconds after the shell starts: after the starter's answer, before it asks again.
            let shell = try session.openShell(
                term: "dumb", columns: 80, rows: 24, environment: [], command: "sleep 2; echo hello")
            let starter = SlowStarter(session: session)
            let terminal = PipeTerminal()
            let running = SessionDriverTests.Running(
                SessionDriver(
                    session: session, channel: shell, signals: SignalPipe(signals: [SIGWINCH]), interactive: true,
                    participants: [starter], terminal: terminal))
            let end = await running.end()
            guard starter.firstAskWaited else { continue }
            // Before the fix the loop slept on an empty socket with the output (and the end) in libssh2's buffer.
            #expect(end == .remoteClosed)
            #expect(starter.started)
            #expect(terminal.text.contains("hello"), "\(terminal.text)")
            return
        }
        Issue.record("sshd answered every exec at once in four tries: the case never arose")
    }
}
