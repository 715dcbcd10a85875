import Foundation
import TestFixtures
import Testing

/// voicesh changes only what it made: an existing data directory is used as it is when it is
/// private, refused in one line when others may write in it, and never chmod-ed (issue 27).
struct SharedHomeTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A directory `name` in the test's home with `mode`, and a symbolic link `name-link` to it.
    static func directory(_ name: String, mode: mode_t, in cli: CLI) throws -> (path: String, link: String) {
        let path = cli.home.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, mode)
        let link = path + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        return (path, link)
    }

    @Test func aSharedDirectoryIsRefusedInOneLineAndLeftAsItIs() throws {
        let cli = try CLI()
        let (shared, link) = try Self.directory("shared", mode: 0o1777, in: cli)
        for home in [shared, link] {
            let commands = [
                ["history"], ["profile", "list"], ["profile", "add", "p", "--host", "h"],
                ["config", "set", "identity", "~/.ssh/id_ed25519"],
            ]
            for arguments in commands {
                let result = try cli.run(arguments, executable: CLI.binary.path, environment: ["VOICESH_HOME": home])
                #expect(result.status == 1, "\(arguments) in \(home): \(result.stdout)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
                #expect(result.stderr.hasPrefix("voicesh: will not use \(home): it is "))
                #expect(result.stderr.contains("writable by everyone"), "\(result.stderr)")
                #expect(result.stderr.contains("sticky"), "\(result.stderr)")
                #expect(Self.mode(shared) == 0o1777)
                #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
            }
        }
        // Writable by its group, or another user's: the same.
        chmod(shared, 0o770)
        let group = try cli.run(["history"], executable: CLI.binary.path, environment: ["VOICESH_HOME": shared])
        #expect(group.status == 1 && group.stderr.contains("writable by its group"), "\(group.stderr)")
        #expect(Self.mode(shared) == 0o770)
        if getuid() == 0 {
            chmod(shared, 0o700)
            chown(shared, 65534, 65534)
            let other = try cli.run(["history"], executable: CLI.binary.path, environment: ["VOICESH_HOME": shared])
            #expect(other.status == 1 && other.stderr.contains("owned by another user"), "\(other.stderr)")
            #expect(Self.mode(shared) == 0o700)
        }
    }

    /// A directory of the user's own that others may only read, reached through a link: used as
    /// it is (the link's target keeps its mode); the database voicesh makes in it is 0600.
    @Test func aPrivateDirectoryIsUsedAsItIs() throws {
        let cli = try CLI()
        let (mine, link) = try Self.directory("mine", mode: 0o755, in: cli)
        let add = try cli.run(
            ["profile", "add", "p", "--host", "h"], executable: CLI.binary.path, environment: ["VOICESH_HOME": link])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(Self.mode(mine) == 0o755)
        #expect(Self.mode(mine + "/voicesh.sqlite") == 0o600)
        // A database file voicesh made, left looser (a copy, an older voicesh): tightened, as
        // it is the user's own file in the user's private directory.
        chmod(mine + "/voicesh.sqlite", 0o644)
        let list = try cli.run(["profile", "list"], executable: CLI.binary.path, environment: ["VOICESH_HOME": link])
        #expect(list.status == 0 && list.stdout.contains("p "), "\(list.stderr)")
        #expect(Self.mode(mine + "/voicesh.sqlite") == 0o600)
        #expect(Self.mode(mine) == 0o755)
    }
}

/// Plain SSH and reading the history need no free local disk (issue 27, point 3).
@Suite(.serialized)
struct FullDiskTests {
    /// A small tmpfs needs root (or a mount namespace, which a session in tmux would not share).
    static let canMount: Bool = getuid() == 0

    @Test(.enabled(if: canMount, "mounting a tmpfs needs root"))
    func aFullDiskStillConnectsReadsAndDictates() throws {
        let cli = try CLI()
        let sshd = try SSHSandbox()
        let small = cli.home.appendingPathComponent("small").path
        let kept = cli.home.appendingPathComponent("kept").path
        for directory in [small, kept] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try Shell.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", small])
        defer { _ = try? Shell.run("/usr/bin/umount", ["-l", small]) }
        let environment = ["VOICESH_HOME": small, "TMPDIR": kept]
        func run(_ arguments: String...) throws -> CLI.Result {
            try cli.run(arguments, executable: CLI.binary.path, stdin: "", environment: environment)
        }
        let wav = cli.home.appendingPathComponent("voice.wav").path
        try SpeechFiles.voice(seconds: 0.5, at: wav)  // a voice: every engine is behind the speech gate
        let add = try run(
            "profile", "add", "p", "--host", "root@\(sshd.destination)", "--identity", sshd.clientKey, "--known-hosts",
            sshd.knownHosts, "--recognizer", "command", "--command", "echo ls -la")
        #expect(add.status == 0, "\(add.stderr)")
        let first = try run("listen", "--profile", "p", "--audio-file", wav)
        #expect(first.status == 0 && first.stdout == "ls -la\n", "\(first.stderr)")
        // The disk fills.
        _ = try Shell.run("/bin/sh", ["-c", "dd if=/dev/zero of=\(small)/fill bs=4k 2>/dev/null; true"])

        let connect = try run("connect", "p", "--", "echo remote-$((6*7))")
        #expect(connect.status == 0, "\(connect.stderr)")
        #expect(connect.stdout.contains("remote-42"))
        let history = try run("history")
        #expect(history.status == 0 && history.stdout.contains("ls -la"), "\(history.stderr)")
        let list = try run("profile", "list")
        #expect(list.status == 0 && list.stdout.contains("p "), "\(list.stderr)")
        let show = try run("profile", "show", "p")
        #expect(show.status == 0 && show.stdout.contains("echo ls -la"), "\(show.stderr)")
        // `listen` prints the text, says in one line it is not in the history, exits 3.
        let listen = try run("listen", "--profile", "p", "--audio-file", wav)
        #expect(listen.status == 3 && listen.stdout == "ls -la\n", "\(listen.stderr)")
        #expect(listen.stderr.split(separator: "\n").count == 1, "\(listen.stderr)")
        #expect(listen.stderr.contains("is full"), "\(listen.stderr)")
        let change = try run("profile", "add", "q", "--host", "q.example")
        #expect(change.status == 1 && change.stderr.contains("the disk holding \(small)/voicesh.sqlite is full"))

        // A dictation: one line says no history is kept, and the text reaches the remote.
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", wav, "p", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ], environment: cli.environment.merging(environment) { _, new in new })
        try tmux.wait { $0.contains("remote$") }
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(1_200_000)  // into the voice (the speech gate), and not a double press
        try tmux.send("C-]")
        try tmux.wait { $0.contains("⏎ insert") }
        try tmux.send("C-r")
        let screen = try tmux.wait { $0.contains("no history is kept this session") }
        #expect(screen.contains("no history is kept this session: the disk holding"), "\(screen)")
        try tmux.wait { $0.contains("total ") }  // ls -la ran on the remote
        #expect(try run("history").stdout.split(separator: "\n").count == 2)  // the heading and the first row

        // Mounted read-only: still read, and a change says why it cannot be made.
        try Shell.run("/usr/bin/mount", ["-o", "remount,ro", small])
        let readOnly = try run("history")
        #expect(readOnly.status == 0 && readOnly.stdout.contains("ls -la"), "\(readOnly.stderr)")
        #expect(try run("profile", "list").status == 0)
        let refused = try run("profile", "add", "r", "--host", "r.example")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "voicesh: \(small)/voicesh.sqlite is on a read-only file system; profiles and history can be read, not changed (remount it read-write, or set VOICESH_HOME to a writable directory)\n"
        )
    }
}

/// A session in a real terminal, against a real sshd, with a recogniser that says what a file
/// holds: the signals that end it, the remote's questions to the terminal, floods and resizes
/// while a dictation's text is shown (issue 27, points 4 to 7).
@Suite(.serialized)
struct ShownDictationTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String
    let heard: String

    init() throws {
        fixture = try SessionFixture()
        speech = fixture.cli.home.appendingPathComponent("voice.wav").path
        try SpeechFiles.voice(seconds: 0.5, at: speech)  // a voice: every engine is behind the speech gate
        heard = fixture.cli.home.appendingPathComponent("heard.txt").path
        try "ls -la".write(toFile: heard, atomically: true, encoding: .utf8)
        let file = try cli.file(
            "p.toml",
            sshd.profile(
                "p",
                """
                [engine]
                recognizer = "command"
                command = "cat \(heard)"
                """))
        try cli.ok("profile", "import", "--allow-command", file)
    }

    func session() throws -> Tmux {
        let remote = "cd \(cli.home.path) && env PS1='remote$ ' bash --norc --noprofile"
        let tmux = try Tmux(
            [CLI.binary.path, "connect", "--audio-file", speech, "p", "--", remote], environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        return tmux
    }

    /// Records, stops, and waits for the text with its keys.
    @discardableResult
    func show(_ tmux: Tmux) throws -> String {
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(1_200_000)  // past the file's 0.3 s of silence, into the voice (the speech gate)
        try tmux.send("C-]")
        let screen = try tmux.wait { $0.contains("⏎") }  // "⏎ ^R e r esc" when the text is long
        #expect(screen.contains("⏎"), "\(screen)")
        return screen
    }

    /// A remote command that waits for the test's go (a file), so it acts while the text is shown.
    func whenTold(_ command: String) -> String {
        let go = cli.home.appendingPathComponent("go").path
        return "while [ ! -e \(go) ]; do sleep 0.05; done; rm -f \(go); \(command)"
    }

    func go() throws {
        _ = FileManager.default.createFile(atPath: cli.home.appendingPathComponent("go").path, contents: nil)
    }

    /// SIGQUIT and SIGUSR1 end the session as a hang-up does: the take kept as interrupted,
    /// the line erased, the terminal cooked.
    @Test(arguments: ["QUIT", "USR1"])
    func aSignalInTheShownStateKeepsTheTakeAndRestoresTheTerminal(signal: String) throws {
        let tmux = try session()
        try show(tmux)
        try tmux.signal(signal)
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("EXIT=255"), "\(screen)")
        #expect(!screen.contains("⏎ insert"), "the line was left on screen: \(screen)")
        let row = try #require(try cli.history().first)
        #expect(row["outcome"] as? String == "interrupted", "\(row)")
        #expect(row["final_text"] as? String == "ls -la")
        #expect((row["error"] as? String)?.contains("SIG\(signal)") == true, "\(row)")
        try tmux.send(
            "stty -a | tr ' ' '\\n' | grep -x -- '-\\?\\(icanon\\|echo\\|isig\\|opost\\)' | sort | tr '\\n' +", "Enter")
        let modes = try tmux.wait { $0.contains("echo+icanon+isig+opost+") }
        #expect(modes.contains("echo+icanon+isig+opost+"), "the terminal was left raw: \(modes)")
    }

    /// A remote program that asks the terminal where its cursor is, and what it is, while the
    /// text waits for `y`: it gets its answers, and they are not taken as keys.
    @Test func theRemotesQuestionsGetTheirAnswersWhileTextIsShown() throws {
        // Longer than the line: inserting it wants `y` (what is sent must have been seen whole).
        try ("echo " + String(repeating: "a", count: 150)).write(toFile: heard, atomically: true, encoding: .utf8)
        let tmux = try session()
        let ask =
            #"stty -icanon -echo; printf '\033[6n\033[c'; IFS= read -r -t 5 -d c reply; stty icanon echo; printf 'got=%q\n' "$reply""#
        try tmux.send(whenTold(ask), literal: true)
        try tmux.send("Enter")
        try show(tmux)
        try tmux.send("Enter")
        try tmux.wait { $0.contains("press y to insert it") }
        try go()
        let screen = try tmux.wait { $0.contains("\ngot=") && $0.contains("press y to insert it") }
        // bash's %q: the cursor report (row;col R) and the device attributes (ESC [ ? …).
        let got = try #require(screen.split(separator: "\n").first { $0.hasPrefix("got=") })
        #expect(got.contains("R\\E[?"), "\(screen)")
        #expect(screen.contains("press y to insert it"), "a reply knocked the question back: \(screen)")
        try tmux.backAndDiscard()
        #expect(try cli.history().map { $0["outcome"] as? String } == ["discarded"])
    }

    /// After a flood of remote output while the text is shown, the line is back each time
    /// before a key is taken: Esc discards what the user sees, and nothing hidden is sent.
    @Test func afterAFloodTheLineIsBackBeforeAKeyIsTaken() throws {
        let tmux = try session()
        for round in 1...3 {
            try tmux.send("clear", "Enter")
            try tmux.wait { $0.hasPrefix("remote$") && !$0.contains("FLOOD-42") }
            try tmux.send(
                whenTold(
                    "yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | head -c 50000000; echo FLOOD-$((6*7))"),
                literal: true)
            try tmux.send("Enter")
            try show(tmux)
            try go()
            let after = try tmux.wait(seconds: 120) { $0.contains("FLOOD-42") && $0.contains("⏎ insert") }
            #expect(after.contains("FLOOD-42"), "round \(round): the flood did not end: \(after.suffix(300))")
            #expect(
                (after.contains("remote$ ls -la  ⏎ insert") || after.contains("remote$ ls -la  ⇥ 1/")),
                "round \(round): no line after the flood: \(after.suffix(300))")
            try tmux.send("Escape")
            let gone = try tmux.wait { !$0.contains("⏎ insert") }
            let last = gone.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last == "remote$", "round \(round): \(gone.suffix(300))")
        }
        #expect(try cli.history(rows: 3).map { $0["outcome"] as? String } == ["discarded", "discarded", "discarded"])
    }

    /// Resizing while the text is shown, then Esc: no piece of the line is left on the screen,
    /// and what the remote wrote before is kept. tmux re-wraps the screen itself before the
    /// SIGWINCH comes, and a window shrunk below the output pushes its top rows (and the line as
    /// it stood then) into the scrollback, so "before" is looked for there.
    @Test func aResizeLeavesNoFragments() throws {
        let tmux = try session()
        try tmux.send("echo before", "Enter")
        try tmux.wait { $0.contains("before\nremote$") }
        try show(tmux)
        for (columns, rows) in [(40, 20), (70, 30), (30, 12), (100, 30)] {
            try tmux.resize(columns: columns, rows: rows)
            try tmux.wait { $0.contains("⏎") }
        }
        try tmux.send("Escape")
        let screen = try tmux.wait { !$0.contains("⏎") }
        for piece in ["⏎", "insert", "^R", "esc", "ls -la", "discard"] {
            #expect(!screen.contains(piece), "\(piece) left on screen: \(screen)")
        }
        #expect(try tmux.scrollback().contains("remote$ echo before\nbefore\n"))
    }
}
