import ProfileFormat
import Testing
import VoiceshCore

/// config.toml: read with every problem on its line, and edited a line at a time.
struct ConfigTOMLTests {
    func problems(_ text: String) -> [String] {
        ProfileProblems.lines { () throws(ProfileProblems) in
            try ConfigTOML.config(fromText: text, source: "config.toml")
        }
    }

    /// `[intent]` is config.toml's own table; under `[defaults]` it is no profile default.
    @Test func intentIsNoDefault() {
        let lines = problems("[defaults.intent]\ncontext = true\n")
        #expect(lines.count == 1 && lines.first?.contains("defaults.intent") == true, "\(lines)")
    }

    @Test func readsTheStoreAndTheDefaults() throws {
        let text = """
            # shared with the team
            store = "postgresql://voicesh@db.example/voicesh"

            [defaults]
            send = "auto"
            toggle_key = "F9"

            [defaults.engine]
            kind = "server"
            url = "http://127.0.0.1:8080"

            [defaults.aliases]
            "run the tests" = "make test"
            """
        let config = try ConfigTOML.config(fromText: text, source: "config.toml")
        #expect(config.store == "postgresql://voicesh@db.example/voicesh")
        let used = config.defaults.applied(to: Profile(name: "p", host: "h"))
        #expect(used.send == .auto && used.toggleKey == "f9")
        #expect(used.engine.kind == .server && used.engine.url == "http://127.0.0.1:8080")
        #expect(used.aliases["run the tests"] == "make test")
        #expect(try ConfigTOML.config(fromText: "", source: "c") == Config())
    }

    @Test func everyProblemNamesItsLineAndKey() {
        #expect(
            problems("[defaults]\nsend = \"maybe\"\nport = 0\n") == [
                "config.toml:2: defaults.send: \"maybe\" is not one of \"confirm\", \"auto\"",
                "config.toml:3: defaults.port: 0 is out of range; use 1–65535",
            ])
        #expect(
            problems("[defaults]\nname = \"x\"\n") == [
                "config.toml:2: defaults.name: belongs to a profile, not to [defaults]"
            ])
        #expect(
            problems("stor = \"postgresql://db/x\"\n") == ["config.toml:1: stor: unknown key; did you mean \"store\"?"])
        #expect(problems("[defaults.engine]\nkind = \"server\"\n").first?.contains("defaults.engine.url") == true)
        #expect(
            problems("[defaults]\ntogle_key = \"f9\"\n").first?.hasPrefix("config.toml:2: defaults.togle_key:") == true)
        #expect(problems("store = \"postgresql://u:pw@db/x\"\n").first?.contains("~/.pgpass") == true)
        #expect(problems("[defaults\n").first?.contains("not valid TOML") == true)
    }

    @Test func theIntentTableIsReadAndCheckedOnItsLines() throws {
        let config = try ConfigTOML.config(
            fromText: "[intent]\nurl = \"http://127.0.0.1:11434/v1\"\nmodel = \"qwen2.5-coder:1.5b\"\ncontext = true\n",
            source: "config.toml")
        #expect(config.intent.url == "http://127.0.0.1:11434/v1" && config.intent.model == "qwen2.5-coder:1.5b")
        #expect(config.intent.sendsContext && !config.intent.isLocal)
        #expect(try ConfigTOML.config(fromText: "[intent]\n", source: "c").intent == IntentSettings())
        #expect(IntentSettings().isLocal && IntentSettings().sendsContext)
        #expect(!IntentSettings(url: "https://api.openai.com/v1", model: "gpt-4o-mini").sendsContext)
        #expect(
            problems("[intent]\nurl = \"ftp://x\"\nmodel = \"m\"\n") == [
                "config.toml:2: intent.url: \"ftp://x\" is not a URL starting with http:// or https://"
            ])
        #expect(
            problems("[intent]\nendpoint = \"x\"\n") == [
                "config.toml:2: intent.endpoint: unknown key; [intent] has url, model, api_key_env, context, timeout, warm, persist, examples"
            ])
        #expect(
            problems("[intent]\ncontext = \"yes\"\n") == [
                "config.toml:2: intent.context: expected true or false, found a string"
            ])
        #expect(problems("[intent]\napi_key_env = \"KEY\"\n").first?.contains("goes with url") == true)
        #expect(problems("intent = 3\n") == ["config.toml:1: intent: must be a table: [intent]"])
    }

    @Test func editingKeepsEveryOtherLine() {
        let text =
            "# mine\nstore = \"postgresql://db/x\"\n\n[defaults]\n# why auto\nsend = \"auto\"\n\n[other]\nx = 1\n"
        // Replace in place.
        #expect(
            ConfigText.setting("send", in: "defaults", to: "\"confirm\"", text: text)
                == "# mine\nstore = \"postgresql://db/x\"\n\n[defaults]\n# why auto\nsend = \"confirm\"\n\n[other]\nx = 1\n"
        )
        // A new key goes after the table's last key.
        #expect(
            ConfigText.setting("port", in: "defaults", to: "2222", text: text)
                == "# mine\nstore = \"postgresql://db/x\"\n\n[defaults]\n# why auto\nsend = \"auto\"\nport = 2222\n\n[other]\nx = 1\n"
        )
        // A new table goes at the end; a phrase is quoted.
        #expect(
            ConfigText.setting("run the tests", in: "defaults.aliases", to: "\"make test\"", text: "")
                == "[defaults.aliases]\n\"run the tests\" = \"make test\"\n")
        // Removing a key leaves the rest.
        #expect(
            ConfigText.setting("store", in: "", to: nil, text: text)
                == "# mine\n\n[defaults]\n# why auto\nsend = \"auto\"\n\n[other]\nx = 1\n")
        // A top-level key goes before the first table.
        #expect(
            ConfigText.setting("store", in: "", to: "\"postgresql://db/y\"", text: "[defaults]\nsend = \"auto\"\n")
                == "store = \"postgresql://db/y\"\n[defaults]\nsend = \"auto\"\n")
    }
}
