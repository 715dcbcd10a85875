import Foundation
import VoiceshCore

/// `profile import --ssh-config`: OpenSSH reads its own config. The aliases come from the
/// `Host` lines (Include followed); their values from `ssh -G`, so Match blocks, first
/// obtained values and tokens mean what they mean to ssh.
package enum SSHConfigImport {
    /// The Host aliases that make valid profiles; the others are reported and skipped.
    package static func profiles(_ text: String, path: String, source: String, context: AppContext)
        throws(SSHConfigProblem) -> [Profile]
    {
        let scanned = scan(text, context: context, depth: 0)
        if let exec = scanned.exec {
            throw .matchExec(source: source, command: exec)
        }
        let defaults = SSHConfig.Resolved(output: try sshG("voicesh-defaults", config: "/dev/null"))
        let local = SSHConfig.Local(
            home: context.environment["HOME"] ?? NSHomeDirectory(), user: context.localUser,
            hostName: ProcessInfo.processInfo.hostName)
        var profiles: [Profile] = []
        for alias in scanned.aliases {
            if Profile.nameProblem(alias) != nil {
                context.console.error(
                    "voicesh: skipped Host \(alias): not a profile name (1–64 letters, digits, '.', '_' or '-')")
                continue
            }
            let resolved = SSHConfig.Resolved(output: try sshG(alias, config: path))
            switch SSHConfig.profile(alias: alias, resolved: resolved, defaults: defaults, local: local, source: source)
            {
            case .success(let p): profiles.append(p)
            case .failure(let problems):
                context.console.error(
                    "voicesh: skipped Host \(alias): \(problems.problems.map(\.description).joined(separator: "; "))")
            }
        }
        guard !profiles.isEmpty else { throw .noProfiles(source: source) }
        return profiles
    }

    /// Aliases and Match exec lines of the file and of what it includes, depth first as ssh
    /// reads them; relative Include paths are under ~/.ssh, as for a user's config.
    private static func scan(_ text: String, context: AppContext, depth: Int)
        -> (aliases: [String], exec: String?)
    {
        let found = SSHConfig.scan(text)
        var aliases = found.aliases
        var exec = found.exec
        guard depth < 16 else { return (aliases, exec) }  // ssh's own limit on nested Includes
        for pattern in found.includes {
            var full = context.expandingTilde(pattern)
            if !full.hasPrefix("/") { full = context.expandingTilde("~/.ssh/") + full }
            for file in SSHConfigFiles.glob(full) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let inner = scan(String(decoding: data, as: UTF8.self), context: context, depth: depth + 1)
                aliases += inner.aliases.filter { !aliases.contains($0) }
                exec = exec ?? inner.exec
            }
        }
        return (aliases, exec)
    }

    /// `ssh -G -F CONFIG ALIAS`: the options ssh would use, one `keyword value` a line.
    private static func sshG(_ alias: String, config: String) throws(SSHConfigProblem) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ssh", "-G", "-F", config, "--", alias]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotRunSSH(reason: error.localizedDescription)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let why =
                String(decoding: problem, as: UTF8.self).split(whereSeparator: \.isNewline)
                .first { !$0.hasPrefix("Pseudo-terminal") }.map(String.init) ?? "exit \(process.terminationStatus)"
            if process.terminationStatus == 127 { throw .sshNotInstalled }
            throw .sshRefused(alias: alias, config: config, reason: why)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
