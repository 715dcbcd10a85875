import Testing

@testable import VoiceshCore

struct RemoteContextTests {
    /// The script's output as `gather-context.sh` writes it.
    static let output = """
        Last login: a banner a ForceCommand or a shell may print first
        voicesh-context 1
        @cwd proc
         /srv/app
        @path
         kubectl
         helmfile
         ls
        @history bash
         #1700000000
         kubectl get pods
         helmfile apply
         kubectl logs web
        @entries
         deploy_prod.yaml
         k8s/
         docker-compose.prod.yml
        \u{1B}]0;evil title\u{07}
         \u{1B}[31mred
        @inside
         k8s/web.yaml
         k8s/
        @branches
         main
         feature/login
         origin/main
        @remotes
         origin
        @changed
          M app.py
         R  old.txt -> new.txt
        @end
        """

    @Test func parsesEverySection() throws {
        let context = try #require(RemoteContext(scriptOutput: Self.output))
        #expect(context.directory == "/srv/app")
        #expect(context.directorySource == .proc)
        #expect(context.commands == ["kubectl", "helmfile", "ls"])
        #expect(context.history == ["kubectl get pods", "helmfile apply", "kubectl logs web"])
        #expect(context.entries == ["deploy_prod.yaml", "k8s/", "docker-compose.prod.yml"])
        #expect(context.inside == ["k8s/web.yaml", "k8s/"])
        #expect(context.branches == ["main", "feature/login", "origin/main"])
        #expect(context.remotes == ["origin"])
        #expect(context.changed == ["app.py", "new.txt"])
        #expect(!context.truncated)
    }

    @Test(arguments: ["", "This account is currently not available.\n", "voicesh-context 2\n@cwd proc\n /x\n"])
    func outputWithoutTheHeaderIsNotContext(_ text: String) {
        #expect(RemoteContext(scriptOutput: text) == nil)
    }

    @Test func listsAreCappedAndMarkedTruncated() throws {
        let names = (0..<2000).map { " file\($0)" }.joined(separator: "\n")
        let context = try #require(RemoteContext(scriptOutput: "voicesh-context 1\n@entries\n\(names)\n@end\n"))
        #expect(context.entries.count == RemoteContext.Limit.entries)
        #expect(context.truncated)
    }

    @Test func historyFromEveryShellIsJoinedOldestFirst() throws {
        let text = """
            voicesh-context 1
            @history zsh
             : 1700000000:0;git status
             : 1700000001:3;make \\
             test
            @history fish
             - cmd: echo a\\nb
            """
        let context = try #require(RemoteContext(scriptOutput: text))
        #expect(context.history == ["git status", "make test", "echo a b"])
    }

    @Test(
        arguments: [
            (
                ShellHistory.Format.bash, ["#1700000000", "ls -la", "", "#1700000001", "git log"],
                ["ls -la", "git log"]
            ),
            (.bash, ["#notastamp", "echo hi"], ["#notastamp", "echo hi"]),
            (
                .zsh, [": 1700000000:0;ls", "plain line", ": 1700000002:0;for x in a b; do \\", "echo $x; done"],
                ["ls", "plain line", "for x in a b; do echo $x; done"]
            ),
            (.zsh, [": notime;ls"], [": notime;ls"]),
            (
                .fish, ["- cmd: git status", "  when: 1700000000", "- cmd: echo \\\\n", "  paths:", "    - /tmp"],
                ["git status", "echo \\n"]
            ),
        ])
    func historyFormats(_ format: ShellHistory.Format, _ lines: [String], _ commands: [String]) {
        #expect(ShellHistory.commands(in: lines, format: format) == commands)
    }
}

struct SpokenNameTests {
    @Test(
        arguments: [
            ("deploy_prod.yaml", ["deploy underscore prod dot yaml", "deploy prod dot yaml"]),
            ("docker-compose.prod.yml", ["docker dash compose dot prod dot yml", "docker compose dot prod dot yml"]),
            ("feature/login", ["feature slash login"]),
            ("k8s/", ["k eight s"]),
            ("README.md", ["readme dot md"]),
            ("myApp", ["my app"]),
            ("-v", ["dash v"]),
            ("v1.2", ["v one dot two"]),
            ("naïve", []),
            ("a b", []),
        ])
    func forms(_ name: String, _ forms: [String]) {
        #expect(SpokenName.forms(of: name) == forms)
    }
}

struct SpeechContextTests {
    @Test func ranksTheDirectoryFirstAndMapsSpokenNamesBack() throws {
        let remote = try #require(RemoteContext(scriptOutput: RemoteContextTests.output))
        let speech = SpeechContext(remote)
        #expect(speech.names.first?.text == "deploy_prod.yaml")
        #expect(speech.names.map(\.text).prefix(3) == ["deploy_prod.yaml", "k8s", "docker-compose.prod.yml"])
        // kubectl is used twice in the history, helmfile once: both before ls, which never is.
        let commands = speech.names.filter { $0.kind == .command }.map(\.text)
        #expect(commands == ["kubectl", "helmfile", "ls"])
        #expect(speech.spokenNames["deploy underscore prod dot yaml"] == "deploy_prod.yaml")
        #expect(speech.spokenNames["docker compose dot prod dot yml"] == "docker-compose.prod.yml")
        #expect(speech.spokenNames["kubectl"] == nil)  // one word: nothing to map
        #expect(speech.terms(count: 2, length: 50) == ["deploy_prod.yaml", "k8s"])
        #expect(!speech.terms(count: 100, length: 10).contains("deploy_prod.yaml"))
    }

    @Test func theNormaliserWritesTheRealName() throws {
        let speech = SpeechContext(try #require(RemoteContext(scriptOutput: RemoteContextTests.output)))
        let shell = SpokenShell(aliases: speech.aliases(with: [:]))
        #expect(shell.normalize("cat deploy underscore prod dot yaml") == "cat deploy_prod.yaml")
        #expect(shell.normalize("cat deploy prod dot yaml") == "cat deploy_prod.yaml")
        #expect(
            shell.normalize("docker compose dash f docker compose dot prod dot yml up")
                == "docker compose -f docker-compose.prod.yml up")
        #expect(shell.normalize("git checkout feature slash login") == "git checkout feature/login")
        // The profile's own alias wins over a name.
        let own = SpokenShell(aliases: speech.aliases(with: ["deploy prod dot yaml": "deploy.yaml"]))
        #expect(own.normalize("cat deploy prod dot yaml") == "cat deploy.yaml")
    }

    @Test func aPhraseTwoNamesShareIsNotMapped() {
        var remote = RemoteContext()
        remote.entries = ["a-b", "a_b"]
        let speech = SpeechContext(remote)
        #expect(speech.spokenNames["a b"] == nil)
        #expect(speech.spokenNames["a dash b"] == "a-b")
    }
}

struct WorkingDirectoryReportTests {
    @Test func readsOSC7AcrossChunksWithEitherTerminator() {
        var report = WorkingDirectoryReport()
        let bytes = Array("prompt$ \u{1B}]7;file://host/srv/my%20app\u{07}more".utf8)
        for byte in bytes { report.feed([byte]) }  // one byte at a time
        #expect(report.directory == "/srv/my app")
        report.feed(Array("\u{1B}]7;file:///tmp\u{1B}\\".utf8))
        #expect(report.directory == "/tmp")
        // Other OSCs (a title) and a report with a control character change nothing.
        report.feed(Array("\u{1B}]0;title\u{07}\u{1B}]7;file://h/a%0Ab\u{07}".utf8))
        #expect(report.directory == "/tmp")
    }
}

struct ContextPolicyTests {
    @Test func theKeyIsInTheRegistryWithLocalAsItsDefault() throws {
        var profile = Profile(name: "p", host: "h")
        #expect(profile.context == .local)
        #expect(profile.gathersContext)  // an edge engine
        try profile.set("context", to: .string("off"))
        #expect(profile.context == .off && !profile.gathersContext)
        #expect(throws: ProfileProblem.self) { try profile.set("context", to: .string("everyone")) }
        #expect(profile.tomlText.contains("context = \"off\""))
        profile.context = .local
        profile.engine = EngineConfig(kind: .server)
        #expect(!profile.gathersContext)  // local, and no engine on this machine
        profile.fallback = EngineConfig(kind: .edge)
        #expect(profile.gathersContext)
        profile.context = .all
        profile.fallback = nil
        #expect(profile.gathersContext)
    }
}
