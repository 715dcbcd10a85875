import Testing

@testable import VoiceshCore

/// Issue 44: a URL is parsed once where it enters, so a bad one is one line there and never
/// reaches a library that traps on it; loopback is an address, not a spelling.
struct CheckedURLTests {
    static let refused: [(String, String)] = [
        ("http://127.0.0.1:99999/v1", "port 99999 is out of range; use 1–65535"),
        ("http://127.0.0.1:0/v1", "port 0 is out of range; use 1–65535"),
        ("http://127.0.0.1:65536", "port 65536 is out of range; use 1–65535"),
        ("http://127.0.0.1:-1/v1", "port -1 is out of range; use 1–65535"),
        ("http://127.0.0.1:/v1", "port  is out of range; use 1–65535"),
        ("http://host:80a/", "port 80a is out of range; use 1–65535"),
        ("http://[::1]:123456/", "port 123456 is out of range; use 1–65535"),
        ("http://user:pw@host/v1", "must not carry a key, token or password; use api_key_env or token_url"),
        ("https://host/v1?api_key=x", "must not carry a key, token or password; use api_key_env or token_url"),
        ("http:///v1", "\"http:///v1\" names no host"),
        ("http://ho st/v1", "\"ho st\" is not a host name or address"),
        ("http://[::1/v1", "\"[::1\" is not a host name or address"),
        ("ftp://host/", "\"ftp://host/\" is not a URL starting with http:// or https://"),
        ("127.0.0.1:8080", "\"127.0.0.1:8080\" is not a URL starting with http:// or https://"),
    ]

    @Test(arguments: refused) func refusedInWords(_ url: String, _ words: String) {
        #expect(throws: (any Error).self) { try CheckedURL(url, schemes: ["http", "https"]) }
        #expect(EngineConfig.urlProblems(url, schemes: ["http", "https"]) == [words], "\(url)")
    }

    @Test func partsAreRead() throws {
        let url = try CheckedURL("HTTP://Example.COM:8443/v1/chat?x=1", schemes: ["http"])
        #expect(url.scheme == "http" && url.host == "example.com" && url.port == 8443 && url.rest == "/v1/chat?x=1")
        #expect(url.effectivePort == 8443 && !url.isSecure)
        let v6 = try CheckedURL("https://[::1]/v1", schemes: ["https"])
        #expect(v6.host == "::1" && v6.port == nil && v6.effectivePort == 443 && v6.hostIsAddress)
    }

    static let loopback: [(String, Bool)] = [
        ("http://127.0.0.1:11434/v1", true), ("http://127.9.8.7/v1", true), ("http://localhost:8080/v1", true),
        ("http://[::1]:8080/v1", true), ("http://LOCALHOST/v1", true),
        // Names that look like loopback are names: they may resolve anywhere.
        ("http://127.attacker.example:18777/v1", false), ("http://127.0.0.1.example/v1", false),
        ("http://localhost.example/v1", false), ("http://10.0.0.1/v1", false), ("http://128.0.0.1/v1", false),
        ("http://127.0.0.256/v1", false),
    ]

    @Test(arguments: loopback) func loopbackIsAnAddress(_ url: String, _ isLoopback: Bool) throws {
        #expect(try CheckedURL(url, schemes: ["http"]).hostIsLoopback == isLoopback, "\(url)")
    }

    /// Repro 1: `config set intent.url http://127.attacker.example:18777/v1 intent.api_key_env
    /// SECRETKEY` was accepted; the bare address is (rightly) too.
    @Test func aKeyInClearGoesOnlyToThisMachine() {
        var settings = IntentSettings(url: "http://127.attacker.example:18777/v1", model: "m", apiKeyEnv: "SECRETKEY")
        #expect(settings.validate().map(\.key) == ["intent.api_key_env"])
        settings.url = "http://127.0.0.1:18777/v1"
        #expect(settings.validate().isEmpty)
        settings.url = "https://127.attacker.example:18777/v1"
        #expect(settings.validate().isEmpty)
        settings.url = "http://127.0.0.1:99999/v1"
        #expect(settings.validate().map(\.message) == ["port 99999 is out of range; use 1–65535"])
    }

    /// The server and stream engines hold to the same rule.
    @Test func anEngineKeyInClearGoesOnlyToThisMachine() {
        var engine = EngineConfig(kind: .server)
        engine.url = "http://127.attacker.example:8080"
        engine.apiKeyEnv = "STT_KEY"
        #expect(engine.validate(table: "engine").map(\.key) == ["engine.api_key_env"])
        engine.url = "http://127.0.0.1:8080"
        #expect(engine.validate(table: "engine").isEmpty)
        var stream = EngineConfig(kind: .stream)
        stream.provider = .generic
        stream.url = "ws://stt.example.com/v1/stream"
        stream.apiKeyEnv = "STT_KEY"
        #expect(stream.validate(table: "engine").map(\.message).contains { $0.hasSuffix("use wss://") })
    }

    /// A profile names which variable goes where; the pairing is what this machine allows.
    @Test func aProfileSaysWhichKeyGoesWhere() {
        var profile = Profile(name: "p", host: "h")
        profile.engine = EngineConfig(kind: .server)
        profile.engine.url = "https://stt.example.com/v1"
        profile.engine.apiKeyEnv = "AWS_SECRET_ACCESS_KEY"
        profile.intent.apiKeyEnv = "TEAM_KEY"
        let config = IntentSettings(url: "https://llm.example.com:8443/v1", model: "m")
        #expect(
            profile.keyPairings(intent: config) == [
                KeyPairing(variable: "AWS_SECRET_ACCESS_KEY", origin: "https://stt.example.com:443"),
                KeyPairing(variable: "TEAM_KEY", origin: "https://llm.example.com:8443"),
            ])
        profile.engine = EngineConfig(kind: .edge)
        profile.intent = IntentOverride()
        #expect(profile.keyPairings(intent: config).isEmpty)
    }
}
