import Foundation
import GRDB
import TestFixtures
import Testing

/// The database files voicesh must refuse, each with one line that says what to do.
struct DatabaseErrorTests {
    @Test func corruptFileIsReportedAndKept() throws {
        let cli = try CLI()
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: cli.database))
        let result = try cli.run("profile", "list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("voicesh: \(cli.database) is not a usable voicesh database"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == garbage)
    }

    /// Issue 33: the refusal said the file was left untouched while the migration check, opening
    /// it for writing, changed its header (bytes 28, 44, 96). Not one byte changes now, whatever
    /// journal mode the newer voicesh left it in.
    @Test(arguments: ["WAL", "DELETE"]) func newerSchemaIsRefusedByteForByte(journal: String) throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "p", "--host", "h")
        try DatabaseQueue(path: cli.database).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = \(journal)")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        for arguments in [["profile", "list"], ["history"], ["profile", "add", "q", "--host", "h"]] {
            let result = try cli.run(arguments, executable: CLI.binary.path)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "voicesh: \(cli.database) was written by a newer voicesh; upgrade voicesh (the file was left untouched)\n"
            )
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before, "\(journal) \(arguments)")
        }
    }

    /// Issue 33: 4 KiB overwritten at offset 8192 (a page inside the file). Reads still work, so
    /// what it holds can be saved; every write refuses with the way to recover, and the file is
    /// byte for byte as it was.
    @Test func aDamagedDatabaseIsNeverWritten() throws {
        let cli = try CLI()
        for name in ["p", "q", "r"] { try cli.ok("profile", "add", name, "--host", "h") }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: cli.database))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()
        // The damage is real: SQLite's own check finds it (or cannot even read the file).
        var config = Configuration()
        config.readonly = true
        let check = try? DatabaseQueue(path: cli.database, configuration: config).read {
            try String.fetchAll($0, sql: "PRAGMA integrity_check")
        }
        #expect(check != ["ok"])
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        let writes = [
            ["profile", "add", "s", "--host", "h"], ["profile", "set", "p", "port=2222"], ["profile", "rm", "q"],
            ["profile", "rename", "r", "t"],
        ]
        for arguments in writes {
            let result = try cli.run(arguments, executable: CLI.binary.path, stdin: "y\n")
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            // Damage where voicesh looks first (the schema's list) is met on opening; elsewhere, at
            // the integrity check before the first write. Either way: one line, and a way out.
            let damaged =
                result.stderr.hasPrefix("voicesh: \(cli.database) is damaged (")
                && result.stderr.contains("and was not written; save what it holds")
            let unusable = result.stderr.hasPrefix("voicesh: \(cli.database) is not a usable voicesh database")
            #expect(damaged || unusable, "\(arguments): \(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before, "\(arguments)")
        }
        // Reads go on (saving what it holds is the way out), and change nothing either.
        let listed = try cli.run(["profile", "list"], executable: CLI.binary.path)
        #expect(listed.status == 0 || listed.stderr.contains("is not a usable voicesh database"), "\(listed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
    }

    @Test func lockedDatabaseWaitsThenSaysSo() throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "p", "--host", "h")
        let holder = try DatabaseQueue(path: cli.database)
        // Another voicesh mid-write: it has written before (the WAL file is not empty) and holds the lock.
        try holder.write { db in
            try db.execute(sql: "UPDATE profile SET port = port + 1; UPDATE profile SET port = port - 1")
        }
        try holder.inDatabase { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let blocked = try cli.run("profile", "add", "q", "--host", "h")
            #expect(blocked.status == 1)
            #expect(
                blocked.stderr
                    == "voicesh: \(cli.database) is locked by another process; waited 5 s, try again when it is done\n")
            #expect(try cli.ok("profile", "list").stdout.contains("p"))  // readers still read
        }
        try cli.ok("profile", "add", "q", "--host", "h")
    }

    @Test func fileModesArePrivate() throws {
        let cli = try CLI()
        let home = cli.home.appendingPathComponent("nested/state")
        var env = cli.environment
        env["VOICESH_HOME"] = home.path
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["profile", "list"]
        process.environment = env
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let attributes = { (path: String) in
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        #expect(try attributes(home.path) == 0o700)
        #expect(try attributes(home.appendingPathComponent("voicesh.sqlite").path) == 0o600)
    }
}

/// A database voicesh may read but not write: a read-only or immutable file, a full disk.
struct UnwritableDatabaseTests {
    /// Root writes through file modes, so for root the file is made immutable (`chattr +i`),
    /// which needs a file system that has the attribute (ext4, xfs, btrfs; not tmpfs).
    static let canMakeReadOnly: Bool = {
        guard getuid() == 0 else { return true }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-chattr-\(getpid())").path
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        defer { _ = try? Shell.run("/usr/bin/chattr", ["-i", probe]); unlink(probe) }
        return (try? Shell.run("/usr/bin/chattr", ["+i", probe]).status) == 0
    }()

    /// A mount namespace of the test's own, for a small tmpfs (as root, or as a user where user
    /// namespaces are allowed).
    static let canMountTmpfs: Bool =
        (try? Shell.run("/usr/bin/unshare", ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"]).status) == 0

    func makeReadOnly(_ path: String) throws {
        if getuid() == 0 { try Shell.run("/usr/bin/chattr", ["+i", path]) } else { chmod(path, 0o400) }
    }

    @Test(.enabled(if: canMakeReadOnly, "chattr +i does not work on this file system"))
    func aFileThatCannotBeWrittenStillReads() throws {
        let cli = try CLI()
        try cli.ok("profile", "add", "p", "--host", "h.example")
        try makeReadOnly(cli.database)
        defer { _ = try? Shell.run("/usr/bin/chattr", ["-i", cli.database]) }
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        #expect(try cli.ok("profile", "list").stdout.contains("p     h.example"))
        #expect(try cli.run("history").status == 0)
        let add = try cli.run("profile", "add", "q", "--host", "q.example")
        #expect(add.status == 1)
        #expect(add.stderr.hasPrefix("voicesh: cannot write \(cli.database):"), "\(add.stderr)")
        #expect(add.stderr.contains("make it writable"))
        #expect(add.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
    }

    @Test(.enabled(if: canMountTmpfs, "no mount namespace for a small tmpfs here"))
    func aFullDiskIsOneLineAndTheRecordingIsKept() throws {
        let cli = try CLI()
        let recogniser = try cli.script("rec.sh", "#!/bin/sh\necho 'git status'\n")
        // One that fails: the recording has no text, and the history cannot keep it.
        let failing = try cli.script("fail.sh", "#!/bin/sh\necho 'no model' >&2\nexit 1\n")
        let wav = cli.home.appendingPathComponent("tone.wav").path
        try SpeechFiles.voice(seconds: 0.5, at: wav)  // a voice: every engine is behind the speech gate
        let small = cli.home.appendingPathComponent("small").path
        let kept = cli.home.appendingPathComponent("kept").path
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        // Another process holds the database open (as a running session would), then the disk
        // fills: voicesh opens it, transcribes, and cannot write the history.
        let script = """
            set -e
            mkdir -p \(small) && mount -t tmpfs -o size=1m,mode=0700 tmpfs \(small)
            export VOICESH_HOME=\(small) TMPDIR=\(kept)
            voicesh profile add p --host h.example --recognizer command --command '\(failing) {wav}' 2>/dev/null
            python3 -c 'import sqlite3,time; c=sqlite3.connect("\(small)/voicesh.sqlite"); c.execute("select 1 from profile").fetchall(); time.sleep(30)' &
            sleep 1
            dd if=/dev/zero of=\(small)/fill bs=1k 2>/dev/null || true
            set +e
            voicesh listen --profile p --audio-file \(wav) 2>\(kept)/listen.err; echo "listen=$?"
            voicesh profile add q --host q.example 2>\(kept)/add.err; echo "add=$?"
            kill $! 2>/dev/null
            """
        let result = try cli.run(["/usr/bin/unshare", "-rm", "sh", "-c", script], executable: "/usr/bin/env")
        #expect(result.stdout.contains("listen=1"), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("add=1"))
        let listen = try String(contentsOfFile: kept + "/listen.err", encoding: .utf8)
        #expect(listen.split(separator: "\n").count == 1, "\(listen)")
        #expect(listen.contains("the disk holding \(small)/voicesh.sqlite is full; free some space"), "\(listen)")
        // The recording is not lost: it waits in TMPDIR, and transcribing it again works.
        let saved = try #require(
            try FileManager.default.contentsOfDirectory(atPath: kept).first { $0.hasSuffix(".wav") })
        #expect(listen.contains("voicesh transcribe \(kept)/\(saved) --profile p"))
        #expect(
            try cli.run("transcribe", "--command", "\(recogniser) {wav}", kept + "/" + saved).stdout == "git status\n")
        let add = try String(contentsOfFile: kept + "/add.err", encoding: .utf8)
        #expect(
            add
                == "voicesh: the disk holding \(small)/voicesh.sqlite is full; free some space and try again (nothing was written)\n"
        )
    }
}
