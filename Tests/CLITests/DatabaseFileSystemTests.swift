import Foundation
import GRDB
import TestFixtures
import Testing

/// The database between processes and the file system, through the binary: another process
/// holding the lock, the modes the program's umask gives, a read-only or full file system.
/// Each refusal is one line that says what to do.
struct DatabaseFileSystemTests {
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
