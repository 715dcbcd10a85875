import Foundation
import ProfileFormat
import Testing
import VoiceshCore

struct ProfileTOMLTests {
    static let profilesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("profiles")

    func problems(_ text: String) -> [String] {
        ProfileProblems.lines { () throws(ProfileProblems) in try ProfileTOML.profiles(fromText: text, source: "f.toml")
        }
    }

    @Test func readsTheContractExample() throws {
        let text = """
            name = "prod"
            host = "prod.example.com"
            port = 22
            user = "deploy"
            identity = "~/.ssh/id_ed25519"
            toggle_key = "ctrl-]"
            send = "confirm"
            history = "text"
            production = false

            [engine]
            kind = "edge"
            timeout = 30
            language = "en"
            vocabulary = ["kubectl", "nginx"]
            min_confidence = 0.6

            [fallback]
            kind = "server"
            url = "http://127.0.0.1:8080"
            """
        let p = try #require(try ProfileTOML.profiles(fromText: text, source: "f.toml").first)
        #expect(p.name == "prod")
        #expect(p.user == "deploy")
        #expect(p.engine.vocabulary == ["kubectl", "nginx"])
        #expect(p.engine.minConfidence == 0.6)
        #expect(p.engine.timeout == 30)
        #expect(p.fallback?.kind == .server)
        #expect(p.fallback?.url == "http://127.0.0.1:8080")
    }

    @Test func problemsNameTheFileAndLine() {
        let text = """
            name = "prod"
            host = "h"
            port = 99999
            toggle_kye = "f9"

            [engine]
            kind = "server"
            """
        #expect(
            problems(text) == [
                "f.toml:3: port: 99999 is out of range; use 1–65535",
                "f.toml:4: toggle_kye: unknown key; did you mean \"toggle_key\"?",
                "f.toml:6: engine.url: is required for a server engine (e.g. \"http://127.0.0.1:8080\")",
            ])
    }

    @Test func syntaxErrorsNameTheLine() {
        let lines = problems("name = \"a\"\nhost = \"h\"\nport = = 3\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("f.toml:3: not valid TOML") == true)
    }

    /// Found by the fuzz targets (Fuzz/Sources/FuzzProfileTOML, FuzzConfigTOML): a header with
    /// no name after its `[` stopped the TOML library on an assertion (undefined behaviour in a
    /// release build). It is a syntax error on its line; a `[` in a string, a comment or a
    /// value's array is no header.
    @Test func aHeaderWithoutANameIsASyntaxError() throws {
        let refusal = "not valid TOML: a table header without a name after its ["
        for header in ["[=", "[ = \"x\"]", "[#]", "[[[a]]]", "[\u{FFFD}]", "[ .a]", "["] {
            #expect(problems("name = \"a\"\nhost = \"h\"\n\(header)\n") == ["f.toml:3: \(refusal)"], "\(header)")
        }
        #expect(problems("\u{FEFF}[=\n") == ["f.toml:1: \(refusal)"])
        let config = ProfileProblems.lines { () throws(ProfileProblems) in
            _ = try ConfigTOML.config(fromText: "[defaults]\nsend = \"auto\"\n[[=\n", source: "config.toml")
        }
        #expect(config == ["config.toml:3: \(refusal)"])

        // And a `}` where an array expects a value stopped it in the same way.
        for array in ["[}", "[ }", "[\"x\",}", "[\"x\", # c\n}", "[\"x\" }"] {
            #expect(
                problems("name = \"a\"\nhost = \"h\"\nvocabulary = \(array)\n").map {
                    $0.hasSuffix(": not valid TOML: a } inside an array")
                } == [true], "\(array)")
        }
        #expect(
            problems("name = \"a\"\nhost = \"h\"\nvocabulary = [{a = 1}]\n").first?.contains("inside an array") == false
        )

        let text = """
            name = "a"
            host = "h"

            [engine]
            kind = "edge"
            vocabulary = [
              "x", # [=
              "[=",
            ]

            [aliases]
            "open bracket" = '[='
            """
        let profile = try #require(try ProfileTOML.profiles(fromText: text, source: "f.toml").first)
        #expect(profile.aliases["open bracket"] == "[=" && profile.engine.vocabulary == ["x", "[="])
        let multiLine = "name = \"a\"\nhost = \"h\"\n[aliases]\n\"b\" = \"\"\"\n[=\n\\\"\"\"\"\n"
        // Read as TOML, refused only for its newline.
        #expect(problems(multiLine).map { $0.contains("aliases.b: the text must not hold") } == [true])
    }

    @Test func shapesNoKeyTakesAreRefused() {
        #expect(
            problems("name = \"a\"\nhost = \"h\"\nport = \"22\"\n") == [
                "f.toml:3: port: expected a whole number, found a string"
            ])
        #expect(
            problems("name = \"a\"\nhost = \"h\"\nwhen = 1979-05-27\n").first?.contains("when: a date is not allowed")
                == true)
        #expect(
            problems("name = \"a\"\nhost = \"h\"\n[engin]\nkind = \"edge\"\n") == [
                "f.toml:3: engin: unknown table; did you mean [engine]?"
            ])
    }

    @Test func aliasesAreAFreeFormTable() throws {
        let text = """
            name = "a"
            host = "h"

            [aliases]
            "prod box" = "prod-01.example.com"
            deploy = "./deploy.sh --env prod"
            """
        let p = try #require(try ProfileTOML.profiles(fromText: text, source: "f.toml").first)
        #expect(p.aliases == ["prod box": "prod-01.example.com", "deploy": "./deploy.sh --env prod"])
        #expect(
            problems("name = \"a\"\nhost = \"h\"\n[aliases]\nx = 3\n") == ["f.toml:3: aliases.x: expected a string"])
    }

    /// A profile's `[intent]` keys go over config.toml's one by one; with `url` it names an
    /// endpoint of its own (or `""`, the local model) and must say its model.
    @Test func intentIsATableOfTheProfilesOwnKeys() throws {
        let text = """
            name = "a"
            host = "h"

            [intent]
            url = "https://llm.example.com/v1"
            model = "coder"
            context = true
            """
        let p = try #require(try ProfileTOML.profiles(fromText: text, source: "f.toml").first)
        #expect(p.intent.url == "https://llm.example.com/v1" && p.intent.model == "coder" && p.intent.context == true)
        #expect(
            p.tomlText.hasSuffix("[intent]\nurl = \"https://llm.example.com/v1\"\nmodel = \"coder\"\ncontext = true\n"))
        var config = IntentSettings(url: "https://api.openai.com/v1", model: "gpt-4o-mini", apiKeyEnv: "OPENAI_API_KEY")
        config.timeout = 40
        let settings = try p.intentSettings(over: config)
        #expect(settings.url == "https://llm.example.com/v1" && settings.model == "coder" && settings.apiKeyEnv == nil)
        #expect(settings.sendsContext && settings.timeout == 40)

        var local = Profile(name: "b", host: "h")
        try local.set("intent.url", to: .string(""))
        #expect(try local.intentSettings(over: config).isLocal)
        var onlyContext = Profile(name: "c", host: "h")
        try onlyContext.set("intent.context", to: .boolean(true))
        #expect(try onlyContext.intentSettings(over: config).url == config.url)
        // Keys without url go with config.toml's endpoint: a mix that cannot work is said at use.
        var keyOnly = Profile(name: "d", host: "h")
        try keyOnly.set("intent.api_key_env", to: .string("TEAM_KEY"))
        #expect(keyOnly.validate().isEmpty)
        #expect(throws: ProfileProblems.self) { try keyOnly.intentSettings(over: IntentSettings()) }

        #expect(
            problems("name = \"a\"\nhost = \"h\"\n[intent]\nurl = \"https://x.example.com/v1\"\n")
                == ["f.toml:3: intent.model: is needed with url: the endpoint serves the model it names"])
        #expect(problems("name = \"a\"\nhost = \"h\"\n[intent]\nbogus = 1\n").first?.contains("intent.bogus") == true)
    }

    @Test func manyProfilesAreAllOrNothing() throws {
        let good = """
            [[profile]]
            name = "a"
            host = "a.example.com"

            [[profile]]
            name = "b"
            host = "b.example.com"
            [profile.engine]
            kind = "edge"
            """
        #expect(try ProfileTOML.profiles(fromText: good, source: "f.toml").map(\.name) == ["a", "b"])
        let bad = good + "\n\n[[profile]]\nname = \"c\"\nhost = \"c\"\nport = 0\n"
        #expect(problems(bad) == ["f.toml:14: port: 0 is out of range; use 1–65535"])
        #expect(problems(good + "\n[[profile]]\nname = \"a\"\nhost = \"x\"\n").first?.contains("appears twice") == true)
    }

    @Test func exportThenImportGivesTheSameProfile() throws {
        var p = Profile(name: "round", host: "::1")
        p.port = 2200
        p.user = "me"
        p.toggleKey = "f9"
        p.history = .textAndAudio
        p.autoStop = 1.5
        p.engine.kind = .stream
        p.engine.provider = .generic
        p.engine.url = "ws://127.0.0.1:9/x"
        p.engine.vocabulary = ["a \"quoted\" term", "back\\slash"]
        p.engine.minConfidence = 0.25
        p.fallback = EngineConfig(kind: .server)
        p.fallback?.url = "http://127.0.0.1:8080"
        p.fallback?.dialect = .whisperCpp
        p.aliases = ["prod box": "prod-01.example.com", "show me": "ls -la", "quote \"x\"": "y"]
        p.intent.context = true
        p.intent.warm = false
        let back = try ProfileTOML.profiles(fromText: p.tomlText, source: "export")
        #expect(back == [p])
    }

    @Test func autoStopIsAKeyLikeAnyOther() throws {
        let text = "name = \"a\"\nhost = \"h\"\nauto_stop = 2\n"
        #expect(try ProfileTOML.profiles(fromText: text, source: "f.toml").first?.autoStop == 2)
        #expect(problems("name = \"a\"\nhost = \"h\"\nauto_stop = 99\n").contains { $0.contains("auto_stop") })
        #expect(problems("name = \"a\"\nhost = \"h\"\nauto_stop = \"soon\"\n").contains { $0.contains("auto_stop") })
        var p = Profile(name: "a", host: "h")
        try p.set("auto_stop", to: .float(3))
        #expect(p.autoStop == 3 && p.tomlText.contains("auto_stop = 3"))
    }

    /// Every example in profiles/ is valid, and together they cover every engine kind,
    /// dialect and provider.
    @Test func everyExampleProfileImports() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.profilesDirectory.path)
            .filter { $0.hasSuffix(".toml") }.sorted()
        var profiles: [Profile] = []
        for file in files {
            let text = try String(contentsOf: Self.profilesDirectory.appendingPathComponent(file), encoding: .utf8)
            profiles += try ProfileTOML.profiles(fromText: text, source: file)
        }
        #expect(files.count >= 8)
        #expect(Set(profiles.map(\.name)).count == profiles.count)
        let engines = profiles.map(\.engine)
        #expect(Set(engines.compactMap(\.dialect)) == Set(ServerDialect.allCases))
        #expect(Set(engines.compactMap(\.provider)) == Set(StreamProvider.allCases))
        #expect(Set(engines.map { $0.recognizer ?? .pocketsphinx }.filter { _ in true }).isSuperset(of: [.command]))
        #expect(engines.contains { $0.kind == .edge && ($0.recognizer ?? .pocketsphinx) == .pocketsphinx })
    }
}
