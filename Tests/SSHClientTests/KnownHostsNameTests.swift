import Testing

@testable import SSHClient

/// The name a host is looked up and written under in known_hosts, as OpenSSH spells it.
struct KnownHostsNameTests {
    @Test func namesAreLowerCaseAndBracketedOffPort22() {
        #expect(KnownHosts.name(host: "Prod.Example.COM", port: 22) == "prod.example.com")
        #expect(KnownHosts.name(host: "Prod.Example.COM", port: 2222) == "[prod.example.com]:2222")
        #expect(KnownHosts.name(host: "FE80::1", port: 22) == "fe80::1")
    }
}
