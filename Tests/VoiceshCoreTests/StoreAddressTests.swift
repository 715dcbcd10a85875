import Testing
import VoiceshCore

struct StoreAddressTests {
    @Test func readsAURLAsLibpqDoes() throws {
        let a = try StoreAddress(
            url: "postgresql://deploy@db.example.com:6432/voice?sslmode=verify-full&sslrootcert=/etc/ca.pem",
            environment: ["PGUSER": "ignored", "PGPASSWORD": "from-env"])
        #expect(a.host == "db.example.com")
        #expect(a.port == 6432)
        #expect(a.user == "deploy")
        #expect(a.database == "voice")
        #expect(a.sslMode == .verifyFull)
        #expect(a.sslRootCert == "/etc/ca.pem")
        #expect(a.password == "from-env")
        #expect(!a.passwordInURL)
        #expect(a.description == "db.example.com:6432/voice")
    }

    @Test func fillsGapsFromTheEnvironmentThenDefaults() throws {
        let env = [
            "PGHOST": "pg.internal", "PGPORT": "5433", "PGUSER": "ann", "PGDATABASE": "shared", "PGSSLMODE": "require",
        ]
        let a = try StoreAddress(url: "postgresql://", environment: env)
        #expect([a.host, String(a.port), a.user, a.database] == ["pg.internal", "5433", "ann", "shared"])
        #expect(a.sslMode == .require)
        let b = try StoreAddress(url: "postgres://h/", environment: ["USER": "bob"])
        #expect([b.host, String(b.port), b.user, b.database] == ["h", "5432", "bob", "bob"])
        #expect(b.sslMode == .prefer)
        #expect(b.connectTimeout == 3)
        #expect(try StoreAddress(url: "postgresql://h?connect_timeout=10", environment: [:]).connectTimeout == 10)
    }

    @Test func aPasswordInTheURLIsTakenButNeverDescribed() throws {
        let a = try StoreAddress(url: "postgresql://u:s%40cret@h/db", environment: ["PGPASSWORD": "other"])
        #expect(a.password == "s@cret")
        #expect(a.passwordInURL)
        #expect(!a.description.contains("cret"))
    }

    @Test func findsThePasswordFileLine() throws {
        let file = """
            # comment
            other:5432:*:u:no
            h:5432:db:u:p\\:with\\\\colon
            *:*:*:*:fallback
            """
        let a = try StoreAddress(url: "postgresql://u@h/db", environment: ["HOME": "/home/u"]) { path in
            path == "/home/u/.pgpass" ? file : nil
        }
        #expect(a.password == "p:with\\colon")
        let b = try StoreAddress(url: "postgresql://u@elsewhere/db", environment: ["PGPASSFILE": "/p"]) { path in
            path == "/p" ? file : nil
        }
        #expect(b.password == "fallback")
    }

    @Test(arguments: [
        ("mysql://h/db", "it must start with postgresql://"),
        ("postgresql://h:0/db", "port 0 is not a number from 1 to 65535"),
        ("postgresql://h/db?sslmode=always", "sslmode always is not one of"),
    ])
    func refusesWhatItCannotUse(_ url: String, _ reason: String) {
        do {
            _ = try StoreAddress(url: url, environment: [:])
            Issue.record("accepted \(url)")
        } catch {
            guard case .badStoreURL(let said) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(said.hasPrefix(reason), "\(said)")
        }
    }
}
