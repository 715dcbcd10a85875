import Foundation
import TestFixtures
import Testing

/// Issue 44, the third hostile tour, where only a process, a terminal or a network shows it:
/// a name that resolves off the machine never gets the key (inside the test's own network
/// namespace, so nothing leaves it), a URL no client can take leaves the terminal as it was,
/// and a notice too long for its row keeps what to do.
@Suite(.serialized)
struct ThirdTourTerminalTests: SessionSuite {
    let fixture: SessionFixture
    let speech: String

    init() throws {
        fixture = try SessionFixture()
        speech = try SpeechFiles.speech("git status", in: fixture.cli)
    }

    /// Repro 1, end to end: `localhost` is accepted as loopback when saved, but here it resolves
    /// to 10.99.0.1, an address of the test's own network namespace, where the endpoint listens.
    /// With a key the request is refused before it is made and the endpoint logs nothing; the
    /// same request without a key reaches it, so the refusal is the key route's, not a dead end.
    @Test(.enabled(if: getuid() == 0, "a network namespace of the test's own needs root"))
    func aNameThatResolvesAwayNeverGetsTheKey() throws {
        let hosts = try cli.file("hosts", "10.99.0.1 localhost\n")
        let log = cli.home.appendingPathComponent("endpoint.log").path
        try cli.ok(
            "config", "set", "intent.url", "http://localhost:18777/v1", "intent.model", "m", "intent.api_key_env",
            "INTENT_KEY")
        let fixture = PackagePaths.root.appendingPathComponent("Tests/Fixtures/chat_server.py").path
        let script = """
            set -e
            ip link set lo up
            ip addr add 10.99.0.1/32 dev lo
            mount --bind "$1" /etc/hosts
            python3 "$2" --listen 10.99.0.1 --port 18777 --log "$3" --lifetime 60 > "$3.port" 2>/dev/null &
            server=$!
            for _ in $(seq 200); do [ -s "$3.port" ] && break; sleep 0.05; done
            set +e
            "$4" intent list the files; echo "keyed=$?"
            "$4" config unset intent.api_key_env >/dev/null
            "$4" intent list the files; echo "keyless=$?"
            kill "$server"
            """
        let result = try cli.run(
            ["--net", "--mount", "/bin/sh", "-c", script, "sh", hosts, fixture, log, CLI.binary.path],
            executable: "/usr/bin/unshare", environment: ["INTENT_KEY": "sk-never-leaves-0123456789"])
        #expect(result.stdout.contains("keyed=1"), "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("localhost resolves to 10.99.0.1, not this machine")
                && result.stderr.contains("the key was not sent"), "\(result.stderr)")
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let requests = logged.split(separator: "\n")
        // Only the keyless request arrived, and it carried no key.
        #expect(requests.count == 1, "\(logged)")
        #expect(requests.allSatisfy { $0.contains("\"authorization\": false") }, "\(logged)")
        #expect(result.stdout.contains("keyless=0"), "\(result.stdout)\(result.stderr)")
    }

    /// Repro 2: a port past 65535 in config.toml (edited by hand) crashed the intent take and
    /// left the terminal raw. It is one line before anything starts, and the terminal is as it was.
    @Test func aURLNoClientCanTakeLeavesTheTerminalAsItWas() throws {
        try cli.importProfile(
            "far", for: sshd, engine: "recognizer = \"command\"\ncommand = \"echo who\"", allowCommand: true)
        try "[intent]\nurl = \"http://127.0.0.1:99999/v1\"\nmodel = \"x\"\n".write(
            toFile: cli.home.appendingPathComponent("config.toml").path, atomically: true, encoding: .utf8)
        let before = cli.home.appendingPathComponent("stty-before").path
        let after = cli.home.appendingPathComponent("stty-after").path
        let tmux = try Tmux(["/bin/bash", "--norc", "--noprofile"], environment: cli.environment)
        // The status is printed after the terminal's state is read: the screen saying it means
        // the file is written (read before, it was sometimes found empty).
        try tmux.send(
            "stty -g > \(before); \(CLI.binary.path) connect --audio-file \(speech) far; s=$?; stty -g > \(after); echo \"stat\"\"us=$s\"",
            "Enter")
        let screen = try tmux.wait { $0.contains("status=") }
        #expect(screen.contains("status=1"), "\(screen)")
        // The pane wraps the long line: read it whole.
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("port 99999 is out of range"), "\(screen)")
        #expect(screen.components(separatedBy: "voicesh:").count == 2, "\(screen)")  // one line
        let sttyBefore = try String(contentsOfFile: before, encoding: .utf8)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == sttyBefore)
    }

    /// Repro 6: a damaged database's notice was cut at the screen's width and lost its advice.
    @Test func aNoticeTooLongForItsRowKeepsWhatToDo() throws {
        try cli.importProfile(
            "damaged", for: sshd, engine: "recognizer = \"command\"\ncommand = \"echo echo sent\"", allowCommand: true)
        try cli.damageDatabase()
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, "damaged", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ], columns: 80, environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        try tmux.send("C-]")
        try tmux.wait { $0.contains("● rec") }
        usleep(1_200_000)
        try tmux.send("C-]")
        try tmux.wait { $0.contains("⏎ insert") }
        try tmux.send("Enter")
        let screen = try tmux.wait { $0.contains("voicesh: the history could not be") && $0.contains("new one") }
        // What happened keeps its start; the advice its start and its end.
        #expect(screen.contains("; save what") && screen.contains("new one"), "\(screen)")
    }
}
