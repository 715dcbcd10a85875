import Testing
import VoiceshCore

/// What intent mode asks a model and how strictly it reads the answer.
struct IntentTests {
    @Test func theAnswerIsTheJSONAskedForWithItsCommandCleaned() throws {
        let answer = try IntentAnswer.read(#"{"command": "du -sh /home", "explanation": "Disk usage."}"#)
        #expect(answer == IntentAnswer(command: "du -sh /home", explanation: "Disk usage."))
        // A fence some models add even under a schema.
        let fenced = try IntentAnswer.read("```json\n{\"command\": \"ls\", \"explanation\": \"\"}\n```")
        #expect(fenced.command == "ls")
        let hostile = try IntentAnswer.read(#"{"command": "\u001b]0;t\u0007ls \u001b[2J-la", "explanation": "x"}"#)
        #expect(hostile.command == "ls -la")
        // Keys the schema does not ask for are not read.
        let others = try IntentAnswer.read(#"{"command": "ls", "explanation": "", "alternatives": ["ls -1"]}"#)
        #expect(others == IntentAnswer(command: "ls", explanation: ""))
    }

    /// A backslash that starts no JSON escape is a shell's (`find … \\;`): the local model's
    /// grammar lets it be written so, and it is read as written; JSON's own escapes still hold.
    @Test func aShellsBackslashIsReadAsWritten() throws {
        let exec = try IntentAnswer.read(
            #"{"command": "find . -type d -exec touch {}/.keep \;", "explanation": "x\."}"#)
        #expect(exec == IntentAnswer(command: #"find . -type d -exec touch {}/.keep \;"#, explanation: #"x\."#))
        let json = try IntentAnswer.read(#"{"command": "echo \"a\\b\" \u0041", "explanation": ""}"#)
        #expect(json.command == #"echo "a\b" A"#)
        #expect(IntentAnswer.draft(in: #"{"command": "grep a\.b x \;", "expl"#) == #"grep a\.b x \;"#)
    }

    /// Found by the fuzz target (Fuzz/Sources/FuzzChatReply): the key was masked before the
    /// answer was cleaned, so a NUL or a zero-width space inside it brought it back, into the
    /// command inserted at the prompt too.
    @Test func theKeyIsMaskedInTheAnswerAsShown() throws {
        let answer = try IntentAnswer.read(
            #"{"command": "echo sk\u0000-secret", "explanation": "prints sk\u200b-secret"}"#, hiding: "sk-secret")
        #expect(answer.command == "echo ***" && answer.explanation == "prints ***")
        #expect(throws: IntentError.prose("Your key is ***.")) {
            try IntentAnswer.read("Your key is sk\u{200B}-secret.", hiding: "sk-secret")
        }
    }

    @Test func whatIsNotOneCommandIsRefused() {
        #expect(throws: IntentError.severalLines) {
            try IntentAnswer.read(#"{"command": "cd /tmp\nrm x", "explanation": ""}"#)
        }
        #expect(throws: IntentError.noCommand) {
            try IntentAnswer.read(#"{"command": " \u001b[2J ", "explanation": ""}"#)
        }
        #expect(throws: IntentError.prose("Use du -sh to see it.")) { try IntentAnswer.read("Use du -sh to see it.") }
        #expect(throws: IntentError.prose(#"{"cmd": "ls"}"#)) { try IntentAnswer.read(#"{"cmd": "ls"}"#) }
    }

    /// The command of an answer still being written, once its string has ended.
    @Test(
        arguments: [
            (#"{"command": "du -sh do"#, nil),
            (#"{"command": "du -sh docs""#, "du -sh docs"),
            (#"{"command":"grep \"a b\" x.txt", "expl"#, #"grep "a b" x.txt"#),
            (#"{"command": "echo \\", "#, #"echo \"#),
            (#"{"command": "printf 'a\nb'""#, nil),  // two lines: never shown
            (#"{"command": "\u001b[2Jls", "#, "ls"),
            (#"{"command": "   ""#, nil),
            (#"{"explanation": "x", "command"#, nil),
            ("To list files, use ls", nil),
        ] as [(String, String?)])
    func aDraftIsTheCommandOnceItsStringEnds(partial: String, draft: String?) {
        #expect(IntentAnswer.draft(in: partial) == draft)
    }

    @Test func aDraftHidesTheKeySent() {
        #expect(IntentAnswer.draft(in: #"{"command": "echo sk-123", "#, hiding: "sk-123") == "echo ***")
    }

    @Test func thePrefixIsTheSameBytesWhateverIsAsked() {
        let one = IntentPrompt(request: "list big files").messages
        let two = IntentPrompt(request: "show open ports", recent: ["ls"]).messages
        #expect(Array(one.prefix(IntentPrompt.prefix.count)) == Array(two.prefix(IntentPrompt.prefix.count)))
        #expect(one.last == .user("Request: list big files"))
        #expect(one.first?.role == "system")
    }

    @Test func theServerIsDescribedCleanedAndCapped() throws {
        var context = RemoteContext()
        context.directory = "/srv/app"
        context.entries = ["README.md", "logs/", "\u{1B}]0;evil\u{07}notes.txt"] + (0..<100).map { "f\($0)" }
        context.commands = ["ls", "rg", "docker", "zzz-private-tool"]
        context.branches = ["feature-login", "main"] + (0..<20).map { "topic\($0)" }
        let prompt = IntentPrompt(
            request: "find todo in the code", context: context, recent: ["a", "b", "c", "d", "e", "f"])
        let text = try #require(prompt.messages.last?.content)
        #expect(text.hasPrefix("Server:\nDirectory: /srv/app\nHere: README.md, logs/, notes.txt, f0"))
        #expect(!text.contains("f37,") && text.contains("f36"))  // the first 40 names
        #expect(text.contains("\nTools: docker, rg\n") && !text.contains("zzz-private-tool"))
        #expect(text.contains("Git branches: feature-login, main, topic0, ") && !text.contains("topic10"))
        #expect(text.contains("topic9\nRecent commands: b ; c ; d ; e ; f\nRequest: find todo in the code"))
    }

    /// Issue 46: the worked examples come after the server's names, in the request's own turn,
    /// so what a directory's requests share (the fixed prefix, then its names) is read once.
    @Test func workedExamplesFollowTheServersNames() throws {
        var context = RemoteContext()
        context.entries = ["prices.csv", "notes.txt"]
        var prompt = IntentPrompt(request: "sort prices dot csv by its second column", context: context)
        let plain = prompt.messages
        prompt.examples = IntentExamples(tsv: "order a.csv by the third field\tsort -t, -k3,3n a.csv\tBy field 3.\n")
            .nearest(to: prompt.request, count: 3)
        let messages = prompt.messages
        #expect(messages.count == plain.count && Array(messages.dropLast()) == Array(plain.dropLast()))
        let text = try #require(messages.last?.content)
        #expect(
            text == "Server:\nHere: prices.csv, notes.txt\nSimilar requests and their commands:\n"
                + "- order a.csv by the third field: sort -t, -k3,3n a.csv\n"
                + "Request: sort prices dot csv by its second column", "\(text)")
    }

    /// Issue 44: a name made only of escapes is nothing once cleaned: left out, not sent empty.
    @Test func namesMadeOnlyOfEscapesAreLeftOut() throws {
        var context = RemoteContext()
        context.directory = "\u{1B}]0;x\u{07}"
        context.entries = ["\u{1B}[31m", "a.txt", "\u{1B}]52;c;cm0=\u{07}", "b.txt"]
        context.branches = ["\u{1B}[2J"]
        let prompt = IntentPrompt(request: "list files", context: context, recent: ["\u{1B}[0m", "ls"])
        let text = try #require(prompt.messages.last?.content)
        #expect(text == "Server:\nHere: a.txt, b.txt\nRecent commands: ls\nRequest: list files", "\(text)")
    }

    @Test func aRefinementShowsWhatWasAskedAndWritten() {
        let prompt = IntentPrompt(
            request: "only the five biggest", refining: .init(request: "list big files", command: "du -ah . | sort -rh")
        )
        let tail = prompt.messages.suffix(3)
        #expect(tail.map(\.role) == ["user", "assistant", "user"])
        #expect(tail.first?.content == "Request: list big files")
        #expect(tail.last?.content == "Change the last command: only the five biggest")
        #expect(tail.dropFirst().first?.content.contains(#""command":"du -ah . | sort -rh""#) == true)
    }

    /// Tab's "another": the conversation so far, each command written followed by the ask for a
    /// different one, so the request's turn is the same bytes a local server has cached.
    @Test func anotherCommandFollowsTheOnesWritten() {
        let first = IntentPrompt(request: "list big files").messages
        let asked = IntentPrompt(
            request: "list big files",
            others: [
                .init(command: "du -ah . | sort -rh", explanation: "by size"), .init(command: "ls -S", explanation: ""),
            ]
        ).messages
        #expect(Array(asked.prefix(first.count)) == first)
        let tail = asked.dropFirst(first.count)
        #expect(tail.map(\.role) == ["assistant", "user", "assistant", "user"])
        #expect(tail.first?.content.contains(#""command":"du -ah . | sort -rh""#) == true)
        #expect(tail.last == .user(IntentPrompt.another))
    }

    @Test func anIntentIsRiskCheckedLikeAnyLine() {
        let risky = Intent(
            request: "wipe it", answer: IntentAnswer(command: "rm -rf ~/*", explanation: ""), model: "m",
            endpoint: "local")
        #expect(risky.risk != nil)
        let safe = Intent(
            request: "list", answer: IntentAnswer(command: "ls -la", explanation: ""), model: "m", endpoint: "local")
        #expect(safe.risk == nil)
    }
}

/// A recording known to be a request (the intent key, `transcribe --intent`) needs no lead;
/// one said with a lead has it taken off.
struct IntentLeadTakingTests {
    @Test(arguments: [
        ("how do I list the files here", "list the files here"),
        ("How can I find big files?", "find big files?"),
        ("give me a command to show disk space", "show disk space"),
        ("count the lines in notes dot txt", "count the lines in notes dot txt"),
        ("how", "how"),
    ])
    func theLeadIsTakenOff(_ words: String, _ request: String) {
        #expect(IntentLead.request(taking: words) == request)
    }
}

/// Issue 46: names said in words reach the model written, as the directory writes them.
struct WrittenRequestTests {
    static let names = ["notes.txt", "docker-compose.yml", "logs", "CHANGELOG.md", "run.sh", "my_data.csv", "todo.md"]

    @Test(arguments: [
        ("list what is in backup dot tar dot gz", "list what is in backup.tar.gz"),
        ("create ready dot flag", "create ready.flag"),
        ("make run dot sh executable", "make run.sh executable"),
        ("delete the dot bak files", "delete the *.bak files"),
        ("rename draft dot md to final dot md", "rename draft.md to final.md"),
        ("show the last lines of logs slash worker dot log", "show the last lines of logs/worker.log"),
        ("count the lines in notes dot TXT", "count the lines in notes.txt"),
        ("count the lines in notes.txt", "count the lines in notes.txt"),
        ("validate docker compose dot yml", "validate docker-compose.yml"),
        ("print the size of my underscore data dot csv", "print the size of my_data.csv"),
        ("cat slash etc slash hosts", "cat /etc/hosts"),
        ("find files ending in dot log", "find files ending in .log"),
        ("list with dash l and sort them", "list with dash l and sort them"),
        ("open changelog dot md, then stop", "open CHANGELOG.md, then stop"),
        ("how do I see the disk usage", "how do I see the disk usage"),
        // Written by the ear in another case: the directory's spelling, English left as said.
        ("count the files in the SRC folder", "count the files in the src folder"),
        ("show Notes.TXT and changelog.md", "show notes.txt and CHANGELOG.md"),
        ("Show the Logs, then stop", "Show the logs, then stop"),
        // A name the ear ran into the next word or the one before: apart again.
        ("list what notes.TXTholding in bytes", "list what notes.txt holding in bytes"),
        ("printrun.sh, then stop", "print run.sh, then stop"),
        ("open xrun.sh and run.shy", "open xrun.sh and run.shy"),  // one letter: no guess
        ("open the notes.txt", "open the notes.txt"),
        // A name the ear wrote in pieces: whole, where the directory holds it.
        ("zip notes.txt and to do .md", "zip notes.txt and todo.md"),
        ("zip notes.txt and to do.md, then stop", "zip notes.txt and todo.md, then stop"),
        ("open read me.md", "open read me.md"),
    ])
    func namesAreWritten(_ said: String, _ written: String) {
        #expect(WrittenRequest.written(said, names: Self.names + ["src/"]) == written)
    }

    static let inside = [
        "docs/CHANGELOG.md", "docs/guide.md", "deploy/docker-compose.yml", "logs/worker.log", "logs/api.log",
        "src/main.py", "test/main.py", "docs/images/",
    ]

    /// A name said with its folder is the path the folder holds; a stem two files share in
    /// different folders goes by the folder said, and nothing is guessed.
    @Test(arguments: [
        ("show the changelog in docs", "show the docs/CHANGELOG.md"),
        ("show the changelog in the docs folder", "show the docs/CHANGELOG.md"),
        ("count the lines of worker in logs, then stop", "count the lines of logs/worker.log, then stop"),
        ("validate docker compose under deploy", "validate deploy/docker-compose.yml"),
        ("run main from src", "run src/main.py"),
        ("run main from test", "run test/main.py"),
        ("run main", "run main"),
        ("show the changelog in src", "show the changelog in src"),
        ("list the images in docs", "list the images in docs"),
        ("tail logs slash api dot log", "tail logs/api.log"),
    ])
    func namesInFoldersAreTheirPaths(_ said: String, _ written: String) {
        #expect(
            WrittenRequest.written(said, names: ["docs/", "deploy/", "logs/", "src/", "test/"], inside: Self.inside)
                == written)
    }
}
