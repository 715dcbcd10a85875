import Testing

@testable import VoiceshCore

/// The pure half of `--ssh-config`: which aliases a file names, and how `ssh -G`'s answer
/// becomes a profile. The CLI tests compare the whole path against the real `ssh -G`.
struct SSHConfigTests {
    @Test func scansAliasesAsSSHQuotesThem() {
        let scanned = SSHConfig.scan(
            """
            # comment
            Include ~/.ssh/conf.d/*.conf other
            Host prod prod-alias
                HostName prod.example.com
            Host "with space" db
            Match host foo exec "test -e /tmp/x"
              User matched
            Host *.example.com !skip.example.com
            Host=eq
            Host prod
            """)
        #expect(scanned.aliases == ["prod", "prod-alias", "with space", "db", "eq"])
        #expect(scanned.includes == ["~/.ssh/conf.d/*.conf", "other"])
        #expect(scanned.exec == "host foo exec \"test -e /tmp/x\"")
    }

    static let local = SSHConfig.Local(home: "/home/me", user: "me", hostName: "laptop.lan")
    static let defaults = SSHConfig.Resolved(
        output:
            "user me\nhostname voicesh-defaults\nport 22\nidentityfile ~/.ssh/id_rsa\nidentityfile ~/.ssh/id_ed25519\n")

    func profile(_ output: String, alias: String = "web") -> Result<Profile, ProfileProblems> {
        SSHConfig.profile(
            alias: alias, resolved: .init(output: output), defaults: Self.defaults, local: Self.local, source: "config")
    }

    @Test func keepsOnlyWhatTheConfigSet() throws {
        let web = try profile("user www\nhostname web.example.com\nport 2200\nidentityfile ~/.ssh/%r_%h_%%_%d_%u_%n\n")
            .get()
        #expect(web.host == "web.example.com")
        #expect(web.port == 2200)
        #expect(web.user == "www")
        #expect(web.identity == "~/.ssh/www_web.example.com_%_/home/me_me_web")
        let plain = try profile(
            "user me\nhostname web\nport 22\nidentityfile ~/.ssh/id_rsa\nidentityfile ~/.ssh/id_ed25519\n"
        ).get()
        #expect(plain.user == nil && plain.identity == nil && plain.port == 22)
    }

    @Test func refusesWhatVoiceshCannotHonour() throws {
        // A jump host is the profile's `jump` now.
        #expect(try profile("hostname web\nproxyjump ops@bastion:2222,gate\n").get().jump == "ops@bastion:2222,gate")
        guard case .failure(let command) = profile("hostname web\nproxycommand nc %h %p\n") else {
            Issue.record("ProxyCommand must be refused")
            return
        }
        #expect(command.problems.map(\.key) == ["proxycommand"])
        guard case .failure(let token) = profile("hostname web\nidentityfile ~/.ssh/%C\n") else {
            Issue.record("an unknown token must be refused")
            return
        }
        #expect(token.problems[0].message.contains("uses %C"))
        #expect(throws: Never.self) { try profile("hostname web\nproxyjump none\n").get() }
    }
}
