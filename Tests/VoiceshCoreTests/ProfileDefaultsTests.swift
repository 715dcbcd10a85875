import Testing
import VoiceshCore

/// config.toml's `[defaults]` under a profile: which keys a profile owns, what it inherits.
struct ProfileDefaultsTests {
    let defaults = ProfileDefaults(entries: [
        .init(key: "send", value: .string("auto")),
        .init(key: "toggle_key", value: .string("f9")),
        .init(key: "port", value: .integer(2222)),
        .init(key: "engine.kind", value: .string("server")),
        .init(key: "engine.url", value: .string("http://stt.example:8080")),
        .init(key: "engine.dialect", value: .string("openai")),
        .init(key: "fallback.kind", value: .string("edge")),
        .init(key: "aliases.run the tests", value: .string("make test")),
        .init(key: "aliases.prod box", value: .string("prod-01")),
    ])

    @Test func aProfileInheritsWhatItDoesNotSet() throws {
        var profile = Profile(name: "p", host: "h")
        try profile.set("toggle_key", to: .string("f8"))
        try profile.set("aliases.prod box", to: .string("prod-02"))
        let used = defaults.applied(to: profile)
        #expect(used.send == .auto && used.port == 2222)
        #expect(used.toggleKey == "f8")
        #expect(used.engine.kind == .server && used.engine.url == "http://stt.example:8080")
        #expect(used.fallback?.kind == .edge)
        #expect(used.aliases == ["run the tests": "make test", "prod box": "prod-02"])
        #expect(defaults.source(of: "send", in: profile) == .defaults)
        #expect(defaults.source(of: "toggle_key", in: profile) == .profile)
        #expect(defaults.source(of: "history", in: profile) == .builtIn)
        #expect(defaults.source(of: "aliases.prod box", in: profile) == .profile)
    }

    @Test func aKeySetToItsBuiltInValueOnPurposeIsKept() throws {
        var profile = Profile(name: "p", host: "h")
        try profile.set("send", to: .string("confirm"))  // the built-in value, said on purpose
        try profile.set("port", to: .integer(22))
        #expect(profile.pinned == ["send", "port"])
        let used = defaults.applied(to: profile)
        #expect(used.send == .confirm && used.port == 22)
        #expect(used.pinned == profile.pinned)
        // Reset: the key is inherited again.
        try profile.set("send", to: nil)
        #expect(defaults.applied(to: profile).send == .auto)
        #expect(profile.pinned == ["port"])
    }

    @Test func enginesAreInheritedWholeNeverKeyByKey() throws {
        var profile = Profile(name: "p", host: "h")
        try profile.set("engine.kind", to: .string("edge"))
        let used = defaults.applied(to: profile)
        // The profile describes its own edge engine: the defaults' server URL must not land in it.
        #expect(used.engine.kind == .edge && used.engine.url == nil && used.engine.dialect == nil)
        #expect(defaults.source(of: "engine.url", in: profile) == .builtIn)
        #expect(defaults.source(of: "engine.kind", in: profile) == .profile)

        var withFallback = Profile(name: "p", host: "h")
        try withFallback.set("fallback.kind", to: .string("server"))
        try withFallback.set("fallback.url", to: .string("http://own:1"))
        #expect(defaults.applied(to: withFallback).fallback?.url == "http://own:1")
    }

    @Test func theFileFormHoldsOnlyTheProfilesOwnKeys() throws {
        var profile = Profile(name: "p", host: "h")
        try profile.set("send", to: .string("confirm"))
        try profile.set("history", to: .string("text+audio"))
        let text = profile.tomlText
        #expect(text == "name = \"p\"\nhost = \"h\"\nsend = \"confirm\"\nhistory = \"text+audio\"\n")
        #expect(!text.contains("[engine]"))

        let shown = profile.effectiveTOMLText(with: defaults)
        #expect(shown.contains("send = \"confirm\"  # profile"))
        #expect(shown.contains("port = 2222  # defaults"))
        #expect(shown.contains("keepalive = 0  # built-in"))
        #expect(shown.contains("[engine]\nkind = \"server\"  # defaults\n"))
        #expect(shown.contains("\"run the tests\" = \"make test\"  # defaults"))
    }

    @Test func defaultsAreCheckedLikeAProfile() {
        let bad = ProfileDefaults(entries: [
            .init(key: "host", value: .string("x"), line: 2),
            .init(key: "send", value: .string("sometimes"), line: 3),
            .init(key: "engine.kind", value: .string("server"), line: 5),
        ])
        let problems = bad.validate().map { "\($0.line ?? 0): \($0)" }
        #expect(problems.contains("2: host: belongs to a profile, not to [defaults]"))
        #expect(problems.contains { $0.hasPrefix("3: send: \"sometimes\" is not one of") })
        #expect(problems.contains { $0.contains("engine.url") })  // a server engine needs a URL
        #expect(defaults.validate().isEmpty)
    }

    @Test func aStoreURLNeverHoldsAPassword() {
        #expect(Config.storeProblem("postgresql://voicesh@db.example/voicesh?sslmode=require") == nil)
        #expect(Config.storeProblem("postgres://db/voicesh") == nil)
        #expect(Config.storeProblem("postgresql://me:secret@db/voicesh")?.contains("~/.pgpass") == true)
        #expect(Config.storeProblem("mysql://db/x")?.contains("not a postgresql:// URL") == true)
    }
}
