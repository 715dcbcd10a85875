import Foundation
import GRDB
import PostgresSandbox
import TestFixtures
import Testing

/// Profiles and history shared through a real PostgreSQL (scripts/postgres-sandbox) by two
/// voicesh homes, as two machines would share them; the server stopped and started under them.
@Suite(.serialized)
struct SharedStoreCLITests {
    /// One voicesh home using the shared store at `url`.
    struct Machine {
        let cli: CLI
        var url: String
        var password: String? = PostgresSandbox.password

        init(url: String) throws {
            cli = try CLI()
            self.url = url
        }

        @discardableResult
        func run(_ arguments: String...) throws -> CLI.Result {
            var environment = ["VOICESH_STORE": url]
            environment["PGPASSWORD"] = password
            return try cli.run(arguments, executable: CLI.binary.path, environment: environment)
        }

        @discardableResult
        func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Result {
            var environment = ["VOICESH_STORE": url]
            environment["PGPASSWORD"] = password
            let result = try cli.run(arguments, executable: CLI.binary.path, environment: environment)
            #expect(
                result.status == 0, "voicesh \(arguments.joined(separator: " ")): \(result.stderr)",
                sourceLocation: sourceLocation)
            return result
        }

        /// A profile whose recogniser is a local script that prints `text`, allowed here.
        func importEchoProfile(_ name: String, says text: String) throws {
            let script = try cli.script("\(name).sh", "#!/bin/sh\necho '\(text)'\n")
            let file = try cli.file(
                "\(name).toml",
                """
                name = "\(name)"
                host = "example.com"
                history = "text"
                [engine]
                kind = "edge"
                recognizer = "command"
                command = "\(script) {wav}"
                """)
            try ok("profile", "import", "--allow-command", file)
        }

        /// One dictation through `listen`, kept in the history.
        func dictate(_ profile: String, wav: String) throws -> CLI.Result {
            try run("listen", "--profile", profile, "--audio-file", wav)
        }

        var pendingRows: Int {
            get throws {
                try DatabaseQueue(path: cli.database).read { db in
                    try Int.fetchOne(
                        db,
                        sql: "SELECT count(*) FROM dictation WHERE sharedRevision IS NULL OR sharedRevision < revision")
                        ?? -1
                }
            }
        }
    }

    static func speech(_ cli: CLI) throws -> String { try SpeechFiles.speech("git status", in: cli) }

    @Test func twoHomesSeeEachOthersProfilesAndHistory() throws {
        let server = try PostgresSandbox()
        let a = try Machine(url: server.url())
        let b = try Machine(url: server.url())
        try a.ok("profile", "add", "prod", "--host", "deploy@prod.example.com:2222")
        #expect(try b.ok("profile", "list").stdout.contains("deploy@prod.example.com:2222"))
        try b.ok("profile", "set", "prod", "send=auto")
        #expect(try a.ok("profile", "show", "prod").stdout.contains("auto"))
        // A name taken on one machine is taken on the other.
        let taken = try b.run("profile", "add", "prod", "--host", "other.example.com")
        #expect(taken.status == 1)
        #expect(
            taken.stderr
                == "voicesh: a profile named \"prod\" exists; use --replace to overwrite it, or pick another name\n")

        try a.importEchoProfile("echo", says: "git status")
        let heard = try a.dictate("echo", wav: try Self.speech(a.cli))
        #expect(heard.status == 0, "\(heard.stderr)")
        #expect(heard.stdout == "git status\n")
        #expect(try a.pendingRows == 0)
        // B lists A's row (no local id there: the recording stays on A); A shows its own id.
        let onB = try b.ok("history", "list", "--search", "stat").stdout
        #expect(onB.contains("git status"), "\(onB)")
        #expect(onB.split(separator: "\n").last?.hasPrefix("-") == true, "\(onB)")
        let onA = try a.ok("history", "list", "--json").stdout
        #expect(onA.contains("\"id\" : 1") || onA.contains("\"id\":1"), "\(onA)")
        #expect(try server.psql("SELECT count(*) FROM dictation") == "1")

        // A shared profile that runs a local command is refused where it was not allowed.
        let refused = try b.dictate("echo", wav: try Self.speech(b.cli))
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("voicesh: profile \"echo\" from the shared store runs the local command"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try server.psql("SELECT count(*) FROM dictation") == "1")
        // Removed on the machine that made it: gone from the shared store too.
        try a.ok("history", "rm", "1")
        #expect(try server.psql("SELECT count(*) FROM dictation") == "0")
        #expect(try b.ok("history", "list").stderr == "no dictations yet\n")
    }

    /// config.toml's `store` key chooses the shared store as `VOICESH_STORE` does (the
    /// environment wins, as libpq's variables do), and its defaults apply to shared profiles.
    @Test func configTomlNamesTheStore() throws {
        let server = try PostgresSandbox()
        let a = try Machine(url: server.url())
        try a.ok("profile", "add", "prod", "--host", "prod.example.com")
        let b = try CLI()
        try b.ok("config", "set", "store", server.url(), "send", "auto")
        let password = ["PGPASSWORD": PostgresSandbox.password]
        let list = try b.run(["profile", "list"], executable: CLI.binary.path, environment: password)
        #expect(list.status == 0, "\(list.stderr)")
        let row = list.stdout.split(separator: "\n").first { $0.hasPrefix("prod ") }
        #expect(row?.split(separator: " ").contains("auto") == true, "\(list.stdout)")
        #expect(try a.ok("profile", "show", "prod").stdout.contains("send") == false)  // a default, not stored
        let elsewhere = try b.run(
            ["profile", "list"], executable: CLI.binary.path,
            environment: password.merging(["VOICESH_STORE": "postgresql://voicesh@127.0.0.1:1/voicesh"]) { a, _ in a })
        #expect(
            elsewhere.stderr.contains("cannot reach the shared store at 127.0.0.1:1/voicesh"), "\(elsewhere.stderr)")
    }

    /// Dictations made while the server is down wait in the local file and arrive once, in
    /// order, when it is back; the profiles come from the local copy meanwhile.
    @Test func rowsMadeOfflineArriveOnceWhenTheServerIsBack() throws {
        let server = try PostgresSandbox()
        let a = try Machine(url: server.url())
        let b = try Machine(url: server.url())
        try a.importEchoProfile("echo", says: "git status")
        let wav = try Self.speech(a.cli)
        #expect(try a.dictate("echo", wav: wav).status == 0)

        try server.stop()
        for _ in 0..<3 {
            let offline = try a.dictate("echo", wav: wav)
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout == "git status\n")
        }
        #expect(try a.pendingRows == 3)
        let list = try a.ok("profile", "list")
        #expect(list.stdout.contains("echo"))
        #expect(list.stderr.contains("cannot reach the shared store at \(server.address):\(server.port)/voicesh"))
        #expect(list.stderr.hasSuffix("using this machine's copy\n"))
        let change = try a.run("profile", "add", "new", "--host", "h.example.com")
        #expect(change.status == 1)
        #expect(change.stderr.split(separator: "\n").count == 1)
        #expect(change.stderr.hasPrefix("voicesh: cannot reach the shared store"))
        #expect(try a.ok("history", "list").stdout.split(separator: "\n").count == 5)

        try server.start()
        // Any command that reads the history sends what waited first.
        #expect(try b.ok("history", "list").stdout.split(separator: "\n").count == 2)
        try a.ok("history", "list")
        #expect(try a.pendingRows == 0)
        #expect(try server.psql("SELECT count(*), count(DISTINCT uid) FROM dictation") == "4|4")

        // An answer lost after the server took the rows: they are sent again, and kept once.
        try DatabaseQueue(path: a.cli.database).write { db in
            try db.execute(sql: "UPDATE dictation SET sharedRevision = NULL")
        }
        try a.ok("history", "list")
        #expect(try a.pendingRows == 0)
        #expect(try server.psql("SELECT count(*) FROM dictation") == "4")
        // In the order they were made.
        let order = try server.psql("SELECT string_agg(uid::text, ',' ORDER BY id) FROM dictation")
        let local = try DatabaseQueue(path: a.cli.database).read { db in
            try String.fetchAll(db, sql: "SELECT uid FROM dictation ORDER BY id").joined(separator: ",")
        }
        #expect(order == local)
        #expect(try b.ok("history", "list").stdout.split(separator: "\n").count == 5)
    }

    @Test func aWrongPasswordIsOneLineAndNeverShown() throws {
        let server = try PostgresSandbox()
        var a = try Machine(url: server.url())
        a.password = "not-it"
        let wrong = try a.run("profile", "list")
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr
                == "voicesh: the shared store at \(server.address):\(server.port)/voicesh refused user \"voicesh\" with that password; fix the line in ~/.pgpass (or PGPASSWORD)\n"
        )
        // A password in the URL works, is never echoed, and is never written down.
        a.password = nil
        a.url =
            "postgresql://voicesh:\(PostgresSandbox.password)@\(server.address):\(server.port)/voicesh?sslmode=disable"
        let added = try a.ok("profile", "add", "prod", "--host", "prod.example.com")
        #expect(added.stderr.contains("~/.pgpass"))
        #expect(!added.stderr.contains(PostgresSandbox.password))
        a.url = "postgresql://voicesh:wrong-secret@\(server.address):\(server.port)/voicesh?sslmode=disable"
        let refused = try a.run("profile", "list")
        #expect(refused.status == 1)
        #expect(!refused.stderr.contains("wrong-secret"))
        let stored = try Data(contentsOf: URL(fileURLWithPath: a.cli.database))
        #expect(stored.range(of: Data(PostgresSandbox.password.utf8)) == nil)
        #expect(try server.psql("SELECT count(*) FROM profile WHERE row(profile.*)::text LIKE '%secret%'") == "0")

        // ~/.pgpass, as libpq reads it: used at 0600, ignored (with a warning) when others can read it.
        a.url = server.url()
        let pgpass = try a.cli.file(
            ".pgpass", "# voicesh sandbox\n\(server.address):\(server.port):*:voicesh:\(PostgresSandbox.password)\n")
        chmod(pgpass, 0o600)
        #expect(try a.ok("profile", "list").stdout.contains("prod"))
        chmod(pgpass, 0o644)
        let loose = try a.run("profile", "list")
        #expect(loose.status == 1)
        #expect(loose.stderr.contains("has group or world access"))
        #expect(loose.stderr.contains("wants a password for user \"voicesh\""))
    }

    @Test func aRefusedConnectionFallsBackOrSaysSo() throws {
        let cli = try CLI()
        let environment = ["VOICESH_STORE": "postgresql://voicesh@127.0.0.1:1/voicesh"]
        let list = try cli.run(["profile", "list"], executable: CLI.binary.path, environment: environment)
        #expect(list.stderr.contains("cannot reach the shared store at 127.0.0.1:1/voicesh (Connection refused)"))
        let add = try cli.run(
            ["profile", "add", "p", "--host", "h.example.com"], executable: CLI.binary.path, environment: environment)
        #expect(add.status == 1)
        #expect(
            add.stderr
                == "voicesh: cannot reach the shared store at 127.0.0.1:1/voicesh (Connection refused); check VOICESH_STORE and that the server is up\n"
        )
    }

    @Test func aServerThatRequiresTLSIsSaidSo() throws {
        let server = try PostgresSandbox(["--tls-only"])
        let a = try Machine(url: server.url(sslmode: "disable"))
        let result = try a.run("profile", "list")
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicesh: the shared store at \(server.address):\(server.port)/voicesh only takes TLS connections; remove sslmode=disable from the store URL (or use sslmode=require)\n"
        )
        let b = try Machine(url: server.url(sslmode: "verify-full") + "&sslrootcert=\(server.rootCert)")
        try b.ok("profile", "add", "tls", "--host", "h.example.com")
        #expect(try a.run("profile", "list").status == 1)
    }

    @Test func storeCopyMovesALocalStoreBothWaysOnce() throws {
        let server = try PostgresSandbox()
        // A machine without a shared store: two profiles and three dictations, locally.
        let local = try CLI()
        try local.ok("profile", "add", "prod", "--host", "prod.example.com")
        let script = try local.script("say.sh", "#!/bin/sh\necho 'ls -la'\n")
        let file = try local.file(
            "say.toml",
            "name = \"say\"\nhost = \"h\"\n[engine]\nkind = \"edge\"\nrecognizer = \"command\"\ncommand = \"\(script) {wav}\"\n"
        )
        try local.ok("profile", "import", "--allow-command", file)
        let wav = try Self.speech(local)
        for _ in 0..<3 { try local.ok("listen", "--profile", "say", "--audio-file", wav) }

        let env = ["PGPASSWORD": PostgresSandbox.password]
        let to = try local.run(["store", "copy", "--to", server.url()], executable: CLI.binary.path, environment: env)
        #expect(to.status == 0, "\(to.stderr)")
        #expect(
            to.stderr
                == "copied to \(server.address):\(server.port)/voicesh: 2 of 2 profiles (0 already there), 3 of 3 history rows (0 already there)\n"
        )
        let again = try local.run(
            ["store", "copy", "--to", server.url()], executable: CLI.binary.path, environment: env)
        #expect(
            again.stderr
                == "copied to \(server.address):\(server.port)/voicesh: 0 of 2 profiles (2 already there), 0 of 3 history rows (3 already there)\n"
        )
        #expect(try server.psql("SELECT count(*) FROM dictation") == "3")

        // Back into another machine's local store: the command profile is not taken unasked.
        let other = try CLI()
        let from = try other.run(
            ["store", "copy", "--from", server.url()], executable: CLI.binary.path, environment: env)
        #expect(from.status == 0, "\(from.stderr)")
        #expect(
            from.stderr.hasPrefix(
                "copied from \(server.address):\(server.port)/voicesh: 1 of 2 profiles (0 already here), 3 of 3 history rows (0 already here)\n"
            ))
        #expect(from.stderr.contains("profile \"say\" runs a local command and was not copied"))
        let fromAgain = try other.run(
            ["store", "copy", "--from", server.url()], executable: CLI.binary.path, environment: env)
        #expect(
            fromAgain.stderr.hasPrefix(
                "copied from \(server.address):\(server.port)/voicesh: 0 of 2 profiles (1 already here), 0 of 3 history rows (3 already here)\n"
            ))
        #expect(try other.ok("history", "list", "--search", "ls").stdout.split(separator: "\n").count == 4)
        #expect(try other.ok("profile", "list").stdout.contains("prod"))
    }

    /// A `connect` session whose shared store stops between two dictations: the session goes
    /// on, the second row waits in the local file, and arrives once when the server is back.
    @Test func aSessionDictatesOnWhenTheServerStopsMidSession() throws {
        let server = try PostgresSandbox()
        let sshd = try SSHSandbox()
        let a = try Machine(url: server.url())
        let script = try a.cli.script("say.sh", "#!/bin/sh\necho 'git status'\n")
        let file = try a.cli.file(
            "demo.toml",
            sshd.profile(
                "demo",
                """
                [engine]
                kind = "edge"
                recognizer = "command"
                command = "\(script) {wav}"
                """))
        try a.ok("profile", "import", "--allow-command", file)
        var environment = a.cli.environment
        environment["VOICESH_STORE"] = a.url
        environment["PGPASSWORD"] = PostgresSandbox.password
        let speech = try Self.speech(a.cli)
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, "demo", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ],
            environment: environment)
        try tmux.wait { $0.contains("remote$") }
        func dictate() throws {
            try tmux.send("C-]")
            try tmux.wait { $0.contains("● rec") }
            usleep(1_500_000)
            try tmux.send("C-]")
            try tmux.wait { $0.contains("⏎ insert") }
            try tmux.send("Enter")
            try tmux.wait { !$0.contains("⏎ insert") }
            try tmux.send("C-u")
        }
        try dictate()
        // Sent in the background after the dictation, while the session goes on.
        var shared = ""
        for _ in 0..<50 where shared != "1" {
            usleep(200_000)
            shared = try server.psql("SELECT count(*) FROM dictation")
        }
        #expect(shared == "1")

        try server.stop()
        try dictate()
        try tmux.send("exit", "Enter")
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
        #expect(try a.pendingRows == 1)

        try server.start()
        try a.ok("history", "list")
        #expect(try a.pendingRows == 0)
        #expect(try server.psql("SELECT count(*), count(DISTINCT uid) FROM dictation") == "2|2")
        #expect(try server.psql("SELECT string_agg(outcome, ',' ORDER BY id) FROM dictation") == "inserted,inserted")
    }
}
