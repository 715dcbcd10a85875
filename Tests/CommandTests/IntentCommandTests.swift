import Foundation
import TestFixtures
import Testing

/// `voicesh intent` against a strict local chat-completions endpoint, and against the real
/// local runtime with a real small model: what is sent, what comes back, and every failure in
/// one line with nothing printed as a command.
struct IntentCommandTests {
    let cli: CLI
    static let key = "sk-test-0123456789abcdefXYZ"

    init() throws { cli = try CLI() }

    /// Points config.toml's `[intent]` at `server`, with the key in `INTENT_KEY`.
    func use(_ server: ChatServer, timeout: Double = 10) async throws {
        try await cli.ok(
            "config", "set", "intent.url", server.url, "intent.model", "gpt-test", "intent.api_key_env", "INTENT_KEY",
            "intent.timeout", String(timeout))
    }

    func intent(_ words: String...) async throws -> ProgramResult {
        try await cli.run(["intent"] + words, environment: ["INTENT_KEY": Self.key])
    }

    @Test func aCommandComesBackAndTheRequestIsWhatTheEndpointAccepts() async throws {
        let server = try ChatServer(arguments: ["--api-key", Self.key])
        try await use(server)
        let result = try await intent("--json", "show", "the", "disk", "usage", "of", "the", "home", "folder")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(object["command"] as? String == "du -sh /home")
        #expect(object["explanation"] as? String == "Disk usage of the home folder.")
        #expect(object["request"] as? String == "show the disk usage of the home folder")
        #expect(object["model"] as? String == "gpt-test")
        #expect(object["endpoint"] as? String == "127.0.0.1")
        #expect(object["risk"] is NSNull)
        #expect(object["check"] is NSNull)  // no context, so nothing to check against: nothing found

        let request = try #require(try server.requests().first)
        #expect(request["path"] as? String == "/v1/chat/completions")
        #expect(request["authorization"] as? Bool == true)
        let body = try #require(request["body"] as? [String: Any])
        #expect(body["model"] as? String == "gpt-test")
        #expect(body["stream"] as? Bool == true)  // streamed: the command shows before its explanation
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages.first?["role"] == "system")
        // The nearest worked examples (intent.examples, on by default), then the request.
        let last = try #require(messages.last?["content"])
        #expect(last.hasPrefix("Similar requests and their commands:\n- "), "\(last)")
        #expect(ChatServer.withoutExamples(last) == "Request: show the disk usage of the home folder", "\(last)")
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
    }

    @Test func theTextOutputIsTheCommandAloneWithTheRestOnStderr() async throws {
        let server = try ChatServer(arguments: [
            "--content", #"{"command": "rm -rf ~/*", "explanation": "Removes the web root."}"#,
        ])
        try await use(server)
        let result = try await intent("remove", "the", "web", "root")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "rm -rf ~/*\n")
        #expect(result.stderr.hasPrefix("Removes the web root.\nrisky: "), "\(result.stderr)")
    }

    /// `--candidates N` asks for others one at a time, as a session's Tab does, and stops at a repeat.
    @Test func candidatesAreAskedForOneAtATimeUntilTheModelRepeatsItself() async throws {
        let server = try ChatServer(arguments: [
            "--content", #"{"command": "du -sh /home", "explanation": "Disk usage."}"#,
            "--content", #"{"command": "df -h /home", "explanation": "Free space."}"#,
            "--content", #"{"command": "du -sh /home", "explanation": "Again."}"#,
        ])
        try await use(server)
        let result = try await intent("--json", "--candidates", "3", "disk", "usage", "of", "home")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(object["command"] as? String == "du -sh /home")
        #expect(object["candidates"] as? [String] == ["df -h /home"])
        let requests = try server.requests()
        #expect(requests.count == 3)
        let last = try #require((requests.last?["body"] as? [String: Any])?["messages"] as? [[String: String]])
        #expect(last.suffix(4).map { $0["role"] ?? "" } == ["assistant", "user", "assistant", "user"])

        let fresh = try ChatServer(arguments: [
            "--content", #"{"command": "du -sh /home", "explanation": "Disk usage."}"#,
            "--content", #"{"command": "df -h /home", "explanation": "Free space."}"#,
        ])
        try await use(fresh)
        let text = try await intent("--candidates", "1", "disk", "usage", "of", "home")
        #expect(text.stdout == "du -sh /home\n" && text.stderr.hasSuffix("or: df -h /home\n"), "\(text.stderr)")
        // Into a pipe, no progress line among them.
        #expect(!text.stderr.contains("\r") && !text.stderr.contains("intent: "), "\(text.stderr)")
        #expect(try await intent("--candidates", "9", "x").stderr.contains("--candidates must be between 0 and 4"))
    }

    @Test(arguments: [
        ("unauthorized", "refused the key (401)"),
        ("busy", "is busy (429, again after waiting); try again in 1 s"),
        ("echo-key", "refused the key (401)"),
        ("error", "answered 500: The server had an error"),
        ("prose", "wrote prose, not a command (\"To see the disk usage"),
        ("several-lines", "wrote several lines"),
        ("length", "cut at its length limit"),
        ("not-chat", "not a chat completion"),
        ("stream-error", "stopped with an error: The server had an error"),
        ("stream-cut", "stream ended early"),
        ("slow", "no whole answer in 2 s"),
        ("endless", "no whole answer in 2 s"),
    ])
    func eachFailureIsOneLineAndNoCommand(mode: String, words: String) async throws {
        let server = try ChatServer(mode: mode, arguments: ["--delay", "30"])
        try await use(server, timeout: 2)
        let result = try await intent("show", "the", "disk", "usage")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("voicesh: ") && result.stderr.contains(words), "\(result.stderr)")
    }

    @Test func aRateLimitIsWaitedOutOnceAsRetryAfterSays() async throws {
        let server = try ChatServer(mode: "rate-limited", arguments: ["--retry-after", "1"])
        try await use(server)
        let result = try await intent("show", "the", "disk", "usage")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "du -sh /home\n")
        #expect(try server.requests().count == 2)
    }

    @Test func aKeyTheEndpointEchoesNeverShows() async throws {
        let server = try ChatServer(mode: "echo-key")
        try await use(server)
        let result = try await intent("show", "the", "disk", "usage")
        #expect(result.status == 1)
        #expect(!result.stderr.contains(Self.key) && !result.stderr.contains("0123456789"), "\(result.stderr)")
        #expect(result.stderr.contains("Incorrect API key provided: ***"), "\(result.stderr)")
    }

    @Test func escapesInTheAnswerAreRemovedWhole() async throws {
        let server = try ChatServer(mode: "hostile")
        try await use(server)
        let result = try await intent("show", "the", "disk", "usage")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "du -sh /home\n")
        #expect(result.stderr == "Disk usage.\n")
    }

    @Test func anUnsetKeyAndADeadEndpointAreSaid() async throws {
        let server = try ChatServer()
        try await use(server)
        let unset = try await cli.run(["intent", "list", "files"], environment: ["INTENT_KEY": ""])
        #expect(unset.status == 1)
        #expect(unset.stderr.contains("intent.api_key_env names INTENT_KEY, which is not set"), "\(unset.stderr)")
        #expect(try server.requests().isEmpty)

        try await cli.ok("config", "set", "intent.url", "http://127.0.0.1:9/v1")
        let dead = try await intent("list", "files")
        #expect(dead.status == 1 && dead.stdout.isEmpty)
        #expect(dead.stderr.contains("cannot reach the intent model at http://127.0.0.1:9/v1/chat/completions"))
    }

    /// The profile's recent commands leave the machine only when `intent.context` says so.
    @Test func recentCommandsGoToAnEndpointOnlyWhenContextIsOn() async throws {
        let server = try ChatServer()
        try await use(server)
        let wav = try SpeechFiles.speech("git status", in: cli)
        try await cli.ok(
            "profile", "add", "p", "--host", "example.com", "--recognizer", "command", "--command", "echo ls -la")
        try await cli.ok("listen", "--profile", "p", "--audio-file", wav)
        #expect(try await intent("--profile", "p", "list", "files").status == 0)
        try await cli.ok("config", "set", "intent.context", "true")
        #expect(try await intent("--profile", "p", "list", "files").status == 0)
        let sent = try server.requests().compactMap {
            ChatServer.withoutExamples(
                (($0["body"] as? [String: Any])?["messages"] as? [[String: String]])?.last?["content"])
        }
        #expect(sent.count == 2 && sent.first == "Request: list files")
        // With context on, this directory's names go too (the command runs here).
        #expect(sent.last?.hasPrefix("Server:\nDirectory: ") == true, "\(sent)")
        #expect(sent.last?.hasSuffix("\nRecent commands: ls -la\nRequest: list files") == true, "\(sent)")
    }

    /// A profile's `[intent]` keys go over config.toml's: its own endpoint, its context said on.
    @Test func aProfilesIntentKeysGoOverConfigs() async throws {
        let server = try ChatServer()
        try await cli.ok("config", "set", "intent.url", "http://127.0.0.1:9/v1", "intent.model", "unused")
        try await cli.ok("profile", "add", "p", "--host", "example.com")
        try await cli.ok(
            "profile", "set", "p", "intent.url=\(server.url)", "intent.model=gpt-test", "intent.context=true")
        #expect(try await cli.ok("profile", "show", "p").stdout.contains("[intent]\nurl = \"\(server.url)\""))
        let result = try await intent("--json", "--profile", "p", "list", "files")
        #expect(result.status == 0, "\(result.stderr)")
        let body = try #require(try server.requests().first?["body"] as? [String: Any])
        #expect(body["model"] as? String == "gpt-test")
        #expect(
            try await intent("list", "files").stderr.contains("cannot reach the intent model at http://127.0.0.1:9"))

        // A key for config.toml's endpoint, which has none: said as the profile's problem.
        try await cli.ok("config", "unset", "intent.url")
        try await cli.ok("config", "unset", "intent.model")
        try await cli.ok("profile", "add", "q", "--host", "example.com")
        try await cli.ok("profile", "set", "q", "intent.api_key_env=TEAM_KEY")
        let mix = try await intent("--profile", "q", "list", "files")
        #expect(mix.status != 0 && mix.stderr.contains("q: intent.api_key_env: goes with url"), "\(mix.stderr)")
    }

    /// `--here`: this directory's names and PATH's tools, as a session sends the remote's.
    @Test func hereSendsThisDirectorysNamesWhenContextIsOn() async throws {
        let server = try ChatServer()
        try await use(server)
        #expect(try await intent("--here", "list", "files").status == 0)
        try await cli.ok("config", "set", "intent.context", "true")
        #expect(try await intent("--here", "list", "files").status == 0)
        let sent = try server.requests().compactMap {
            ChatServer.withoutExamples(
                (($0["body"] as? [String: Any])?["messages"] as? [[String: String]])?.last?["content"])
        }
        #expect(sent.first == "Request: list files")
        let here = try #require(sent.last)
        let directory = FileManager.default.currentDirectoryPath
        #expect(here.hasPrefix("Server:\nDirectory: \(directory)\nHere: "), "\(here)")
        #expect(here.contains("\nTools: ") && here.hasSuffix("\nRequest: list files"), "\(here)")
        // Where the names may go (intent.context = true, or the local model), they go unasked.
        #expect(try await intent("list", "files").status == 0)
        let unasked = try #require(
            try server.requests().last.flatMap {
                ChatServer.withoutExamples(
                    (($0["body"] as? [String: Any])?["messages"] as? [[String: String]])?.last?["content"])
            })
        #expect(unasked == here)
    }

    /// What this machine's tools take is read once and kept a week (`cache/options/local.json`):
    /// a command is checked against the options kept, and options older than that are read again.
    @Test func theToolsOptionsAreKeptAWeek() async throws {
        let server = try ChatServer(arguments: ["--content", #"{"command": "ls -l", "explanation": "Long list."}"#])
        try await use(server)
        try await cli.ok("config", "set", "intent.context", "true")
        func check() async throws -> Any? {
            let result = try await intent("--json", "list", "files")
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return try #require(object, "\(result.stdout)")["check"]
        }
        #expect(try await check() is NSNull)  // the real ls takes -l
        let kept = cli.home.appendingPathComponent("cache/options/local.json")
        let read = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: kept)) as? [String: Any], "nothing kept")
        #expect((read["options"] as? [String: Any])?["ls"] != nil, "\(read)")
        #expect(try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int == 0o600)
        // Kept options are believed: an ls said to take only -a makes -l a fault.
        func keep(ageInDays days: Double) throws {
            let now = Date().timeIntervalSince1970 - days * 86400
            let entry = #"{"read": \#(now), "options": {"ls": {"short": {"a": false}, "long": []}}}"#
            try Data(entry.utf8).write(to: kept)
        }
        try keep(ageInDays: 1)
        let found = try #require(try await check() as? [String: Any], "the kept options were not used")
        #expect((found["found"] as? String)?.contains("-l") == true, "\(found)")
        // A week old, they are read again from the tools themselves.
        try keep(ageInDays: 8)
        #expect(try await check() is NSNull)
    }

    /// Spoken names reach the model written ("backup dot tar dot gz" → backup.tar.gz); the
    /// request shown and kept is the user's as said.
    @Test func spokenNamesReachTheModelWritten() async throws {
        let server = try ChatServer()
        try await use(server)
        let result = try await intent("--json", "list", "what", "is", "in", "backup", "dot", "tar", "dot", "gz")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["request"] as? String == "list what is in backup dot tar dot gz")
        let body = try #require(try server.requests().last?["body"] as? [String: Any])
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(ChatServer.withoutExamples(messages.last?["content"]) == "Request: list what is in backup.tar.gz")
    }

    @Test func configRefusesAKeyForAVariableAndASecretInTheURL() async throws {
        let key = try await cli.run("config", "set", "intent.api_key_env", Self.key)
        #expect(key.status == 1 && key.stderr.contains("looks like a key"), "\(key.stderr)")
        let url = try await cli.run("config", "set", "intent.url", "https://api.example.com/v1?api_key=abc")
        #expect(url.status == 1 && url.stderr.contains("must not carry a key"), "\(url.stderr)")
        let bare = try await cli.run("config", "set", "intent.url", "https://api.example.com/v1")
        #expect(bare.status == 1 && bare.stderr.contains("intent.model: is needed with url"), "\(bare.stderr)")
        let unknown = try await cli.run("config", "set", "intent.endpoint", "x")
        #expect(unknown.status == 1 && unknown.stderr.contains("[intent] has url, model"), "\(unknown.stderr)")
        // Nothing refused was written: there is no file at all.
        #expect(!FileManager.default.fileExists(atPath: cli.home.path + "/config.toml"))
    }

    /// The real runtime (llama.cpp through xllamacpp) with a real small model, as setup installs
    /// them: the server starts, answers under the schema, and stops with the command
    /// (`intent.persist = 0`; the kept one is KeptModelServerTests').
    @Test func theLocalModelWritesACommand() async throws {
        let home = "/usr/local/lib/voicesh/intent"
        // The model through a link of this test's own: the server counted below is this test's,
        // not another suite's running in the same test process at the same time.
        let model = cli.home.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf").path
        try FileManager.default.createSymbolicLink(
            atPath: model, withDestinationPath: home + "/SmolLM2-135M-Instruct.Q4_1.gguf")
        // A whole answer may take long on a machine running every suite at once: the model runs
        // at nice 10, and in CI it got no whole answer in 120 s (alone it takes about one). No
        // worked examples: a shorter prompt.
        try await cli.ok(
            "config", "set", "intent.model", model, "intent.timeout", "600", "intent.persist", "0", "intent.examples",
            "false")
        let result = try await cli.run(
            ["intent", "--json", "print", "the", "date"], environment: ["VOICESH_INTENT_HOME": home])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        // A tiny model: what it writes is its own; that it is a date command is the check.
        #expect((object?["command"] as? String)?.split(separator: " ").first == "date", "\(result.stdout)")
        #expect(object?["endpoint"] as? String == "local")
        #expect(object?["model"] as? String == "SmolLM2-135M-Instruct.Q4_1.gguf")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("intent: "), "\(result.stderr)")
        // Its server went with it: no child of this process serves the model any more.
        let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
            guard let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: line, as: UTF8.self).contains("intent-server.py\0" + model),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // stat: pid (comm) state ppid …
            let parent = stat[stat.index(after: close)...].split(separator: " ").dropFirst().first
            return parent.map(String.init) == String(getpid())
        }
        #expect(children.isEmpty, "\(children)")
    }

    @Test func aMissingLocalModelSaysHowToInstallIt() async throws {
        let result = try await cli.run(
            ["intent", "print", "the", "date"], environment: ["VOICESH_INTENT_HOME": "/nonexistent"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(
            result.stderr
                == "voicesh: the local intent model is not installed (/nonexistent); run scripts/setup, or set intent.url\n",
            "\(result.stderr)")
    }

    /// `transcribe --intent`: the recording is a request, as the intent key says: heard as
    /// plain English, its lead taken off when it has one, and any words taken when it has none.
    @Test func aRecordingHeardAsARequestBecomesACommand() async throws {
        let server = try ChatServer(arguments: ["--api-key", Self.key])
        try await use(server)
        let speech = try SpeechFiles.speech("git status", in: cli)
        let asked = try await cli.run(
            ["transcribe", "--intent", "--json", "--command", "echo how do I show the disk usage of home", speech],
            environment: ["INTENT_KEY": Self.key])
        #expect(asked.status == 0, "\(asked.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(asked.stdout.utf8)) as? [String: Any], "\(asked.stdout)")
        #expect(object["command"] as? String == "du -sh /home")
        #expect(object["request"] as? String == "show the disk usage of home")
        let bare = try await cli.run(
            ["transcribe", "--intent", "--json", "--command", "echo count the lines in notes dot txt", speech],
            environment: ["INTENT_KEY": Self.key])
        #expect(bare.status == 0, "\(bare.stderr)")
        let request = try #require(
            try JSONSerialization.jsonObject(with: Data(bare.stdout.utf8)) as? [String: Any], "\(bare.stdout)")
        #expect(request["request"] as? String == "count the lines in notes dot txt")
        #expect(try server.requests().count == 2)
        // Where the names may go, this directory's go with a spoken request as with a typed one.
        try await cli.ok("config", "set", "intent.context", "true")
        let here = try await cli.run(
            ["transcribe", "--intent", "--command", "echo count the lines in notes dot txt", speech],
            environment: ["INTENT_KEY": Self.key])
        #expect(here.status == 0, "\(here.stderr)")
        let sent = try #require(
            try server.requests().last.flatMap {
                (($0["body"] as? [String: Any])?["messages"] as? [[String: String]])?.last?["content"]
            })
        let directory = FileManager.default.currentDirectoryPath
        #expect(sent.hasPrefix("Server:\nDirectory: \(directory)\nHere: "), "\(sent)")
        // And the ear hears it with those names, as a session's take has the remote's (a
        // recogniser command gets them as VOICESH_CONTEXT_TERMS, one a line).
        let named = try await cli.run(
            [
                "transcribe", "--intent", "--json", "--command",
                "echo count the lines in $(echo \"$VOICESH_CONTEXT_TERMS\" | grep -x Package.swift)", speech,
            ], environment: ["INTENT_KEY": Self.key])
        #expect(named.status == 0, "\(named.stderr)")
        let heard = try #require(
            try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any], "\(named.stdout)")
        #expect(heard["request"] as? String == "count the lines in Package.swift", "\(heard)")
    }
}
