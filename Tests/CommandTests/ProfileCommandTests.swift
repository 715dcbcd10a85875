import Foundation
import TestFixtures
import Testing

/// `voicesh profile …` through the real binary on a real SQLite file.
struct ProfileCommandTests {
    @Test func addListShowSetRenameRemove() async throws {
        let cli = try CLI()
        try await cli.ok(
            "profile", "add", "prod", "--host", "deploy@prod.example.com:2222", "--engine", "server",
            "--url", "http://127.0.0.1:8080", "--dialect", "whisper.cpp")
        try await cli.ok("profile", "add", "dev", "--host", "dev.example.com", "-l", "me")
        let list = try await cli.ok("profile", "list").stdout
        #expect(list.contains("prod  deploy@prod.example.com:2222  server/whisper.cpp"))
        #expect(list.split(separator: "\n").count == 3)

        try await cli.ok(
            "profile", "set", "prod", "toggle_key=F9", "engine.vocabulary=kubectl, nginx", "fallback.kind=edge",
            "production=yes")
        let show = try await cli.ok("profile", "show", "prod").stdout
        #expect(show.contains("toggle_key = \"f9\""))  // stored in its canonical spelling
        #expect(show.contains("vocabulary = [\"kubectl\", \"nginx\"]"))
        #expect(show.contains("[fallback]\nkind = \"edge\""))
        #expect(show.contains("production = true"))

        let json = try await cli.ok("profile", "show", "prod", "--json").stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["port"] as? Int == 2222)
        #expect((object?["engine"] as? [String: Any])?["dialect"] as? String == "whisper.cpp")

        try await cli.ok("profile", "set", "prod", "fallback=")
        #expect(try await cli.ok("profile", "show", "prod").stdout.contains("[fallback]") == false)

        try await cli.ok("profile", "rename", "prod", "production")
        try await cli.ok("profile", "rm", "dev")
        let names = try await cli.ok("profile", "list", "--json").stdout
        let array = try JSONSerialization.jsonObject(with: Data(names.utf8)) as? [[String: Any]]
        #expect(array?.map { $0["name"] as? String } == ["production"])
    }

    @Test func badValuesGetOneLineEachAndChangeNothing() async throws {
        let cli = try CLI()
        try await cli.ok("profile", "add", "p", "--host", "h")
        let before = try await cli.ok("profile", "export", "p").stdout
        let result = try await cli.run(
            "profile", "set", "p", "port=abc", "engine.kind=edgy", "engine.urll=x", "toggle_key=ctrl-c")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                voicesh: profile p: port: "abc" is not a whole number
                voicesh: profile p: engine.kind: "edgy" is not one of "edge", "stream", "server"
                voicesh: profile p: engine.urll: unknown key; did you mean "engine.url"?
                voicesh: profile p: toggle_key: ctrl-c is the shell's interrupt; pick another, such as ctrl-] or f9

                """)
        #expect(try await cli.ok("profile", "export", "p").stdout == before)

        let literalKey = try await cli.run(
            "profile", "add", "q", "--host", "h", "--engine", "server", "--url", "http://x",
            "--api-key-env", "sk-proj-4f9a8b7c6d5e4f3a2b1c")
        #expect(literalKey.status == 1)
        #expect(literalKey.stderr.contains("engine.api_key_env: looks like a key"))
        #expect(!literalKey.stderr.contains("4f9a8b7c6d5e"))  // a pasted key is never echoed back
        let missingURL = try await cli.run("profile", "add", "q", "--host", "h", "--engine", "server")
        #expect(
            missingURL.stderr
                == "voicesh: profile q: engine.url: is required for a server engine (e.g. \"http://127.0.0.1:8080\")\n")
        #expect(
            try await cli.run("profile", "show", "q").stderr
                == "voicesh: no profile named \"q\"; see voicesh profile list\n")
    }

    @Test func duplicateNeedsReplace() async throws {
        let cli = try CLI()
        try await cli.ok("profile", "add", "p", "--host", "a")
        let dup = try await cli.run("profile", "add", "p", "--host", "b")
        #expect(dup.status == 1)
        #expect(dup.stderr.contains("a profile named \"p\" exists; use --replace"))
        try await cli.ok("profile", "add", "p", "--host", "b", "--replace")
        #expect(try await cli.ok("profile", "show", "p").stdout.contains("host = \"b\""))
    }

    @Test func exportThenImportIsTheSameProfile() async throws {
        let cli = try CLI()
        try await cli.ok(
            "profile", "import", CLI.packageDirectory.appendingPathComponent("profiles/stream-assemblyai.toml").path)
        let exported = try await cli.ok("profile", "export", "assemblyai").stdout
        try await cli.ok("profile", "rm", "assemblyai")
        try await cli.ok("profile", "import", "-", stdin: exported)
        #expect(try await cli.ok("profile", "export", "assemblyai").stdout == exported)
    }

    @Test func importIsAllOrNothingPerFile() async throws {
        let cli = try CLI()
        let good = try cli.file("good.toml", "name = \"good\"\nhost = \"g\"\n")
        let bad = try cli.file(
            "bad.toml",
            """
            [[profile]]
            name = "fine"
            host = "f"

            [[profile]]
            name = "broken"
            host = "b"
            send = "always"
            """)
        let result = try await cli.run("profile", "import", good, bad)
        #expect(result.status == 1)
        #expect(result.stderr.contains("imported 1 profile from \(good): good"))
        #expect(result.stderr.contains("voicesh: \(bad):8: send: \"always\" is not one of \"confirm\", \"auto\""))
        let names = try await cli.ok("profile", "list").stdout
        #expect(names.contains("good"))
        #expect(!names.contains("fine"))

        let missing = try await cli.run("profile", "import", "/nonexistent.toml")
        #expect(missing.stderr == "voicesh: /nonexistent.toml: cannot read /nonexistent.toml: no such file\n")
    }

    @Test func importsEveryExampleProfile() async throws {
        let cli = try CLI()
        let dir = CLI.packageDirectory.appendingPathComponent("profiles")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".toml") }
        let result = try await cli.run(
            ["profile", "import", "--allow-command", "--allow-key"] + files.map { dir.appendingPathComponent($0).path },
        )
        #expect(result.status == 0, "\(result.stderr)")
        let list = try await cli.ok("profile", "list", "--json").stdout
        let array = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]
        #expect(array?.count == files.count)
    }

    @Test func importsSSHConfig() async throws {
        let cli = try CLI()
        _ = try cli.file(
            ".ssh/config",
            """
            Host web web-alias
              HostName web.example.com
              User www
              Port 2200
              IdentityFile ~/.ssh/web_ed25519
            Host *.internal
              User nobody
            Host bad
              Port ssh
            Host *
              User fallback
            """)
        let result = try await cli.run("profile", "import", "--ssh-config")
        #expect(result.status == 0, "\(result.stderr)")
        // ssh reads `Port ssh` as the service's port; so does the import, through `ssh -G`, and
        // so does --effective, which names the ssh_config line the port comes from.
        let config = cli.home.appendingPathComponent(".ssh/config").path
        #expect(
            try await cli.ok("profile", "show", "bad", "--effective").stdout.contains(
                "host = \"bad\"  # profile\nport = 22  # ssh_config (\(config) line 9)\nuser = \"fallback\"  # profile")
        )
        let web = try await cli.ok("profile", "show", "web").stdout
        #expect(
            web.contains("host = \"web.example.com\"\nport = 2200\nuser = \"www\"\nidentity = \"~/.ssh/web_ed25519\""))
        #expect(try await cli.ok("profile", "show", "web-alias").stdout.contains("user = \"www\""))
    }

    @Test func eightWritersAtOnce() async throws {
        let cli = try CLI()
        try await cli.ok("profile", "list")  // create the database first
        // Eight writers at once, each a command on its own thread with its own connection.
        let failures = await withTaskGroup(of: String?.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let r = try? await cli.run(["profile", "add", "p\(i)", "--host", "h\(i)"])
                    return r?.status == 0 ? nil : r?.stderr ?? "did not run"
                }
            }
            return await group.reduce(into: [String]()) { all, failure in failure.map { all.append($0) } }
        }
        #expect(failures.isEmpty)
        let list = try await cli.ok("profile", "list", "--json").stdout
        #expect((try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [Any])?.count == 8)
    }
}
