import Foundation
import TestFixtures
import Testing

/// voicesh as a hostile server, a hostile file and a careless home would try it (issue 16):
/// nothing paints the terminal, nothing runs unasked, nothing is readable by others.
@Suite(.serialized)
struct HostileInputTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    /// No ESC, no C1 control, no bidi override: the text cannot paint a terminal.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
        } && !text.contains("]0;") && !text.contains("]52;")
    }

    func sqlite(_ sql: String) throws -> String {
        try Shell.run("/usr/bin/sqlite3", [cli.database, sql]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["openai", "whisper.cpp", "asr-webservice", "transcribe"])
    func hostileErrorBodiesReachNeitherTerminalNorDatabase(dialect: String) throws {
        let speech = try SpeechFiles.speech("git status", in: cli)
        let server = try STTServer(dialect: dialect, mode: "hostile")
        let file = try cli.file(
            "h.toml",
            "name = \"h\"\nhost = \"h\"\nhistory = \"text+audio\"\n[engine]\nkind = \"server\"\ndialect = \"\(dialect)\"\nurl = \"\(server.url)\"\n"
        )
        try cli.ok("profile", "import", file)
        let transcribed = try cli.run("transcribe", "--profile", "h", speech)
        #expect(transcribed.status == 1)
        #expect(transcribed.stderr.hasPrefix("voicesh: the engine failed: HTTP 500"), "\(transcribed.stderr)")
        #expect(Self.isClean(transcribed.stderr), "\(transcribed.stderr.debugDescription)")

        let listened = try cli.run("listen", "--profile", "h", "--audio-file", speech)
        #expect(listened.status == 1)
        #expect(Self.isClean(listened.stderr), "\(listened.stderr.debugDescription)")
        let id = try #require(listened.stderr.firstMatch(of: /voicesh history retry (\d+)/).map { String($0.1) })
        #expect(try sqlite("SELECT count(*) FROM dictation WHERE error LIKE '%HTTP 500%'") == "1")
        #expect(
            try sqlite(
                "SELECT count(*) FROM dictation WHERE instr(error, char(27)) OR instr(error, char(155)) OR instr(error, char(8238)) OR instr(error, ']0;')"
            ) == "0")
        for command in [["history", "show", id], ["history"], ["history", "--json"]] {
            let shown = try cli.run(command, executable: CLI.binary.path)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(
                Self.isClean(shown.stdout) && Self.isClean(shown.stderr), "\(command): \(shown.stdout.debugDescription)"
            )
        }
    }

    @Test func hostileTranscriptsArriveCleaned() throws {
        let speech = try SpeechFiles.speech("git status", in: cli)
        let server = try STTServer(dialect: "openai", mode: "hostile-text", text: "git status")
        try cli.ok(
            "profile", "import",
            try cli.file("t.toml", "name = \"t\"\nhost = \"h\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n")
        )
        let result = try cli.run("listen", "--profile", "t", "--audio-file", speech)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n", "\(result.stdout.debugDescription)")
        #expect(
            try sqlite("SELECT count(*) FROM dictation WHERE instr(rawText, char(27)) OR instr(finalText, char(27))")
                == "0")
        #expect(Self.isClean(try cli.ok("history").stdout))
    }

    // MARK: profiles

    @Test func aLocalCommandIsImportedOnlyWhenAllowed() throws {
        let file = try cli.file(
            "cmd.toml",
            "name = \"cmd\"\nhost = \"h\"\n[engine]\nkind = \"edge\"\nrecognizer = \"command\"\ncommand = \"touch /tmp/owned {wav}\"\n"
        )
        let refused = try cli.run("profile", "import", file)
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "voicesh: \(file): profile \"cmd\" runs the local command \"touch /tmp/owned {wav}\" on every dictation; import it with --allow-command if you trust it (nothing was imported)\n"
        )
        #expect(try cli.run("profile", "show", "cmd").status == 1)
        try cli.ok("profile", "import", "--allow-command", file)
        #expect(try cli.ok("profile", "show", "cmd").stdout.contains("touch /tmp/owned {wav}"))
        // The allowance is this machine's, not the profile's: the exported file does not carry it.
        let exported = try cli.ok("profile", "export", "cmd").stdout
        #expect(!exported.contains("allow"))
        #expect(try sqlite("SELECT command FROM allowedCommand") == "touch /tmp/owned {wav}")
        try cli.ok("profile", "import", "--replace", file)  // allowed once, known from then on
        let other = try cli.file(
            "other.toml", "name = \"o\"\nhost = \"h\"\n[engine]\nrecognizer = \"command\"\ncommand = \"rm {wav}\"\n")
        #expect(try cli.run("profile", "import", other).status == 1)
    }

    @Test func aNULInTOMLIsRefusedWithItsLine() throws {
        let path = cli.home.appendingPathComponent("nul.toml").path
        try Data("name = \"n\"\nhost = \"h\"\nport = 22\u{0}\nuser = \"hidden\"\n".utf8).write(
            to: URL(fileURLWithPath: path))
        let result = try cli.run("profile", "import", path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path):3"), "\(result.stderr)")
        #expect(result.stderr.contains("control character"))
        #expect(try cli.run("profile", "show", "n").status == 1)
    }

    /// One rule for every way a host gets in: add, set, import and connect.
    @Test(arguments: [
        ("h:abc", "is not a host name or address"),
        (String(repeating: "a", count: 100_000), "is 100000 characters long"),  // argv holds at most 128 KB a word
        ("evil\u{202E}moc.elgoog", "is not a host name or address"),
        ("-oProxyCommand=x", "must not start with '-'"),
    ])
    func badHostsAreRefusedEverywhere(host: String, message: String) throws {
        let added = try cli.run(["profile", "add", "p", "--host=\(host)"], executable: CLI.binary.path)
        #expect(added.status == 1)
        #expect(added.stderr.contains(message), "\(added.stderr.prefix(300))")
        #expect(Self.isClean(added.stderr) && added.stderr.count < 400)

        try cli.ok("profile", "add", "good", "--host", "example.com")
        let set = try cli.run(["profile", "set", "good", "host=\(host)"], executable: CLI.binary.path)
        #expect(set.status == 1)
        #expect(set.stderr.contains(message), "\(set.stderr.prefix(300))")

        let toml = try cli.file("bad.toml", "name = \"bad\"\nhost = \"\(host)\"\n")
        let imported = try cli.run("profile", "import", toml)
        #expect(imported.status == 1)
        #expect(imported.stderr.contains(message), "\(imported.stderr.prefix(300))")

        let connect = try cli.run(["connect", "x@\(host)"], executable: CLI.binary.path)
        #expect(connect.status != 0)
        #expect(
            connect.stderr.contains(message) || connect.stderr.contains("neither a profile"),
            "\(connect.stderr.prefix(300))")
        #expect(Self.isClean(connect.stderr))
        try cli.ok("profile", "rm", "good")
    }

    @Test func aMegabyteHostIsRefusedOnImport() throws {
        let toml = try cli.file("big.toml", "name = \"big\"\nhost = \"\(String(repeating: "a", count: 1_000_000))\"\n")
        let result = try cli.run("profile", "import", toml)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is 1000000 characters long; a host name has at most 253"))
        #expect(result.stderr.count < 400)
    }

    /// A 10 MB vocabulary term is refused with its first 40 characters, not echoed whole.
    @Test func aHugeVocabularyTermIsNotEchoed() throws {
        let term = "kube" + String(repeating: "x", count: 10 * 1024 * 1024)
        let toml = try cli.file("vocab.toml", "name = \"v\"\nhost = \"h\"\n[engine]\nvocabulary = [\"\(term)\"]\n")
        let result = try cli.run("profile", "import", toml)
        #expect(result.status == 1)
        #expect(result.stderr.contains("engine.vocabulary: \"\(term.prefix(40))…\" must be 1–50 printable characters"))
        #expect(result.stderr.count < 400, "\(result.stderr.prefix(400))")
    }

    @Test func anEscapeInAPathIsRefused() throws {
        let result = try cli.run("profile", "add", "p", "--host", "h", "--identity", "~/.ssh/id\u{1B}]0;x\u{7}")
        #expect(result.status == 1)
        #expect(result.stderr.contains("identity"), "\(result.stderr)")
        #expect(Self.isClean(result.stderr))
    }

    // MARK: file modes

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func stateIsTheUsersAlone() throws {
        let fresh = cli.home.appendingPathComponent("fresh").path
        let result = try cli.run(
            ["profile", "list"], executable: CLI.binary.path, environment: ["VOICESH_HOME": fresh])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(fresh) == 0o700)
        #expect(try mode(fresh + "/voicesh.sqlite") == 0o600)
        let wav = cli.home.appendingPathComponent("out.wav").path
        let speech = try SpeechFiles.speech("git status", in: cli)
        let recorded = try cli.run("record", "--audio-file", speech, wav)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try mode(wav) == 0o600)

        // The local recogniser's scratch WAV, and the folder it stands in.
        let recogniser = try cli.script("modes.sh", "#!/bin/sh\nstat -c %a \"$1\" \"$(dirname \"$1\")\"\n")
        let scratch = try cli.run(
            ["transcribe", "--command", "\(recogniser) {wav}", speech], executable: CLI.binary.path,
            environment: ["VOICESH_HOME": fresh])
        #expect(scratch.stdout == "600 700\n", "\(scratch.stderr)")

        // `adapt --from` on a fresh home: the voice store and the recordings it keeps.
        let folder = cli.home.appendingPathComponent("from").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: speech, toPath: folder + "/one.wav")
        try "git status".write(toFile: folder + "/one.txt", atomically: true, encoding: .utf8)
        let other = cli.home.appendingPathComponent("other-home").path
        _ = try cli.run(["adapt", "--from", folder], executable: CLI.binary.path, environment: ["VOICESH_HOME": other])
        #expect(try mode(other) == 0o700)
        let voice = other + "/voice"
        #expect(try mode(voice) == 0o700)
        let kept = try FileManager.default.subpathsOfDirectory(atPath: voice).filter { $0.hasSuffix(".wav") }
        #expect(!kept.isEmpty)
        for file in kept { #expect(try mode(voice + "/" + file) == 0o600, "\(file)") }

        // An older, looser database is tightened when voicesh opens it; the directory, which
        // others may read but not write, is the user's to set and is left as it is.
        chmod(fresh, 0o755)
        chmod(fresh + "/voicesh.sqlite", 0o644)
        _ = try cli.run(["profile", "list"], executable: CLI.binary.path, environment: ["VOICESH_HOME": fresh])
        #expect(try mode(fresh) == 0o755)
        #expect(try mode(fresh + "/voicesh.sqlite") == 0o600)
    }
}

/// A key file that is not a key says so, against a real sshd (issue 16, point 11).
struct KeyFileMessageTests {
    @Test func aKeyFileThatIsNotAKeyIsNamed() throws {
        let cli = try CLI()
        let sshd = try SSHSandbox()
        let notAKey = try cli.file("not-a-key", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK0 me@host\n")
        let directory = cli.home.appendingPathComponent("a-directory").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (key, words) in [(notAKey, "is not a private key"), (directory, "is a directory, not a key file")] {
            let result = try cli.run(
                ["connect", "-i", key, "--known-hosts", sshd.knownHosts, sshd.destination, "--", "true"],
                executable: CLI.binary.path, stdin: "")
            #expect(result.status == 255)
            #expect(result.stderr.contains("identity file \(key) \(words)"), "\(result.stderr)")
            #expect(!result.stderr.contains("is not readable"))
        }
    }

    @Test func aKnownHostsThatIsADirectoryIsSaidInWords() throws {
        let cli = try CLI()
        let sshd = try SSHSandbox()
        let directory = cli.home.appendingPathComponent("known_hosts_dir").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try cli.run(
            [
                "connect", "-i", sshd.clientKey, "--known-hosts", directory, "--strict-host-key-checking", "accept-new",
                sshd.destination, "--", "true",
            ], executable: CLI.binary.path, stdin: "")
        #expect(result.status == 255)
        #expect(result.stderr.contains("\(directory): it is a directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("error 512"))
    }
}
