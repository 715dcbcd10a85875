import Testing

@testable import VoiceshCore

struct ProfileEditingTests {
    @Test func setAndReadBackEveryKind() throws {
        var p = Profile(name: "a", host: "h")
        try p.set("port", to: .integer(2222))
        try p.set("production", to: .boolean(true))
        try p.set("engine.timeout", to: .integer(12))  // a whole number widens to a float
        try p.set("engine.vocabulary", to: .strings(["kubectl"]))
        try p.set("fallback.kind", to: .string("edge"))
        #expect(p.port == 2222)
        #expect(p.production)
        #expect(p.engine.timeout == 12)
        #expect(p.value(of: "engine.vocabulary") == .strings(["kubectl"]))
        #expect(p.fallback?.kind == .edge)
    }

    @Test func nilResetsAndRemovesFallback() throws {
        var p = Profile(name: "a", host: "h")
        try p.set("user", to: .string("me"))
        try p.set("fallback.kind", to: .string("edge"))
        try p.set("user", to: nil)
        try p.set("fallback", to: nil)
        #expect(p.user == nil)
        #expect(p.fallback == nil)
    }

    @Test func wrongShapeIsReported() {
        var p = Profile(name: "a", host: "h")
        #expect(throws: ProfileProblem(key: "port", message: "expected a whole number, found a string")) {
            try p.set("port", to: .string("22"))
        }
    }

    @Test func unknownKeysGetHints() {
        var p = Profile(name: "a", host: "h")
        #expect(throws: ProfileProblem(key: "engine.urll", message: "unknown key; did you mean \"engine.url\"?")) {
            try p.set("engine.urll", to: .string("x"))
        }
        #expect(throws: ProfileProblem.self) { try p.set("toggel_key", to: .string("f9")) }
        do {
            try p.set("vocabulary", to: .strings([]))
            Issue.record("an engine key at the top level must be refused")
        } catch {
            #expect(error.message.contains("[engine]"))
        }
    }

    @Test func buildCollectsEveryProblemWithLines() {
        let entries = [
            ProfileEntry(key: "name", value: .string("ok"), line: 1),
            ProfileEntry(key: "host", value: .string("h"), line: 2),
            ProfileEntry(key: "port", value: .integer(0), line: 3),
            ProfileEntry(key: "send", value: .string("always"), line: 4),
        ]
        guard case .failure(let found) = Profile.build(from: entries, source: "f.toml") else {
            Issue.record("expected problems")
            return
        }
        #expect(
            found.lines == [
                "f.toml:4: send: \"always\" is not one of \"confirm\", \"auto\"",
                "f.toml:3: port: 0 is out of range; use 1–65535",
            ])
    }

    @Test func tomlQuotingEscapesControlsAndQuotes() {
        #expect(Profile.quoted("a\"b\\c\n\u{1B}") == #""a\"b\\c\n\u001B""#)
        #expect(Profile.toml(.float(30)) == "30.0")
        #expect(Profile.toml(.float(0.6)) == "0.6")
        #expect(Profile.toml(.strings(["a", "b"])) == #"["a", "b"]"#)
    }
}
