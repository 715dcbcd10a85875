import Foundation
import Testing

@testable import VoiceshCore

/// ssh_config resolution: table-driven against files in memory, and against `ssh -G` itself,
/// which prints the options it resolved: a perfect oracle.
struct SSHConfigResolverTests {
    static let local = SSHConfig.Local(home: "/home/me", user: "me", hostName: "laptop.lan")

    /// Resolves `host` with `files` (path → text); the first path is the user's config.
    func resolve(
        _ host: String, _ files: [String: String], first: String = "/home/me/.ssh/config", user: String? = nil,
        commandLine: [(String, String)] = []
    ) throws -> SSHOptions {
        let resolver = SSHConfigResolver(
            local: Self.local, read: { files[$0] },
            glob: { pattern in files.keys.filter { SSHConfigResolver.glob($0, pattern) }.sorted() })
        return try resolver.resolve(
            host: host, user: user, commandLine: commandLine, files: [.init(path: first, isUser: true)])
    }

    @Test(
        arguments: [
            // Host aliases, wildcards, negation; the first obtained value wins.
            (
                "Host web1\n  HostName 10.0.0.5\n  Port 2222\nHost *\n  Port 22\n  User ops\n", "web1", "10.0.0.5",
                2222, "ops"
            ),
            ("Host *.prod !db.prod\n  User deploy\nHost *\n  User me2\n", "api.prod", "api.prod", nil, "deploy"),
            ("Host *.prod !db.prod\n  User deploy\nHost *\n  User me2\n", "db.prod", "db.prod", nil, "me2"),
            ("Host w?\n  HostName %h.example.com\n", "w1", "w1.example.com", nil, nil),
            ("Host a b\n  HostName one\nHost b\n  HostName two\n", "b", "one", nil, nil),
            // Lines before any Host apply to every host.
            ("Port 2200\nHost x\n  Port 3300\n", "x", "x", 2200, nil),
            // Match host tests the HostName already set; originalhost the name typed.
            (
                "Host web\n  HostName web.internal\nMatch host *.internal\n  User svc\n", "web", "web.internal", nil,
                "svc"
            ),
            ("Match originalhost web\n  User typed\n", "web", "web", nil, "typed"),
            ("Match !host db*\n  Port 2022\n", "web", "web", 2022, nil),
            ("Match user root\n  Port 1\nMatch localuser me\n  Port 2\n", "h", "h", 2, nil),
            ("Match all\n  User everyone\n", "h", "h", nil, "everyone"),
            ("Match canonical\n  User c\n", "h", "h", nil, nil),
            // Match final applies after everything else, in a second pass.
            ("Match final\n  User late\nHost h\n  User early\n", "h", "h", nil, "early"),
            ("Match final\n  User late\n", "h", "h", nil, "late"),
        ] as [(String, String, String, Int?, String?)])
    func resolvesHostAndMatch(config: String, host: String, hostName: String, port: Int?, user: String?) throws {
        let options = try resolve(host, ["/home/me/.ssh/config": config])
        #expect(options.hostName == hostName)
        #expect(options.port == port)
        #expect(options.user == user)
    }

    @Test func includeIsRelativeToDotSSHAndKeepsTheBlockState() throws {
        let files = [
            "/home/me/.ssh/config": "Include conf.d/*.conf\nHost other\n  Include extra\nHost *\n  User fallback\n",
            "/home/me/.ssh/conf.d/10-web.conf": "Host web\n  HostName web.example\n  Port 2201\n",
            "/home/me/.ssh/conf.d/20-db.conf": "Host db web\n  HostName db.example\n  User dba\n",
            "/home/me/.ssh/extra": "User never\n",
        ]
        let web = try resolve("web", files)
        #expect(web.hostName == "web.example")
        #expect(web.port == 2201)
        #expect(web.user == "dba")
        #expect(web.sources["hostname"] == "/home/me/.ssh/conf.d/10-web.conf line 2")
        // An Include inside a Host block that does not apply reads nothing from that file.
        #expect(try resolve("db", files).user == "dba")
        #expect(try resolve("zzz", files).user == "fallback")
        #expect(try resolve("other", files).user == "never")
    }

    @Test func commandLineAndDestinationComeFirst() throws {
        let files = ["/home/me/.ssh/config": "Host web\n  User cfg\n  Port 2222\n  IdentityFile ~/.ssh/web\n"]
        let options = try resolve("web", files, user: "typed", commandLine: [("Port", "3333"), ("port", "4444")])
        #expect(options.port == 3333)
        #expect(options.user == "typed")
        #expect(options.sources["port"] == "-o")
        #expect(options.identityFiles == ["~/.ssh/web"])
        let onlyO = try resolve("web", files, commandLine: [("IdentityFile", "/k/first")])
        #expect(onlyO.identityFiles == ["/k/first", "~/.ssh/web"])
    }

    @Test func valuesAndTokens() throws {
        let config = """
            Host jumpy
              HostName 10.1.1.1
              ProxyJump bastion,ops@gate:2222
              ForwardAgent yes
              ServerAliveInterval 1m30s
              ConnectTimeout 7
              StrictHostKeyChecking accept-new
              IdentitiesOnly yes
              UserKnownHostsFile ~/.ssh/kh_%h_%p %d/.ssh/other
              User u
              Port 2022
            """
        let options = try resolve("jumpy", ["/home/me/.ssh/config": config])
        #expect(
            options.jumps == [
                .init(user: nil, host: "bastion", port: nil), .init(user: "ops", host: "gate", port: 2222),
            ])
        #expect(options.forwardAgent == true)
        #expect(options.serverAliveInterval == 90)
        #expect(options.connectTimeout == 7)
        #expect(options.strictHostKeyChecking == .acceptNew)
        #expect(options.identitiesOnly == true)
        #expect(options.userKnownHostsFiles == ["/home/me/.ssh/kh_10.1.1.1_2022", "/home/me/.ssh/other"])
        let resolver = SSHConfigResolver(local: Self.local, read: { _ in nil }, glob: { _ in [] })
        #expect(
            try resolver.expand("~/.ssh/id_%r@%h:%p-%u-%n-%%", options: options, host: "jumpy", keyword: "IdentityFile")
                == "/home/me/.ssh/id_u@10.1.1.1:2022-me-jumpy-%")
        #expect(throws: SSHConfigResolver.Problem.self) {
            try resolver.expand("~/.ssh/%C", options: options, host: "jumpy", keyword: "IdentityFile")
        }
    }

    /// A ProxyCommand runs in a shell: a user or host name that would be shell syntax there is
    /// refused, as OpenSSH refuses it (CVE-2023-51385); a plain one is passed as it is.
    @Test func aProxyCommandNeverPassesShellSyntaxInAName() throws {
        let resolver = SSHConfigResolver(local: Self.local, read: { _ in nil }, glob: { _ in [] })
        var options = try resolve("h", ["/home/me/.ssh/config": "ProxyCommand nc %h %p -u %r\n"])
        options.user = "ops"
        #expect(
            try resolver.expand("nc %h %p -u %r", options: options, host: "h", keyword: "ProxyCommand")
                == "nc h 22 -u ops")
        for user in ["x$(id)", "a;b", "`id`", "-oProxyCommand=x", "a b"] {
            options.user = user
            #expect(throws: SSHConfigResolver.Problem.self, "\(user)") {
                try resolver.expand("nc %h %p -u %r", options: options, host: "h", keyword: "ProxyCommand")
            }
        }
        // Elsewhere (a file name) the same name is no shell's to read.
        #expect(
            try resolver.expand("~/.ssh/id_%r", options: options, host: "h", keyword: "IdentityFile")
                == "/home/me/.ssh/id_a b")
    }

    @Test func proxyJumpAndProxyCommandExcludeEachOther() throws {
        let jumpFirst = try resolve("h", ["/home/me/.ssh/config": "ProxyJump gate\nProxyCommand nc %h %p\n"])
        #expect(jumpFirst.proxyJump == "gate")
        #expect(jumpFirst.proxyCommand == nil)
        let none = try resolve("h", ["/home/me/.ssh/config": "Host h\n  ProxyJump none\nHost *\n  ProxyJump gate\n"])
        #expect(none.jumps == nil)
    }

    @Test(
        arguments: [
            ("Match exec \"true\"\n  User x\n", "Match exec would run a command"),
            ("Port 99999\n", "line 1: Badly formatted port number."),
            ("IdentitiesOnly perhaps\n", "Bad yes/no argument"),
            ("Match tagged x\n", "Unsupported Match attribute tagged"),
            ("ConnectTimeout soon\n", "invalid time value"),
            ("ProxyJump -oProxyCommand=x\n", "invalid ProxyJump"),
        ])
    func refusesWithOneLine(config: String, message: String) throws {
        let error = #expect(throws: SSHConfigResolver.Problem.self) {
            try resolve("h", ["/home/me/.ssh/config": config])
        }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    // MARK: - ssh -G as the oracle

    static let oracleCases: [(files: [String: String], hosts: [String])] = [
        (
            [
                "main": """
                Include DIR/inc/*.conf
                Host web1
                  HostName 10.0.0.5
                  User deploy
                  IdentityFile ~/.ssh/web_%h
                  IdentityFile ~/.ssh/second
                Host *.prod !db.prod
                  Port 2222
                  ProxyJump bastion,ops@gate:2200
                Match host 10.0.0.*
                  ServerAliveInterval 45
                  ForwardAgent yes
                Host *
                  ConnectTimeout 9
                  StrictHostKeyChecking accept-new
                  UserKnownHostsFile ~/.ssh/kh_%h_%p_%r
                """,
                "inc/a.conf": "Host api.prod\n  User api\n  IdentitiesOnly yes\n",
                "inc/b.conf": "Host web1 api.prod\n  Port 2022\n  User ignored\n",
            ], ["web1", "api.prod", "db.prod", "WEB1", "other"]
        ),
        (
            [
                "main": """
                Host alias
                  HostName %h.example.com
                Match originalhost alias user root,nobody
                  Port 2001
                Match !user root
                  Port 2002
                Match final host *.example.com
                  ServerAliveInterval 5
                Host *
                  Include DIR/late.conf
                """,
                "late.conf": "Host alias\n  StrictHostKeyChecking no\n  ForwardAgent no\nHost *\n  ConnectTimeout 1m\n",
            ], ["alias", "b"]
        ),
    ]

    @Test(arguments: 0..<oracleCases.count)
    func agreesWithSSHDashG(index: Int) throws {
        // The oracle is needed: scripts/setup installs openssh-client; without it this fails.
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh"), "no /usr/bin/ssh: run scripts/setup")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ssh-oracle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (files, hosts) = Self.oracleCases[index]
        var written: [String: String] = [:]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let body = text.replacingOccurrences(of: "DIR", with: directory.path)
            try body.write(to: url, atomically: true, encoding: .utf8)
            written[url.path] = body
        }
        // ssh takes the home directory and the user from the password database.
        let account = try #require(getpwuid(getuid()))
        let local = SSHConfig.Local(
            home: String(cString: account.pointee.pw_dir), user: String(cString: account.pointee.pw_name),
            hostName: ProcessInfo.processInfo.hostName)
        let resolver = SSHConfigResolver(
            local: local, read: { written[$0] },
            glob: { pattern in written.keys.filter { SSHConfigResolver.glob($0, pattern) }.sorted() })
        let main = directory.appendingPathComponent("main").path
        for host in hosts {
            let ssh = SSHConfig.Resolved(output: try Self.sshG(["-G", "-F", main, "--", host]))
            let ours = try resolver.resolve(host: host, files: [.init(path: main, isUser: true)])
            #expect(Self.printed(ours, local: local) == Self.printed(from: ssh, ours: ours), "host \(host)")
        }
    }

    /// The keywords voicesh resolves, as ssh -G prints them.
    static let keywords = [
        "hostname", "user", "port", "identityfile", "identitiesonly", "userknownhostsfile", "stricthostkeychecking",
        "serveraliveinterval", "connecttimeout", "proxyjump", "forwardagent",
    ]

    /// ssh's values for those keywords; the default key and known_hosts lists are not compared
    /// (voicesh keeps its own when the config names none).
    static func printed(from ssh: SSHConfig.Resolved, ours: SSHOptions) -> [String: String] {
        var out: [String: String] = [:]
        for keyword in keywords where !ssh.all(keyword).isEmpty {
            if keyword == "identityfile", ours.identityFiles.isEmpty { continue }
            if keyword == "userknownhostsfile", ours.userKnownHostsFiles == nil { continue }
            out[keyword] = ssh.all(keyword).joined(separator: "|")
        }
        return out
    }

    static func printed(_ o: SSHOptions, local: SSHConfig.Local) -> [String: String] {
        var out: [String: String] = [
            "hostname": o.hostName ?? "", "user": o.user ?? local.user, "port": String(o.port ?? 22),
            "identitiesonly": o.identitiesOnly == true ? "yes" : "no",
            "serveraliveinterval": String(o.serverAliveInterval ?? 0),
            "connecttimeout": o.connectTimeout.map(String.init) ?? "none",
            "forwardagent": o.forwardAgent == true ? "yes" : "no",
        ]
        out["stricthostkeychecking"] =
            switch o.strictHostKeyChecking {
            case .yes: "true"
            case .no: "false"
            case .acceptNew: "accept-new"
            case .ask, nil: "ask"
            }
        if !o.identityFiles.isEmpty { out["identityfile"] = o.identityFiles.joined(separator: "|") }
        if let files = o.userKnownHostsFiles { out["userknownhostsfile"] = files.joined(separator: " ") }
        if let jump = o.proxyJump { out["proxyjump"] = jump }
        return out
    }

    static func sshG(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
