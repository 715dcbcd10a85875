import Foundation
import TestFixtures
import Testing

/// `voicesh config …` and the defaults every profile and ad-hoc target inherits, through the
/// real binary with its own config.toml.
struct ConfigCommandTests {
    var configFile: (CLI) -> String { { $0.home.appendingPathComponent("config.toml").path } }

    @Test func setShowUnsetKeepTheFileReadable() async throws {
        let cli = try CLI()
        let empty = try await cli.run("config", "show")
        #expect(empty.status == 0 && empty.stderr.contains("no config file at"))

        _ = try cli.file("config.toml", "# my defaults\n[defaults]\nsend = \"auto\"\n")
        try await cli.ok("config", "set", "toggle_key", "F9")
        try await cli.ok("config", "set", "engine.vocabulary", "kubectl, nginx")
        try await cli.ok("config", "set", "defaults.aliases.run the tests", "make test")
        let text = try String(contentsOfFile: configFile(cli), encoding: .utf8)
        #expect(
            text == """
                # my defaults
                [defaults]
                send = "auto"
                toggle_key = "f9"

                [defaults.engine]
                vocabulary = ["kubectl", "nginx"]

                [defaults.aliases]
                "run the tests" = "make test"

                """)
        #expect(try await cli.ok("config", "show").stdout.contains("toggle_key = \"f9\""))

        try await cli.ok("config", "unset", "send")
        #expect(!(try String(contentsOfFile: configFile(cli), encoding: .utf8)).contains("send"))
        let again = try await cli.run("config", "unset", "send")
        #expect(again.status == 1 && again.stderr.contains("defaults.send is not set in"))
    }

    @Test func aBadValueIsOneLineAndChangesNothing() async throws {
        let cli = try CLI()
        _ = try cli.file("config.toml", "[defaults]\nsend = \"auto\"\n")
        let before = try String(contentsOfFile: configFile(cli), encoding: .utf8)
        for (arguments, message) in [
            (["send", "sometimes"], "defaults.send: \"sometimes\" is not one of"),
            (["port", "ssh"], "defaults.port: \"ssh\" is not a whole number"),
            (["host", "x"], "defaults.host: belongs to a profile, not to [defaults]"),
            (["engine.kind", "server"], "defaults.engine.url: is required for a server engine"),
            (["store", "postgresql://me:pw@db/x"], "store: holds a password; keep it in ~/.pgpass or PGPASSWORD"),
            (["colour", "red"], "defaults.colour: unknown key"),
        ] {
            let result = try await cli.run(["config", "set"] + arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try String(contentsOfFile: configFile(cli), encoding: .utf8) == before)

        // A broken file by hand: every command that reads it names the file, the line and the key.
        _ = try cli.file("config.toml", "[defaults]\n\nsend = \"never\"\n")
        let broken = try await cli.run("profile", "list")
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("config.toml:3: defaults.send:"), "\(broken.stderr)")
    }

    @Test func profilesInheritWhatTheyDoNotSet() async throws {
        let cli = try CLI()
        try await cli.ok("config", "set", "send", "auto")
        try await cli.ok("config", "set", "keepalive", "30")
        try await cli.ok("profile", "add", "plain", "--host", "a.example")
        try await cli.ok("profile", "add", "careful", "--host", "b.example")
        try await cli.ok("profile", "set", "careful", "send=confirm", "keepalive=0")

        let plain = try await cli.ok("profile", "show", "plain", "--effective").stdout
        #expect(plain.contains("send = \"auto\"  # defaults"), "\(plain)")
        #expect(plain.contains("keepalive = 30  # defaults"))
        #expect(plain.contains("host = \"a.example\"  # profile"))
        #expect(plain.contains("history = \"text\"  # built-in"))
        // Set on purpose to the built-in value: kept over the default.
        let careful = try await cli.ok("profile", "show", "careful", "--effective").stdout
        #expect(careful.contains("send = \"confirm\"  # profile"))
        #expect(careful.contains("keepalive = 0  # profile"))
        // The file form holds only the profile's own keys, so an import elsewhere inherits there.
        #expect(try await cli.ok("profile", "export", "plain").stdout == "name = \"plain\"\nhost = \"a.example\"\n")
        #expect(try await cli.ok("profile", "export", "careful").stdout.contains("keepalive = 0\nsend = \"confirm\"\n"))

        let json = try await cli.ok("profile", "show", "plain", "--effective", "--json").stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let send = rows.first { $0["key"] as? String == "send" }
        #expect(send?["value"] as? String == "auto" && send?["source"] as? String == "defaults")

        // Resetting a key hands it back to the defaults.
        try await cli.ok("profile", "set", "careful", "send=")
        #expect(
            try await cli.ok("profile", "show", "careful", "--effective").stdout.contains("send = \"auto\"  # defaults")
        )
        let row = try await cli.ok("profile", "list").stdout.split(separator: "\n").first { $0.hasPrefix("careful ") }
        #expect(row?.split(separator: " ") == ["careful", "b.example", "edge/pocketsphinx", "-", "auto", "text"])
    }

    @Test func theDefaultEngineServesProfilesWithoutOneAndAdHocRuns() async throws {
        let cli = try CLI()
        let recogniser = try cli.script("recogniser.sh", "#!/bin/sh\necho 'git status'\n")
        let other = try cli.script("other.sh", "#!/bin/sh\necho 'make test'\n")
        let wav = cli.home.appendingPathComponent("tone.wav").path
        try SpeechFiles.voice(seconds: 0.5, at: wav)  // a voice: every engine is behind the speech gate

        // Keys that need each other are set together, as `profile set` takes them.
        let alone = try await cli.run("config", "set", "engine.recognizer", "command")
        #expect(alone.status != 0 && alone.stderr.contains("defaults.engine.command: is required"))
        try await cli.ok("config", "set", "engine.recognizer", "command", "engine.command", "\(recogniser) {wav}")
        // No profile at all: the defaults' engine hears it.
        #expect(try await cli.ok("transcribe", wav).stdout == "git status\n")
        // A profile without an engine of its own inherits it; one with its own keeps its own.
        try await cli.ok("profile", "add", "plain", "--host", "a.example")
        #expect(try await cli.ok("transcribe", "--profile", "plain", wav).stdout == "git status\n")
        try await cli.ok(
            "profile", "add", "own", "--host", "b.example", "--recognizer", "command", "--command", "\(other) {wav}")
        #expect(try await cli.ok("transcribe", "--profile", "own", wav).stdout == "make test\n")
    }
}
