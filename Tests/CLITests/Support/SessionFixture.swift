import Foundation

/// What a session suite starts from: a CLI in a home of its own and a real sshd on 127.0.0.1.
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
