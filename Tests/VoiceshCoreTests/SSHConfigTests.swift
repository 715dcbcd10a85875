import Testing

@testable import VoiceshCore

struct SSHConfigTests {
    static let text = """
        # comment
        Host prod prod-alias
            HostName prod.example.com
            User deploy
            Port 2222
            IdentityFile ~/.ssh/prod_ed25519

        Host db
          HostName=%h.internal
          User = "dbadmin"

        Match host foo
          User matched

        Host *.example.com !skip.example.com
          User wildcard

        Host *
          User fallback
          Port 22
        """

    @Test func firstObtainedValueWins() {
        let config = SSHConfig(text: Self.text)
        #expect(config.aliases == ["prod", "prod-alias", "db"])
        #expect(config.value("user", for: "prod") == "deploy")
        #expect(config.value("port", for: "prod") == "2222")
        #expect(config.value("hostname", for: "db") == "%h.internal")
        #expect(config.value("user", for: "db") == "dbadmin")
        #expect(config.value("user", for: "other") == "fallback")
        #expect(config.value("user", for: "x.example.com") == "wildcard")
        #expect(config.value("user", for: "skip.example.com") == "fallback")
    }

    @Test func aliasesBecomeProfiles() throws {
        let profiles = SSHConfig(text: Self.text).profiles(source: "config")
        let db = try #require(profiles.first { $0.alias == "db" }).result.get()
        #expect(db.host == "db.internal")
        #expect(db.user == "dbadmin")
        #expect(db.port == 22)
        let prod = try #require(profiles.first { $0.alias == "prod" }).result.get()
        #expect(prod.identity == "~/.ssh/prod_ed25519")
        #expect(prod.port == 2222)
    }

    @Test func badValuesAreProblemsNotCrashes() {
        let profiles = SSHConfig(text: "Host weird\n  Port ssh\n").profiles(source: "config")
        guard case .failure(let problems) = profiles.first?.result else {
            Issue.record("a non-numeric port must fail")
            return
        }
        #expect(problems.problems.map(\.key) == ["port"])
    }

    @Test(arguments: [
        ("*", "x", true), ("a?c", "abc", true), ("a*c", "abbbc", true), ("a*c", "ab", false), ("*.io", "X.IO", true),
    ])
    func globs(pattern: String, text: String, matches: Bool) {
        #expect(SSHConfig.glob(pattern, text) == matches)
    }
}
