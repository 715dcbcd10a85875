import TLSTrust
import Testing
import VoiceshCore

/// Issue 44: a key in clear goes only to an address that is loopback once the name is
/// resolved, at the request, and then to that address, not to the name again.
struct KeyRouteTests {
    func url(_ text: String) throws -> CheckedURL { try CheckedURL(text, schemes: ["http", "https"]) }

    @Test func aNameThatResolvesAwayGetsNoKey() throws {
        let away = { (_: String) -> [String]? in ["10.99.0.1"] }
        #expect(throws: KeyRouteRefusal.offMachine(host: "127.attacker.example", address: "10.99.0.1")) {
            try KeyRoute.plan(url("http://127.attacker.example:18777/v1"), carriesKey: true, resolve: away)
        }
        // One address away among loopback ones is away.
        let mixed = { (_: String) -> [String]? in ["127.0.0.1", "2001:db8::1"] }
        #expect(throws: KeyRouteRefusal.offMachine(host: "localhost", address: "2001:db8::1")) {
            try KeyRoute.plan(url("http://localhost:8080/v1"), carriesKey: true, resolve: mixed)
        }
        #expect(throws: KeyRouteRefusal.unresolved(host: "nowhere.invalid")) {
            try KeyRoute.plan(url("http://nowhere.invalid/v1"), carriesKey: true, resolve: { _ in nil })
        }
    }

    @Test func aLoopbackNameIsPinnedToItsAddress() throws {
        let route = try KeyRoute.plan(
            url("http://localhost:8080/v1/chat/completions"), carriesKey: true, resolve: { _ in ["::1", "127.0.0.1"] })
        #expect(route == KeyRoute(url: "http://[::1]:8080/v1/chat/completions", hostHeader: "localhost:8080"))
    }

    @Test func tlsOrNoKeyGoesAsWritten() throws {
        let never = { (_: String) -> [String]? in
            Issue.record("resolved")
            return nil
        }
        for (text, key) in [("https://llm.example.com/v1", true), ("http://llm.example.com/v1", false)] {
            #expect(try KeyRoute.plan(url(text), carriesKey: key, resolve: never).url == text)
        }
        #expect(try KeyRoute.plan(url("http://127.0.0.1:9/v1"), carriesKey: true, resolve: never).hostHeader == nil)
    }

    /// The system's resolver, as the requests use it: localhost is this machine.
    @Test func theSystemResolvesLocalhostToLoopback() throws {
        let addresses = try #require(KeyRoute.addresses("localhost"))
        #expect(!addresses.isEmpty)
        #expect(throws: Never.self) { try KeyRoute.plan(url("http://localhost:1/v1"), carriesKey: true) }
    }
}
