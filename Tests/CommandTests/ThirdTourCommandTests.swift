import Foundation
import GRDB
import Store
import TestFixtures
import Testing
import VoiceshCore

/// Issue 44, the third hostile tour, command by command in this process: the key stays home,
/// no URL reaches a library that traps, what an endpoint says never shows the key, a retried
/// intent asks the model again, a newer database is left byte for byte, a file that is not a
/// model says so, and the small corners each give one line.
struct ThirdTourCommandTests {
    let cli: CLI
    static let key = "sk-third-tour-0123456789abcdef"

    init() throws { cli = try CLI() }

    func intent(_ words: String...) async throws -> CLI.Result {
        try await cli.run(["intent"] + words, environment: ["INTENT_KEY": Self.key])
    }

    /// Repro 1: a host *name* beginning `127.` was taken for loopback and got the key in clear.
    @Test func aNameThatLooksLikeLoopbackIsRefusedAKey() async throws {
        let result = try await cli.run(
            "config", "set", "intent.url", "http://127.attacker.example:18777/v1", "intent.model", "m",
            "intent.api_key_env", "SECRETKEY")
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("would send the key unencrypted to http://127.attacker.example"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try await cli.run("config", "show").stdout.contains("127.attacker") == false)
    }

    /// Repro 2: a port past 65535 trapped the HTTP client (SIGILL). Now each place a URL enters
    /// refuses it in one line.
    @Test func aPortPast65535IsOneLineWhereItEnters() async throws {
        let config = try await cli.run("config", "set", "intent.url", "http://127.0.0.1:99999/v1", "intent.model", "x")
        #expect(config.status != 0)
        #expect(config.stderr.contains("port 99999 is out of range; use 1–65535"), "\(config.stderr)")
        let file = try cli.file(
            "far.toml",
            "name = \"far\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\nurl = \"http://127.0.0.1:99999\"\n")
        let imported = try await cli.run("profile", "import", file)
        #expect(imported.status != 0 && imported.stderr.contains("port 99999 is out of range"), "\(imported.stderr)")
        try await cli.ok("profile", "add", "near", "--host", "example.com")
        let set = try await cli.run("profile", "set", "near", "intent.url=http://127.0.0.1:70000/v1", "intent.model=x")
        #expect(set.status != 0 && set.stderr.contains("port 70000 is out of range"), "\(set.stderr)")
    }

    /// A stored profile (an older voicesh's, a team store's row) that carries such a URL never
    /// reaches a client: each engine kind says so in one line, in this very process.
    @Test(arguments: [
        ("server", "url = \"http://127.0.0.1:99999\"", "port 99999 is out of range"),
        ("stream", "provider = \"deepgram\"\nurl = \"ws://127.0.0.1:99999/v1/listen\"", "port 99999 is out of range"),
        ("stream", "provider = \"generic\"\nurl = \"ws://127.0.0.1:99999/v1\"", "cannot"),
    ])
    func aStoredURLNoClientCanTakeIsOneLine(kind: String, engine: String, words: String) async throws {
        try await cli.ok("profile", "add", "old", "--host", "example.com")
        let database = try AppDatabase.open(at: cli.database)
        var profile = try database.profile(named: "old")
        var config = EngineConfig(kind: kind == "server" ? .server : .stream)
        for line in engine.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            switch parts[0] {
            case "url": config.url = value
            case "provider": config.provider = StreamProvider(rawValue: value)
            default: Issue.record("\(parts[0])")
            }
        }
        config.apiKeyEnv = "STT_KEY"
        profile.engine = config
        try database.updateProfile(profile)
        try database.allowKeys(profile.keyPairings(intent: IntentSettings()))
        let speech = try SpeechFiles.speech("git status", in: cli)
        let result = try await cli.run(["transcribe", "--profile", "old", speech], environment: ["STT_KEY": "k"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// A config.toml edited by hand is read with the same check: one line, no trap.
    @Test func aHandEditedPortIsOneLine() async throws {
        try "[intent]\nurl = \"http://127.0.0.1:99999/v1\"\nmodel = \"x\"\n".write(
            toFile: cli.home.appendingPathComponent("config.toml").path, atomically: true,
            encoding: .utf8)
        let result = try await intent("list", "files")
        #expect(result.status != 0)
        #expect(result.stderr.contains("port 99999 is out of range"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Repro 4: an endpoint that echoes the key back in its answer: shown masked.
    @Test func aKeyTheEndpointEchoesIsNeverShown() async throws {
        let server = try ChatServer(mode: "echo-key-content")
        try await cli.ok(
            "config", "set", "intent.url", server.url, "intent.model", "m", "intent.api_key_env", "INTENT_KEY")
        for json in [false, true] {
            let result = try await json ? intent("--json", "print", "my", "key") : intent("print", "my", "key")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains(Self.key))
            #expect((result.stdout + result.stderr).contains("***"), "\(result.stdout)\(result.stderr)")
        }
    }

    /// Repro 9: an empty request is not sent; `--candidates -1` is a bad value, not a missing one;
    /// a redirect says where it went; a 401 with no key configured asks for one.
    @Test func theSmallCornersEachSayWhatToDo() async throws {
        let server = try ChatServer()
        try await cli.ok("config", "set", "intent.url", server.url, "intent.model", "m")
        let empty = try await intent("")
        #expect(empty.status != 0 && empty.stderr.contains("the request is empty"), "\(empty.stderr)")
        let escapes = try await intent("\u{1B}[31m")
        #expect(escapes.status != 0 && escapes.stderr.contains("the request is empty"), "\(escapes.stderr)")
        #expect(try server.requests().isEmpty)
        let negative = try await intent("--candidates", "-1", "list", "files")
        #expect(
            negative.status != 0 && negative.stderr.contains("--candidates must be between 0 and"), "\(negative.stderr)"
        )

        let moved = try ChatServer(mode: "redirect")
        try await cli.ok("config", "set", "intent.url", moved.url)
        let redirect = try await intent("list", "files")
        #expect(redirect.status != 0)
        #expect(
            redirect.stderr.contains("307") && redirect.stderr.contains("http://127.0.0.1:9/"), "\(redirect.stderr)")

        let locked = try ChatServer(arguments: ["--api-key", Self.key])
        try await cli.ok("config", "set", "intent.url", locked.url)
        let keyless = try await intent("list", "files")
        #expect(keyless.status != 0)
        #expect(
            keyless.stderr.contains("asks for a key") && !keyless.stderr.contains("check the variable"),
            "\(keyless.stderr)")
    }

    /// Repro 8: a file that is not a model says so before a server starts on it; a missing one
    /// the user named is their path, not "run scripts/setup".
    @Test func aFileThatIsNotAModelSaysSo() async throws {
        let garbage = try cli.file("garbage.gguf", String(repeating: "not a model ", count: 200_000))
        let empty = try cli.file("empty.gguf", "")
        var header = Data("GGUF".utf8) + Data([3, 0, 0, 0]) + Data(count: 64)
        header.append(Data(count: 1000))
        let truncated = cli.home.appendingPathComponent("truncated.gguf").path
        try header.write(to: URL(fileURLWithPath: truncated))
        let directory = cli.home.appendingPathComponent("models").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            (garbage, "does not begin as a GGUF file does"), (empty, "it is empty"),
            (truncated, "too small to hold a model"), (directory, "it is a directory"),
            (cli.home.appendingPathComponent("nowhere.gguf").path, "which does not exist"),
        ]
        for (path, words) in cases {
            try await cli.ok("config", "set", "intent.model", path)
            let result = try await intent("list", "files")
            #expect(result.status != 0)
            #expect(result.stderr.contains(words), "\(path): \(result.stderr)")
            #expect(!result.stderr.contains("Failed to init server") && !result.stderr.contains("run scripts/setup"))
        }
    }

    /// Repro 5: `history retry` of a failed intent take asks the intent model again with its
    /// request, never the shell-talk ear; `history show` of a failed one prints no "model ? (?)".
    @Test func retryingAnIntentTakeAsksTheModelAgain() async throws {
        let server = try ChatServer(arguments: [
            "--content", #"{"command": "who", "explanation": "Who is logged in."}"#,
        ])
        try await cli.ok("config", "set", "intent.url", server.url, "intent.model", "gpt-test")
        try await cli.ok("profile", "add", "prod", "--host", "example.com")
        let database = try AppDatabase.open(at: cli.database)
        var row = Dictation(
            profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 2, rawText: "",
            finalText: "", outcome: .failed, error: "the intent model gave no whole answer in 30 s")
        row.intent = IntentTake(request: "who is logged in")
        let id = try database.appendDictation(row, audio: Data(WAV.encode([Int16](repeating: 0, count: 16000))))
        let shown = try await cli.run("history", "show", String(id))
        #expect(!shown.stdout.contains("?"), "\(shown.stdout)")
        #expect(shown.stdout.contains("who is logged in"), "\(shown.stdout)")

        let retried = try await cli.run("history", "retry", String(id))
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout == "who\n")
        let request = try #require(try server.requests().first?["body"] as? [String: Any])
        let messages = try #require(request["messages"] as? [[String: String]])
        #expect(ChatServer.withoutExamples(messages.last?["content"]) == "Request: who is logged in")
        let after = try database.dictation(id: id)
        #expect(after.finalText == "who" && after.outcome == .printed && after.error == nil)
        #expect(after.intent?.request == "who is logged in" && after.intent?.model == "gpt-test")
    }

    /// A retried intent take whose command the user saw or ran keeps that command: the new
    /// command is a row of its own, as a dictation's retry makes one.
    @Test func retryingARanIntentKeepsTheCommandThatRan() async throws {
        let server = try ChatServer(arguments: [
            "--content", #"{"command": "who -a", "explanation": "Who is logged in."}"#,
        ])
        try await cli.ok("config", "set", "intent.url", server.url, "intent.model", "gpt-test")
        try await cli.ok("profile", "add", "prod", "--host", "example.com")
        let database = try AppDatabase.open(at: cli.database)
        var row = Dictation(
            profile: "prod", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 2, rawText: "",
            finalText: "who", outcome: .ran)
        row.intent = IntentTake(request: "who is logged in")
        let id = try database.appendDictation(row, audio: nil)
        let retried = try await cli.run("history", "retry", String(id))
        #expect(retried.status == 0 && retried.stdout == "who -a\n", "\(retried.stderr)")
        let ran = try database.dictation(id: id)
        #expect(ran.finalText == "who" && ran.outcome == .ran)
        let rows = try database.dictations(profile: "prod", search: nil, limit: 5)
        #expect(rows.map(\.finalText).sorted() == ["who", "who -a"], "\(rows.map(\.finalText))")
    }

    /// Repro 7: a newer voicesh's `user_version` is newer: refused, and not a byte written.
    @Test func aNewerUserVersionIsLeftByteForByte() async throws {
        try await cli.ok("profile", "add", "p", "--host", "h")
        try await DatabaseQueue(path: cli.database).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = 9999")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        for arguments in [["profile", "list"], ["profile", "add", "q", "--host", "h"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("was written by a newer voicesh"), "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before, "\(arguments)")
        }
    }

    /// A migrated database says its version in its header, so a later voicesh can tell.
    @Test func aDatabaseSaysItsVersion() async throws {
        try await cli.ok("profile", "add", "p", "--host", "h")
        let version = try await DatabaseQueue(path: cli.database).read { db in
            try Int.fetchOne(db, sql: "PRAGMA user_version")
        }
        #expect(version == AppDatabase.migrationNames.count)
    }

    /// Repro 1b: a profile file cannot choose which of the user's variables goes where.
    @Test func aProfileFileCannotChooseWhereAKeyGoes() async throws {
        let server = try STTServer(dialect: "openai")
        let text =
            "name = \"team\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n"
            + "api_key_env = \"AWS_SECRET_ACCESS_KEY\"\n"
        let file = try cli.file("team.toml", text)
        let refused = try await cli.run("profile", "import", file)
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("sends the key in AWS_SECRET_ACCESS_KEY to http://127.0.0.1:")
                && refused.stderr.contains("--allow-key"), "\(refused.stderr)")
        #expect(try await cli.run("profile", "list").stdout.contains("team") == false)
        try await cli.ok("profile", "import", "--allow-key", file)
        let speech = try SpeechFiles.speech("git status", in: cli)
        let allowed = try await cli.run(
            ["transcribe", "--profile", "team", speech], environment: ["AWS_SECRET_ACCESS_KEY": "secret"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    /// A stored profile whose pairing this machine never allowed (the team store, an older
    /// import) sends nothing: one line with the way to allow it.
    @Test func aStoredPairingNotAllowedSendsNothing() async throws {
        let server = try STTServer(dialect: "openai")
        try await cli.ok("profile", "add", "own", "--host", "example.com")
        let database = try AppDatabase.open(at: cli.database)
        var profile = try database.profile(named: "own")
        profile.engine = EngineConfig(kind: .server)
        profile.engine.url = server.url
        profile.engine.apiKeyEnv = "AWS_SECRET_ACCESS_KEY"
        try database.updateProfile(profile)  // as a shared store's row would arrive
        let speech = try SpeechFiles.speech("git status", in: cli)
        let result = try await cli.run(
            ["transcribe", "--profile", "own", speech], environment: ["AWS_SECRET_ACCESS_KEY": "secret"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("would send the key in AWS_SECRET_ACCESS_KEY"), "\(result.stderr)")
        #expect(try server.requests().isEmpty)
        // Typed by the user, the pairing is theirs.
        try await cli.ok("profile", "set", "own", "engine.api_key_env=AWS_SECRET_ACCESS_KEY")
        let typed = try await cli.run(
            ["transcribe", "--profile", "own", speech], environment: ["AWS_SECRET_ACCESS_KEY": "secret"])
        #expect(typed.status == 0, "\(typed.stderr)")
    }
}
