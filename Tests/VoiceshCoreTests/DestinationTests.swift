import Testing

@testable import VoiceshCore

struct DestinationTests {
    @Test(
        arguments: [
            ("prod", nil, "prod", nil),
            ("deploy@prod.example.com", "deploy", "prod.example.com", nil),
            ("deploy@prod:2222", "deploy", "prod", 2222),
            ("10.0.0.1:22", nil, "10.0.0.1", 22),
            ("[::1]:2222", nil, "::1", 2222),
            ("me@[fe80::1]", "me", "fe80::1", nil),
            ("::1", nil, "::1", nil),
            ("a@b@host", "a@b", "host", nil),
        ] as [(String, String?, String, Int?)])
    func parses(text: String, user: String?, host: String, port: Int?) throws {
        let d = try #require(Destination(parsing: text))
        #expect(d.user == user)
        #expect(d.host == host)
        #expect(d.port == port)
    }

    @Test(arguments: ["", "@host", "host:", "host:port", "[::1", "[::1]x", "user@"])
    func rejects(text: String) {
        #expect(Destination(parsing: text) == nil)
    }

    @Test func printsLikeOpenSSH() {
        #expect(Destination(user: "u", host: "h", port: 22).description == "u@h")
        #expect(Destination(user: nil, host: "h", port: 2222).description == "h:2222")
        #expect(Destination(user: "u", host: "::1", port: 2222).description == "u@[::1]:2222")
    }
}
