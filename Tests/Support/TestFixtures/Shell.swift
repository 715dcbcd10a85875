import Foundation
import PostgresSandbox

/// Runs helper programs (ssh-keygen, tmux, pkill) and reports their output.
package enum Shell {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// Runs a program to its end (`Spawn.capture`: output through files, as daemons outlive it).
    @discardableResult
    package static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> ProgramResult
    {
        let result = try Spawn.capture(program, arguments, environment: environment)
        return ProgramResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// A new key pair (`ssh-keygen -t TYPE -N PASSPHRASE`) at `path`.
    package static func keygen(_ path: String, type: String = "ed25519", passphrase: String = "") throws {
        let result = try run("/usr/bin/ssh-keygen", ["-q", "-t", type, "-N", passphrase, "-f", path])
        guard result.status == 0 else { throw Failure("ssh-keygen: \(result.stderr)") }
    }
}
