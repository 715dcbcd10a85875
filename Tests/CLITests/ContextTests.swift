import Foundation
import TestFixtures
import Testing
import VoiceshCore

/// The remote shell as context (issue 12), against a real sshd on its own loopback address: the gathering
/// script on an exec channel beside the login, what `voicesh context` shows, refusals and
/// caps, `context = "off"` sending nothing, and a dictation that names a file only the
/// directory the remote shell stands in has.
@Suite(.serialized)
struct ContextTests {
    let cli: CLI
    /// The remote user's home (sshd's `SetEnv HOME`): its history files and a project.
    let remoteHome: URL
    let sshd: SSHSandbox

    init(sshdConfig: [String] = []) throws {
        cli = try CLI()
        remoteHome = cli.home.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remoteHome, withIntermediateDirectories: true)
        // DEBUG1 logs each channel request ("req exec", "req shell"): the server's own record.
        sshd = try SSHSandbox(config: ["SetEnv HOME=\(remoteHome.path)", "LogLevel DEBUG1"] + sshdConfig)
    }

    init() throws { try self.init(sshdConfig: []) }

    func profile(_ name: String, extra: String = "", engine: String = "") throws {
        try cli.importProfile(name, for: sshd, extra: extra, engine: engine)
    }

    /// A project on the "remote": a web app, a Kubernetes folder, logs, a git repository
    /// with branches and a changed file.
    func project() throws -> String {
        let dir = remoteHome.appendingPathComponent("webapp")
        for path in ["k8s/deployment.yaml", "logs/access.log", "deploy_prod.yaml", "docker-compose.prod.yml", "app.py"]
        {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "x\n".write(to: url, atomically: true, encoding: .utf8)
        }
        let git = ["-C", dir.path, "-c", "user.name=t", "-c", "user.email=t@example.com"]
        try Shell.run("/usr/bin/git", git + ["init", "-q", "-b", "main"])
        try Shell.run("/usr/bin/git", git + ["add", "."])
        try Shell.run("/usr/bin/git", git + ["commit", "-qm", "first"])
        try Shell.run("/usr/bin/git", git + ["branch", "feature/login"])
        try Shell.run("/usr/bin/git", git + ["remote", "add", "origin", "https://example.com/webapp.git"])
        try "changed\n".write(to: dir.appendingPathComponent("app.py"), atomically: true, encoding: .utf8)
        return dir.path
    }

    func histories() throws {
        try "#1700000000\nkubectl get pods\nhelmfile apply\n".write(
            to: remoteHome.appendingPathComponent(".bash_history"), atomically: true, encoding: .utf8)
        try ": 1700000000:0;terraform plan\n: 1700000001:0;make \\\ntest\n".write(
            to: remoteHome.appendingPathComponent(".zsh_history"), atomically: true, encoding: .utf8)
        let fish = remoteHome.appendingPathComponent(".local/share/fish/fish_history")
        try FileManager.default.createDirectory(at: fish.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "- cmd: stern web\n  when: 1700000000\n".write(to: fish, atomically: true, encoding: .utf8)
    }

    func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    var sshdLog: String {
        (try? String(contentsOf: sshd.directory.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? ""
    }

    @Test func contextShowsTheDirectoryGitHistoryAndPath() throws {
        try profile("prod")
        let dir = try project()
        try histories()
        let result = try cli.run("context", "prod", "--json", "--directory", dir)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        let context = report["context"] as? [String: Any] ?? [:]
        #expect(context["directory"] as? String == dir)
        #expect(context["directorySource"] as? String == "osc7")
        let entries = context["entries"] as? [String] ?? []
        #expect(Set(entries) == ["k8s/", "logs/", "deploy_prod.yaml", "docker-compose.prod.yml", "app.py", ".git/"])
        #expect(Set(context["branches"] as? [String] ?? []) == ["main", "feature/login"])
        #expect(context["remotes"] as? [String] == ["origin"])
        #expect(context["changed"] as? [String] == ["app.py"])
        // One real run reads bash, zsh (extended, a continued line) and fish histories.
        #expect(
            context["history"] as? [String] == [
                "kubectl get pods", "helmfile apply", "terraform plan", "make test", "stern web",
            ])
        #expect((context["commands"] as? [String] ?? []).contains("sh"))
        let engines = report["engines"] as? [[String: Any]] ?? []
        #expect(engines.first?["engine"] as? String == "edge/pocketsphinx")
        #expect(engines.first?["gets"] as? Bool == true)
        // Over the one login: an exec request beside it, no second authentication.
        #expect(sshdLog.components(separatedBy: "req exec").count == 2)
        #expect(sshdLog.components(separatedBy: "Accepted publickey").count == 2)
        // The words, for a person.
        let text = try cli.run("context", "prod", "--directory", dir)
        #expect(text.stdout.contains("directory: \(dir) (from osc7)"), "\(text.stdout)")
        #expect(text.stdout.contains("branches (2): "))
        #expect(text.stdout.contains("engine edge/pocketsphinx: "))
    }

    @Test func offGathersNothingAndRunsNothingOnTheRemote() throws {
        try profile("quiet", extra: "context = \"off\"")
        let result = try cli.run("context", "quiet")
        #expect(result.status == 0)
        #expect(result.stdout.contains("context is off for quiet"))
        #expect(!sshdLog.contains("Accepted publickey"))  // not even a connection
        // A session with context off: its shell, and no exec beside it.
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "quiet", "--", "env PS1='remote$ ' bash --norc --noprofile"],
            environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        usleep(1_000_000)
        #expect(sshdLog.contains("req exec"))  // the session's own command
        #expect(sshdLog.components(separatedBy: "req exec").count == 2, "\(sshdLog)")
    }

    @Test func aSessionGathersBesideItsShell() throws {
        try profile("live")
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "live", "--", "env PS1='remote$ ' bash --norc --noprofile"],
            environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        for _ in 0..<50 where sshdLog.components(separatedBy: "req exec").count < 3 { usleep(100_000) }
        // The session's command, then the gathering script's `sh -s`, on the one login.
        #expect(sshdLog.components(separatedBy: "req exec").count == 3, "\(sshdLog)")
        #expect(sshdLog.components(separatedBy: "Accepted publickey").count == 2)
        try tmux.send("echo typed-after", "Enter")
        #expect(try tmux.wait { $0.contains("\ntyped-after") }.contains("typed-after"))
        // What the host's tools take is kept for the next session, under the host's own name.
        let kept = cli.home.appendingPathComponent("cache/options")
        var names: [String] = []
        for _ in 0..<50 where names.isEmpty {
            // Written by a rename: a staging file of another name may be seen first.
            names = ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).filter {
                $0.hasSuffix(".json")
            }
            usleep(100_000)
        }
        #expect(names.count == 1 && names.first?.hasSuffix("@\(sshd.address):\(sshd.port).json") == true, "\(names)")
        let text = try String(contentsOf: kept.appendingPathComponent(names.first ?? "-"), encoding: .utf8)
        #expect(text.contains("\"sort\""), "\(text)")
    }

    /// The directory follows the session: after `cd`, a dictation names a file only that
    /// directory has, and the edge engine hears it (it cannot without the context).
    @Test func afterCdADictationNamesAFileOnlyThatDirectoryHas() throws {
        try profile("dev")
        let speech = try SpeechFiles.speech("less quokka underscore notes dot txt", in: cli)
        #expect(try cli.run("transcribe", speech).stdout != "less quokka_notes.txt\n")  // not without context
        let screen = try dictateInADirectoryOnlyTheRemoteHas(profile: "dev", speech: speech, seconds: 3)
        #expect(
            screen.contains("remote$ less quokka_notes.txt  ⏎ insert")
                || screen.contains("remote$ less quokka_notes.txt  ⇥ 1/"), "\(screen)")
    }

    /// `cd` at the remote prompt into a directory holding `quokka_notes.txt`, then one dictation
    /// of the recording `speech` through `profile`, up to the shown transcript (returned).
    @discardableResult
    func dictateInADirectoryOnlyTheRemoteHas(profile: String, speech: String, seconds: Double) throws -> String {
        let dir = remoteHome.appendingPathComponent("zoo")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "x".write(to: dir.appendingPathComponent("quokka_notes.txt"), atomically: true, encoding: .utf8)
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, profile, "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ], environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        try tmux.send("cd '\(dir.path)'", "Enter")
        try tmux.wait { $0.components(separatedBy: "remote$").count == 3 }
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(useconds_t(seconds * 1_000_000))
        try tmux.send("C-]")
        return try tmux.wait { $0.contains("⏎ insert") }
    }

    /// A server engine gets the names in its prompt only under `context = "all"`; under
    /// `local` (the default) nothing from the remote leaves this machine: checked in what
    /// the local Whisper-style server received.
    @Test(arguments: ["all", "local"])
    func aServerEngineHearsTheContextOnlyWhenAllowed(policy: String) throws {
        let server = try STTServer(dialect: "openai", text: "ls")
        try profile("srv", extra: "context = \"\(policy)\"", engine: "kind = \"server\"\nurl = \"\(server.url)\"")
        try dictateInADirectoryOnlyTheRemoteHas(
            profile: "srv", speech: try SpeechFiles.speech("less quokka underscore notes dot txt", in: cli),
            seconds: 2.5)
        let fields = try #require(try server.requests().last?["fields"] as? [String: Any])
        let prompt = try #require(fields["prompt"] as? String)
        #expect(prompt.hasPrefix("git remote dash v. "))  // the spoken-form examples come first
        #expect(prompt.contains("quokka_notes.txt") == (policy == "all"), "\(prompt)")
        #expect(
            sshdLog.contains("req exec") && (sshdLog.components(separatedBy: "req exec").count > 2) == (policy == "all")
        )
    }

    /// A streaming engine under `context = "all"` gets the names as key terms: AssemblyAI's
    /// `keyterms_prompt`, Deepgram's `keyterm` (Nova-3), as the local provider saw the connection.
    @Test(arguments: ["assemblyai", "deepgram"])
    func aStreamEngineGetsTheNamesAsKeyTerms(provider: String) throws {
        let server = try WSServer(provider: provider, text: "ls")
        try profile(
            "live", extra: "context = \"all\"",
            engine: "kind = \"stream\"\nprovider = \"\(provider)\"\nurl = \"\(server.url)\"")
        try dictateInADirectoryOnlyTheRemoteHas(
            profile: "live", speech: try SpeechFiles.speech("ls", in: cli), seconds: 1.5)
        let query = try #require(try server.events("connect").last?["query"] as? [String: [String]])
        if provider == "assemblyai" {
            let terms = try #require(query["keyterms_prompt"]?.first)
            #expect(terms.contains("\"quokka_notes.txt\""), "\(terms)")
        } else {
            #expect(query["keyterm"]?.contains("quokka_notes.txt") == true, "\(query)")
        }
    }

    @Test func aHugeDirectoryIsCappedWithoutStalling() throws {
        try profile("big")
        let dir = remoteHome.appendingPathComponent("huge")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // 100,000 entries, made by one shell loop rather than 100,000 calls from here.
        try Shell.run("/bin/sh", ["-c", "cd '\(dir.path)' && seq 1 100000 | sed 's/^/f/' | xargs touch"])
        let start = Date()
        let result = try cli.run("context", "big", "--json", "--directory", dir.path)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 0, "\(result.stderr)")
        let context = try json(result.stdout)["context"] as? [String: Any] ?? [:]
        #expect((context["entries"] as? [String] ?? []).count == 500)
        #expect(context["truncated"] as? Bool == true)
        #expect(seconds < 6, "within the gathering budget, \(seconds) s")
    }
}

/// Servers that will not run the script: each gives one clear line from `voicesh context`,
/// within the budget, and a session that dictates as before.
@Suite(.serialized)
struct ContextRefusedTests {
    @Test(arguments: [
        // exec channels get /bin/false (the interactive shell still works).
        #"ForceCommand test -z "$SSH_ORIGINAL_COMMAND" && exec bash --norc -i || exec /bin/false"#,
        // A ForceCommand that prints its own banner and ignores the command.
        #"ForceCommand echo 'This account is restricted.'; sleep 1"#,
        // A restricted shell for commands: rbash refuses a path, sh then never starts.
        #"ForceCommand test -z "$SSH_ORIGINAL_COMMAND" && exec bash --norc -i || exec rbash -c "/bin/$SSH_ORIGINAL_COMMAND""#,
    ])
    func aServerThatWillNotRunTheScript(config: String) throws {
        let suite = try ContextTests(sshdConfig: [config])
        try suite.profile("locked")
        let start = Date()
        let result = try suite.cli.run("context", "locked")
        #expect(result.status == 1)
        #expect(result.stderr.contains("did not run the context script"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Date().timeIntervalSince(start) < 8)
    }
}

/// The gathering script itself under each POSIX sh it must run in: the same context from each.
struct ContextScriptTests {
    @Test func everyShellReportsTheSame() throws {
        let cli = try CLI()
        let dir = cli.home.appendingPathComponent("project with 'quotes'")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("k8s"), withIntermediateDirectories: true)
        for name in ["deploy_prod.yaml", ".env", "docker-compose.prod.yml", "k8s/web.yaml"] {
            try "x".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try "#1700000000\nkubectl get pods\n".write(
            to: cli.home.appendingPathComponent(".bash_history"), atomically: true, encoding: .utf8)
        let script = try String(
            contentsOf: CLI.packageDirectory.appendingPathComponent("Sources/voicesh/Resources/gather-context.sh"),
            encoding: .utf8)
        let quoted = "'" + dir.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let input = try cli.file(
            "input.sh", "VOICESH_DIR=\(quoted)\nVOICESH_PARTS='path history dir options'\n" + script)
        var seen: [String: RemoteContext] = [:]
        for shell in ["/bin/dash", "/bin/bash", "/bin/busybox sh", "/usr/bin/zsh"] {
            let result = try Shell.run(
                "/bin/sh", ["-c", "exec \(shell) -s < \"$0\"", input], environment: cli.environment)
            let context = try #require(RemoteContext(scriptOutput: result.stdout), "\(shell): \(result.stdout)")
            #expect(context.directory == dir.path, "\(shell)")
            #expect(context.directorySource == .osc7)
            #expect(
                Set(context.entries) == ["k8s/", "deploy_prod.yaml", ".env", "docker-compose.prod.yml"], "\(shell)")
            #expect(context.inside == ["k8s/web.yaml"], "\(shell)")
            #expect(context.history == ["kubectl get pods"], "\(shell)")
            #expect(context.commands.contains("sh"), "\(shell)")
            #expect(context.isRepository == false, "\(shell)")
            #expect(context.options["sort"]?.short["t"] == true, "\(shell)")
            seen[shell] = context
        }
        #expect(Set(seen.values.map(\.entries)).count == 1)
        #expect(seen.values.allSatisfy { $0.options == seen.values.first?.options }, "each shell read other options")
    }
}

/// Voice macros: an `[aliases]` phrase is part of the edge model, so real pocketsphinx hears
/// it as the phrase (and the alias turns it into its command), where the model alone does not.
struct VoiceMacroTests {
    @Test(arguments: [("run the tests", "make test"), ("deploy to staging", "make deploy ENV=staging")])
    func anAliasPhraseIsHeardAsAPhrase(phrase: String, command: String) throws {
        let cli = try CLI()
        let file = try cli.file(
            "macros.toml", "name = \"macros\"\nhost = \"h\"\n[aliases]\n\"\(phrase)\" = \"\(command)\"\n")
        try cli.ok("profile", "import", file)
        let speech = try SpeechFiles.speech(phrase, in: cli)
        let plain = try cli.run("transcribe", speech).stdout
        #expect(plain != phrase + "\n", "the model alone already hears it: the test would prove nothing")
        #expect(try cli.run("transcribe", "--profile", "macros", speech).stdout == command + "\n")
    }
}
