import Foundation
import PostgresSandbox
import SharedStore
import Store
import Testing
import VoiceshCore

/// The shared store against a real PostgreSQL 15 the suite starts itself: one server, a fresh
/// database per test.
struct SharedDatabaseTests {
    static let server = Result { try PostgresSandbox() }

    /// A new empty database on the suite's server, and its address (password from the
    /// environment, as PGPASSWORD gives it).
    static func freshStore(user: String = "voicesh", password: String? = PostgresSandbox.password) throws
        -> StoreAddress
    {
        let server = try server.get()
        let name = "t_" + UUID().uuidString.prefix(8).lowercased()
        try server.psql("CREATE DATABASE \(name)")
        var environment = ["HOME": "/nonexistent"]
        environment["PGPASSWORD"] = password
        return try StoreAddress(url: server.url(user: user, database: name), environment: environment)
    }

    static func profile(_ name: String) -> Profile {
        var p = Profile(name: name, host: "db.example.com")
        p.user = "deploy"
        p.port = 2222
        p.production = true
        p.history = .textAndAudio
        p.autoStop = 1.5
        p.learn = .off
        p.engine.vocabulary = ["kubectl"]
        p.fallback = EngineConfig(kind: .server)
        p.fallback?.url = "http://127.0.0.1:8080"
        p.aliases = ["kay": "kubectl"]
        p.jump = "ops@bastion:2222"
        p.forwardAgent = true
        p.intent.url = "https://llm.example.com/v1"
        p.intent.model = "qwen2.5-coder-7b"
        p.intent.context = true
        return p
    }

    static func row(_ text: String, profile: String = "prod", at seconds: Double = 0) -> PendingDictation {
        var d = Dictation(
            profile: profile, engine: "edge/pocketsphinx",
            startedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds),
            audioSeconds: 1.2, latencyMs: 80, rawText: text, finalText: text, outcome: .inserted,
            words: text.split(separator: " ").enumerated().map { .init(String($1), confidence: $0 == 0 ? 0.3 : 0.9) })
        d.uid = UUID()
        return PendingDictation(dictation: d, revision: 0)
    }

    @Test func namesTheSameMigrationsAsTheLocalStore() {
        #expect(SharedDatabase.migrationNames == AppDatabase.migrationNames)
    }

    @Test func keepsEveryProfileField() throws {
        let db = try SharedDatabase.open(try Self.freshStore())
        let p = Self.profile("prod")
        try db.saveProfile(p, replace: false)
        #expect(try db.profile(named: "prod") == p)
        #expect(try db.profileNames() == ["prod"])
        #expect(throws: StoreError.duplicateProfile("prod")) { try db.saveProfile(p, replace: false) }
        var edited = p
        edited.host = "other.example.com"
        try db.updateProfile(edited)
        #expect(try db.profiles() == [edited])
        try db.renameProfile("prod", to: "staging")
        #expect(throws: StoreError.profileNotFound("prod")) { try db.profile(named: "prod") }
        try db.deleteProfile("staging")
        #expect(throws: StoreError.profileNotFound("staging")) { try db.deleteProfile("staging") }
    }

    /// Eight writers on two connections each try to create the same name at once: the unique
    /// constraint lets exactly one through, and the rest hear it is a duplicate.
    @Test func oneOfManyConcurrentCreatorsWins() async throws {
        let address = try Self.freshStore()
        _ = try SharedDatabase.open(address)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    do {
                        var p = Self.profile("shared")
                        p.host = "host\(index).example.com"
                        try SharedDatabase.open(address).saveProfile(p, replace: false)
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try SharedDatabase.open(address).profiles().count == 1)
    }

    @Test func aRowSentTwiceIsKeptOnceAndOnlyALaterRevisionChangesIt() throws {
        let db = try SharedDatabase.open(try Self.freshStore())
        var row = Self.row("git status")
        #expect(try db.takeDictations([row]) == (added: 1, updated: 0))
        #expect(try db.takeDictations([row]) == (added: 0, updated: 0))
        row.dictation.outcome = .ran
        row.dictation.reading = 1  // the user took the second reading (Tab), as a later revision says
        row.dictation.readings = 2
        row.dictation.intent = IntentTake(request: "how do I see the status")  // and it was an intent take
        row.revision = 1
        #expect(try db.takeDictations([row]) == (added: 0, updated: 1))
        var stale = row
        stale.dictation.outcome = .discarded
        stale.revision = 0
        #expect(try db.takeDictations([stale]) == (added: 0, updated: 0))
        let stored = try db.dictations(profile: nil, search: nil, limit: 10)
        #expect(stored.count == 1)
        #expect(stored.first?.words == row.dictation.words)
        #expect(stored.first?.reading == 1 && stored.first?.readings == 2)
        #expect(stored.first?.intent?.request == "how do I see the status")
        #expect(stored.first?.outcome == .ran)
        #expect(stored.first?.uid == row.dictation.uid)
        #expect(stored.first?.hasAudio == false)
    }

    @Test func searchesWithPostgresFullTextSearch() throws {
        let address = try Self.freshStore()
        let db = try SharedDatabase.open(address)
        try db.takeDictations([
            Self.row("kubectl get pods", at: 1), Self.row("git status", profile: "dev", at: 2),
            Self.row("sudo systemctl restart nginx", at: 3), Self.row("git commit", at: 4),
        ])
        #expect(try db.dictations(profile: nil, search: "kube", limit: 10).map(\.finalText) == ["kubectl get pods"])
        #expect(
            try db.dictations(profile: nil, search: "git", limit: 10).map(\.finalText) == ["git commit", "git status"])
        #expect(try db.dictations(profile: "prod", search: "git", limit: 10).map(\.finalText) == ["git commit"])
        // Enough matches among the newest rows: the answer comes from them alone.
        #expect(try db.dictations(profile: nil, search: "git", limit: 1).map(\.finalText) == ["git commit"])
        #expect(try db.dictations(profile: nil, search: "GIT STAT", limit: 10).map(\.finalText) == ["git status"])
        // Query syntax typed as words is words, not tsquery operators.
        #expect(try db.dictations(profile: nil, search: "git & | ! :*", limit: 10).count == 2)
        #expect(try db.dictations(profile: nil, search: "!!", limit: 10).isEmpty)
        #expect(try db.dictationCount(profile: "prod") == 3)
        // The search runs on the GIN index over the generated tsvector.
        let plan = try Self.server.get().psql(
            "SET enable_seqscan = off; EXPLAIN SELECT id FROM dictation WHERE search @@ to_tsquery('simple', 'git:*')",
            database: address.database)
        #expect(plan.contains("dictation_search"), "\(plan)")
        #expect(try db.clearHistory(profile: "dev") == 1)
        #expect(try db.dictationCount(profile: nil) == 3)
    }

    @Test func machinesOpeningAFreshStoreAtOnceMigrateItOnce() async throws {
        let address = try Self.freshStore()
        let opened = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 { group.addTask { (try? SharedDatabase.open(address)) != nil } }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(opened == 6)
        let applied = try Self.server.get().psql(
            "SELECT count(*) FROM voicesh_migrations", database: address.database)
        #expect(applied == String(SharedDatabase.migrationNames.count))
    }

    @Test func aStoreFromANewerVoiceshIsLeftAlone() throws {
        let address = try Self.freshStore()
        _ = try SharedDatabase.open(address)
        try Self.server.get().psql(
            "INSERT INTO voicesh_migrations (name) VALUES ('v99-future')", database: address.database)
        #expect(throws: StoreError.newerSchema(path: address.description)) { try SharedDatabase.open(address) }
    }

    @Test func aWrongPasswordIsSaidSo() throws {
        let address = try Self.freshStore(password: "not-the-password")
        #expect(
            throws: StoreError.authenticationFailed(server: address.description, user: "voicesh", passwordGiven: true)
        ) {
            try SharedDatabase.open(address)
        }
        let none = try Self.freshStore(password: nil)
        #expect(
            throws: StoreError.authenticationFailed(server: none.description, user: "voicesh", passwordGiven: false)
        ) {
            try SharedDatabase.open(none)
        }
    }

    @Test func anUnknownDatabaseIsSaidSo() throws {
        let server = try Self.server.get()
        let address = try StoreAddress(
            url: server.url(database: "nosuchdb"), environment: ["PGPASSWORD": PostgresSandbox.password])
        #expect(throws: StoreError.unknownDatabase(server: address.description, database: "nosuchdb")) {
            try SharedDatabase.open(address)
        }
    }

    @Test func aRefusedConnectionIsOfflineQuickly() throws {
        // A port that was free a moment ago: nothing listens there.
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        close(probe)
        let store = try StoreAddress(url: "postgresql://voicesh@127.0.0.1:\(port)/voicesh", environment: [:])
        do {
            _ = try SharedDatabase.open(store)
            Issue.record("connected to a closed port")
        } catch {
            #expect(error == .unreachable(server: store.description, reason: "Connection refused"))
            #expect(error.isOffline)
        }
    }
}

/// TLS: a server with a throwaway self-signed certificate that takes TCP clients over TLS only.
struct SharedDatabaseTLSTests {
    static let server = Result { try PostgresSandbox(["--tls-only"]) }

    static func address(_ query: String) throws -> StoreAddress {
        let server = try server.get()
        return try StoreAddress(
            url: "postgresql://voicesh@\(server.address):\(server.port)/voicesh?\(query)",
            environment: ["PGPASSWORD": PostgresSandbox.password, "HOME": "/nonexistent"])
    }

    @Test func sslmodeDisableAgainstATLSOnlyServerIsSaidSo() throws {
        let address = try Self.address("sslmode=disable")
        #expect(throws: StoreError.tlsRequired(server: address.description)) { try SharedDatabase.open(address) }
    }

    @Test(arguments: ["sslmode=prefer", "sslmode=require"])
    func encryptsWithoutCheckingTheCertificate(_ query: String) throws {
        let db = try SharedDatabase.open(try Self.address(query))
        defer { db.close() }
        try db.saveProfile(SharedDatabaseTests.profile("tls-\(query.suffix(6))"), replace: true)
        // The server's own view of voicesh's connection (not psql's, on the unix socket): TLS.
        let encrypted = try Self.server.get().psql(
            """
            SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
            WHERE a.usename = 'voicesh' AND a.client_addr IS NOT NULL AND s.pid <> pg_backend_pid()
            """)
        #expect(!encrypted.isEmpty && encrypted.split(separator: "\n").allSatisfy { $0 == "t" }, "\(encrypted)")
    }

    @Test func verifyFullChecksTheCertificateAndTheName() throws {
        let root = try Self.server.get().rootCert
        _ = try SharedDatabase.open(try Self.address("sslmode=verify-full&sslrootcert=\(root)"))
        // A root that did not sign the server's certificate: refused, in words.
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID().uuidString).crt").path
        _ = try PostgresSandbox.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=other", "-keyout",
                other + ".key",
                "-out", other,
            ])
        let address = try Self.address("sslmode=verify-full&sslrootcert=\(other)")
        do {
            _ = try SharedDatabase.open(address)
            Issue.record("verify-full accepted a certificate its root did not sign")
        } catch {
            guard case .tlsFailed(let server, _) = error else {
                Issue.record("expected tlsFailed, got \(error)")
                return
            }
            #expect(server == address.description)
        }
    }
}
