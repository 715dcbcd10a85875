import Foundation
import TestFixtures
import Testing

/// Server and stream engines over `https` and `wss`, against the local fixtures serving
/// certificates from a throwaway authority (`TestCA`): trusted through `SSL_CERT_FILE` or a
/// hashed `SSL_CERT_DIR`, and each bad certificate refused in one line naming the host and why.
struct TLSTests {
    let cli: CLI
    let ca: TestCA
    let speech: String

    init() throws {
        cli = try CLI()
        ca = try TestCA()
        speech = try SpeechFiles.speech("git status", in: cli)
    }

    /// The lines voicesh wrote to stderr (`transcribe` writes nothing else there on failure).
    func lines(_ result: CLI.Result) -> [Substring] {
        result.stderr.split(separator: "\n").filter { !$0.hasPrefix("partial: ") }
    }

    /// Why each bad certificate is refused, as the user reads it.
    static let reasons: [(TestCA.Server, String)] = [
        (.expired, "the TLS certificate of 127.0.0.1 expired on 2025-02-01"),
        (.wrongHost, "the TLS certificate of 127.0.0.1 is for wrong.example, not 127.0.0.1"),
        (
            .untrusted,
            "the TLS certificate of 127.0.0.1 is issued by \"voicesh untrusted CA\", which is not a trusted authority here"
        ),
    ]

    // MARK: Server engine (async-http-client)

    func serverProfile(_ server: STTServer) async throws {
        let file = try cli.file(
            "s.toml", "name = \"s\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n")
        try await cli.ok("profile", "import", file)
    }

    func transcribe(_ profile: String, _ environment: [String: String]) async throws -> CLI.Result {
        try await cli.run(
            ["transcribe", "--profile", profile, speech], environment: environment)
    }

    @Test(arguments: ["SSL_CERT_FILE", "SSL_CERT_DIR"])
    func theServerEngineTrustsTheAuthorityTheEnvironmentNames(variable: String) async throws {
        let server = try STTServer(dialect: "openai", text: "git status", arguments: ca.options(.good))
        #expect(server.url.hasPrefix("https://"))
        try await serverProfile(server)
        let value = variable == "SSL_CERT_FILE" ? ca.file : ca.hashedDirectory
        let result = try await transcribe("s", [variable: value])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(try server.requests().count == 1)
    }

    /// `SSL_CERT_DIR` is a list, as OpenSSL reads it: the authority may be in any directory of it.
    @Test func everyDirectoryOfSSLCertDirIsSearched() async throws {
        let server = try STTServer(dialect: "openai", arguments: ca.options(.good))
        try await serverProfile(server)
        let empty = cli.home.appendingPathComponent("empty-ca-dir").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for list in ["\(empty):\(ca.hashedDirectory)", "\(ca.hashedDirectory):\(empty)"] {
            let result = try await transcribe("s", ["SSL_CERT_DIR": list])
            #expect(result.status == 0, "\(list): \(result.stderr)")
            #expect(result.stdout == "git status\n")
        }
        // Neither directory holding it: refused, naming the authority.
        let result = try await transcribe("s", ["SSL_CERT_DIR": empty])
        #expect(result.stderr.contains("is issued by \"voicesh test CA\", which is not a trusted authority"))
    }

    /// Nothing set: the system's store, which does not hold the test authority.
    @Test func withoutTheVariablesTheSystemStoreDecides() async throws {
        let server = try STTServer(dialect: "openai", arguments: ca.options(.good))
        try await serverProfile(server)
        let result = try await transcribe("s", ["SSL_CERT_FILE": "", "SSL_CERT_DIR": ""])
        #expect(result.status == 1)
        let lines = lines(result)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            lines.first?.contains(
                "the TLS certificate of 127.0.0.1 is issued by \"voicesh test CA\", which is not a trusted authority here"
            ) == true, "\(result.stderr)")
        #expect(try server.requests().isEmpty)
    }

    @Test(arguments: reasons)
    func theServerEngineRefusesABadCertificateInOneLine(certificate: TestCA.Server, reason: String) async throws {
        let server = try STTServer(dialect: "openai", arguments: ca.options(certificate))
        try await serverProfile(server)
        let result = try await transcribe("s", ["SSL_CERT_FILE": ca.file])
        #expect(result.status == 1)
        let lines = lines(result)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("voicesh: ") == true, "\(result.stderr)")
        #expect(lines.first?.contains(reason) == true, "\(result.stderr)")
        // The upload never went out: the handshake stopped before any request.
        #expect(try server.requests().isEmpty)
    }

    @Test func aTrustSettingThatNamesNothingUsableIsOneLine() async throws {
        let server = try STTServer(dialect: "openai", arguments: ca.options(.good))
        try await serverProfile(server)
        let missing = cli.home.appendingPathComponent("no-such-ca.pem").path
        var result = try await transcribe("s", ["SSL_CERT_FILE": missing])
        #expect(result.status == 1)
        #expect(lines(result).count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("SSL_CERT_FILE names \(missing), which is not a file"), "\(result.stderr)")
        let notPEM = try cli.file("not-a-ca.pem", "hello\n")
        result = try await transcribe("s", ["SSL_CERT_FILE": notPEM])
        #expect(result.stderr.contains("SSL_CERT_FILE names \(notPEM), which holds no readable PEM certificate"))
        result = try await transcribe("s", ["SSL_CERT_DIR": missing])
        #expect(lines(result).count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("SSL_CERT_DIR names \(missing), which is not a directory"), "\(result.stderr)")
        #expect(try server.requests().isEmpty)
    }

    /// A broken setting matters only to engines that use TLS.
    @Test func aPlainHTTPEngineIgnoresTheTrustSettings() async throws {
        let server = try STTServer(dialect: "openai")
        try await serverProfile(server)
        let result = try await transcribe("s", ["SSL_CERT_FILE": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
    }

    // MARK: Stream engine (NIOWebSocket over NIOSSL, and async-http-client for tokens)

    /// The key is exchanged for a token over `https`, then the audio goes over `wss`.
    @Test(arguments: ["assemblyai", "deepgram"], ["SSL_CERT_FILE", "SSL_CERT_DIR"])
    func theStreamEngineTrustsTheAuthorityTheEnvironmentNames(provider: String, variable: String) async throws {
        let key = "tls-test-key"
        let server = try WSServer(
            provider: provider, text: "git status", arguments: ["--api-key", key] + ca.options(.good))
        #expect(server.url.hasPrefix("wss://"))
        try await cli.streamProfile("w", server, "api_key_env = \"STT_KEY\"\n")
        let value = variable == "SSL_CERT_FILE" ? ca.file : ca.hashedDirectory
        let result = try await transcribe("w", ["STT_KEY": key, variable: value])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(try server.events("token_request").count == 1)
        #expect(try server.events("connect").count == 1)
        #expect(try server.events("binary").isEmpty == false)
        #expect(try server.events("violation").isEmpty)
    }

    /// The stream fixtures are reached by name (`localhost`): see `aSecureStreamURLNeedsAHostName`.
    static let streamReasons = reasons.map { ($0.0, $0.1.replacingOccurrences(of: "127.0.0.1", with: "localhost")) }

    /// The socket itself: no token request before it.
    @Test(arguments: streamReasons)
    func theStreamEngineRefusesABadCertificateInOneLine(certificate: TestCA.Server, reason: String) async throws {
        let server = try WSServer(provider: "deepgram", arguments: ca.options(certificate))
        try await cli.streamProfile("w", server)
        let result = try await transcribe("w", ["SSL_CERT_FILE": ca.file])
        #expect(result.status == 1)
        let lines = lines(result)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            lines.first?.contains("cannot connect to Deepgram at \(server.url): \(reason)") == true, "\(result.stderr)")
        #expect(try server.events("connect").isEmpty)
    }

    /// The token request is refused the same way, before any key is sent.
    @Test(arguments: streamReasons)
    func aTokenEndpointWithABadCertificateIsRefusedInOneLine(certificate: TestCA.Server, reason: String) async throws {
        let server = try WSServer(provider: "assemblyai", arguments: ["--api-key", "k"] + ca.options(certificate))
        try await cli.streamProfile("w", server, "api_key_env = \"STT_KEY\"\n")
        let result = try await transcribe("w", ["STT_KEY": "k", "SSL_CERT_FILE": ca.file])
        #expect(result.status == 1)
        let lines = lines(result)
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("AssemblyAI's token endpoint at https://localhost:\(server.port)") == true)
        #expect(lines.first?.contains(reason) == true, "\(result.stderr)")
        #expect(try server.events("token_request").isEmpty)
    }
}
