import Foundation
import TestFixtures
import Testing

/// What a session suite starts from: a CLI in a home of its own and a real sshd on a loopback address of its own.
struct SessionFixture {
    let cli: CLI
    let sshd: SSHSandbox

    /// `sshd` lines go in the sandbox's sshd_config (`LogLevel DEBUG3`).
    init(sshd config: [String] = []) throws {
        cli = try CLI()
        sshd = try SSHSandbox(config: config)
    }
}

/// A suite whose tests run against its own `SessionFixture`, made in its `init`.
protocol SessionSuite {
    var fixture: SessionFixture { get }
}

extension SessionSuite {
    var cli: CLI { fixture.cli }
    var sshd: SSHSandbox { fixture.sshd }
}

extension SessionSuite {
    /// One take in `tmux` whose recogniser (`cat TRANSCRIPT`) "hears" `text`, so a spelling
    /// arrives exactly: `text` written to `transcript`, the toggle, a second of the voice file
    /// (past its 0.3 s of silence: a take with no voice is "no speech", whatever the recogniser
    /// says), the toggle again. Returns the screen once `shown` holds.
    @discardableResult
    func take(_ tmux: Tmux, hearing text: String, through transcript: String, until shown: (String) -> Bool)
        throws -> String
    {
        try text.write(toFile: transcript, atomically: true, encoding: .utf8)
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(1_200_000)
        try tmux.send("C-]")
        return try tmux.wait(until: shown)
    }
}
