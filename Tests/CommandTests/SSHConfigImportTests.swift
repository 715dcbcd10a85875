import Foundation
import TestFixtures
import Testing

/// `profile import --ssh-config` reads a config as OpenSSH does: each imported profile is
/// compared with what the real `ssh -G` resolves for the same alias.
struct SSHConfigImportTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    /// `ssh -G`'s value of `keyword` for `alias` under `config`.
    func ssh(_ alias: String, _ keyword: String, config: String) throws -> String? {
        let output = try Shell.run("/usr/bin/ssh", ["-G", "-F", config, alias]).stdout
        return output.split(separator: "\n").first { $0.lowercased().hasPrefix(keyword + " ") }
            .map { String($0.dropFirst(keyword.count + 1)) }
    }

    @Test func includeMatchQuotesAndTokensAsSSHReadsThem() async throws {
        let included = try cli.file(
            "ssh/conf.d/db.conf",
            """
            Host db
              HostName %h.internal
              User dbadmin
            """)
        let config = try cli.file(
            "ssh/config",
            """
            Include \(cli.home.path)/ssh/conf.d/*.conf
            Host "with space" web
              HostName web.example.com
              User www
              IdentityFile ~/.ssh/%r@%h_%n
            Match host web.example.com
              Port 2200
            Host jump
              HostName inner.example.com
              ProxyJump bastion
            Host proxied
              ProxyCommand nc %h %p
            Host *
              Port 2222
            """)
        _ = included
        let result = try await cli.run("profile", "import", "--ssh-config", config)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("voicesh: skipped Host with space: ") }, "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("voicesh: skipped Host proxied: ") && $0.contains("ProxyCommand") })
        #expect(!lines.contains { $0.contains("Host with:") || $0.contains("Host space") })  // one pattern, not two
        #expect(try await cli.ok("profile", "show", "jump").stdout.contains("jump = \"bastion\""))

        let list = try await cli.ok("profile", "list", "--json").stdout
        let profiles = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        #expect(Set(profiles.compactMap { $0["name"] as? String }) == ["db", "jump", "web"])
        for alias in ["db", "web"] {
            let profile = try #require(profiles.first { $0["name"] as? String == alias })
            #expect(profile["host"] as? String == (try ssh(alias, "hostname", config: config)), "\(alias)")
            #expect("\(profile["port"] ?? "")" == (try ssh(alias, "port", config: config)), "\(alias)")
            #expect(profile["user"] as? String == (try ssh(alias, "user", config: config)), "\(alias)")
        }
        let web = try #require(profiles.first { $0["name"] as? String == "web" })
        #expect(web["port"] as? Int == 2200)  // from the Match block, as ssh -G says
        #expect(web["identity"] as? String == "~/.ssh/www@web.example.com_web")  // %r, %h, %n filled in
        let db = try #require(profiles.first { $0["name"] as? String == "db" })
        #expect(db["host"] as? String == "db.internal")  // from the included file
    }

    @Test func matchExecIsNotRunWhileReading() async throws {
        let marker = cli.home.appendingPathComponent("ran").path
        let config = try cli.file(
            "ssh/exec", "Match exec \"touch \(marker)\"\n  User x\nHost a\n  HostName a.example.com\n")
        let result = try await cli.run("profile", "import", "--ssh-config", config)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Match exec"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
