import Foundation
import LocalRecognizer
import PostgresSandbox
import SSHClient
import TestFixtures
import Testing
import VoiceshCore
import VoiceshSession

/// `voicesh doctor` on this machine as `scripts/setup` leaves it: every part ✓, then each part
/// broken alone gives exactly one ✗ line naming it and what to do, and a non-zero exit; and
/// never a byte of the state directory changed. The parts are real: the installed Whisper and
/// intent model hashed, ALSA's own devices, SQLite's integrity check, a real sshd.
@Suite(.serialized)
struct DoctorTests {
    /// A home with one profile, so the database is there to be looked at; its microphone is
    /// ALSA (these machines have no sound card: the test names ALSA's `null` device).
    let cli: CLI

    init() async throws {
        var cli = try CLI(connector: LibSSH2Connector())
        cli.microphone = ALSAMicrophone()
        self.cli = cli
        try await cli.ok("profile", "add", "web", "--host", "web.example")
    }

    /// What `scripts/setup` leaves: the installed second ear and intent model (the test home
    /// turns both off), and a capture device.
    static let setUp = ["VOICESH_WHISPER_HOME": "", "VOICESH_INTENT_HOME": "", "VOICESH_AUDIO_DEVICE": "null"]

    func doctor(_ arguments: String..., environment: [String: String] = [:]) async throws -> ProgramResult {
        try await cli.run(["doctor"] + arguments, environment: Self.setUp.merging(environment) { _, new in new })
    }

    /// The lines that say something is wrong.
    static func crosses(_ result: ProgramResult) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("✗") }
    }

    @Test func everyPartWorksOnThisMachine() async throws {
        let before = try StateSnapshot(cli.home)
        let result = try await doctor()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("✓ ") }, "\(result.stdout)")
        #expect(
            lines.map { $0.dropFirst(2).prefix { $0 != ":" } } == [
                "config.toml", "microphone", "offline engine", "second ear", "ear choice", "intent model",
                "history database",
            ])
        #expect(result.stdout.contains("✓ microphone: ALSA device \"null\": 0.3 s heard, silent"), "\(result.stdout)")
        // setup installs the ear's model adapted to shell talk, and doctor checks it by its own pin.
        #expect(
            result.stdout.contains(
                "Whisper base adapted to shell talk at /usr/local/lib/voicesh/whisper/shell, "
                    + "model.bin has its pinned SHA-256 (\(WhisperRuntime.shellModelSHA256.prefix(12))…)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("has its pinned SHA-256 (cc324af070c2…); xllamacpp in"), "\(result.stdout)")
        #expect(result.stdout.contains("whole (integrity_check ok), schema"), "\(result.stdout)")
        #expect(result.stdout.contains("1 profile, 0 dictations"), "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)

        let json = try await doctor("--json")
        #expect(json.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.count == lines.count)
        for check in checks {
            #expect(check["ok"] as? Bool == true)
            #expect(check["advice"] is NSNull, "\(check)")
            #expect((check["detail"] as? String)?.isEmpty == false)
        }
        #expect(checks.map { $0["part"] as? String }.contains("second ear"))
    }

    @Test func aProfileThatWorksAllTheWayToItsHostKey() async throws {
        let sshd = try SSHSandbox()
        try await cli.ok("profile", "import", try cli.file("s.toml", sshd.profile("s")))
        let before = try StateSnapshot(cli.home)
        let result = try await doctor("s", "--connect")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(Self.crosses(result).isEmpty, "\(result.stdout)")
        let name = "[\(sshd.address)]:\(sshd.port)"
        #expect(result.stdout.contains("✓ destination: profile \"s\": "), "\(result.stdout)")
        #expect(result.stdout.contains("@\(sshd.address) port \(sshd.port), connect timeout 15 s"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ identity files: \(sshd.clientKey), private to you"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ known_hosts: \(name) is known (\(sshd.knownHosts):1)"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ agent: none (SSH_AUTH_SOCK is not set)"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ connection: \(name) answered in "), "\(result.stdout)")
        #expect(result.stdout.contains("matches known_hosts (not logged in)"), "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)
        // Reached, and left before a login: sshd saw no user authenticate.
        #expect(!sshd.log.contains("Accepted publickey"), "\(sshd.log)")
    }

    /// Through a jump host (ssh_config's alias): the jump host is logged in to without asking
    /// anything, to reach the target, which is not logged in to.
    @Test func aTargetBehindAJumpHost() async throws {
        let jump = try SSHSandbox(config: ["LogLevel VERBOSE"])
        let target = try SSHSandbox(config: ["LogLevel VERBOSE"])
        try target.authorize(publicKeyFile: jump.clientKey + ".pub")
        let knownHosts = try cli.file(
            "known_hosts",
            try String(contentsOfFile: jump.knownHosts, encoding: .utf8)
                + String(contentsOfFile: target.knownHosts, encoding: .utf8))
        _ = try cli.file(
            ".ssh/config",
            """
            Host jumpA
              HostName \(jump.address)
              Port \(jump.port)
              IdentityFile \(jump.clientKey)
              UserKnownHostsFile \(knownHosts)
            """)
        try await cli.ok(
            "profile", "import",
            try cli.file(
                "behind.toml",
                """
                name = "behind"
                host = "\(target.address)"
                port = \(target.port)
                identity = "\(jump.clientKey)"
                known_hosts = "\(knownHosts)"
                jump = "jumpA"
                """))
        let before = try StateSnapshot(cli.home)
        let result = try await doctor("behind", "--connect")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(Self.crosses(result).isEmpty, "\(result.stdout)")
        #expect(result.stdout.contains(" port \(target.port), through jumpA, connect timeout"), "\(result.stdout)")
        #expect(
            result.stdout.contains("✓ connection: [\(target.address)]:\(target.port) answered in "), "\(result.stdout)")
        #expect(jump.log.contains("Accepted publickey"), "\(jump.log)")
        #expect(!target.log.contains("Accepted publickey"), "\(target.log)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    /// A learnt voice is the one the offline engine hears with, and says from how many recordings.
    @Test func aLearntVoice() async throws {
        let model = cli.home.appendingPathComponent("voice/model").path
        try FileManager.default.createDirectory(atPath: model, withIntermediateDirectories: true)
        let stock = PocketSphinxEngine.stockAcousticModel
        for name in ["means", "variances", "transition_matrices", "mdef", "feat.params", "noisedict"] {
            try FileManager.default.copyItem(atPath: "\(stock)/\(name)", toPath: "\(model)/\(name)")
        }
        try FileManager.default.copyItem(atPath: "\(stock)/sendump", toPath: "\(model)/mixture_weights")
        // What the learner writes beside the voice after a run (voicesh adapt --status reads it).
        let score = #"{"exact": 3, "wordErrors": 1, "recordings": 3}"#
        _ = try cli.file(
            "voice/learning.json",
            #"{"learntFrom": 12, "seen": 15, "heldBack": 3, "lastRun": "2026-11-01T10:00:00Z", "before": "#
                + score + #", "after": "# + score + #", "replaced": true, "seconds": 40}"#)
        #expect(VoiceLearner(voiceDirectory: cli.home.path + "/voice", cacheDirectory: "").status()?.learntFrom == 12)
        let result = try await doctor()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains("✓ offline engine: pocketsphinx, your voice learnt from 12 recordings (\(model))"),
            "\(result.stdout)")
    }

    /// The choice learnt for the user's voice is used while voicesh ships the weights it was
    /// proven against; after a voicesh with refitted ones, doctor says the shipped ones choose.
    @Test func aChoiceLearntBesideOtherShippedWeights() async throws {
        let shipped = try #require(EarWeights.shipped)
        let path = cli.home.appendingPathComponent("voice/ear-choice-shell.json").path
        func learnt(beside weights: EarFusion.Weights) throws {
            var own = try #require(
                try JSONSerialization.jsonObject(with: JSONEncoder().encode(shipped)) as? [String: Any])
            own["shipped"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(weights))
            _ = try cli.file(
                "voice/ear-choice-shell.json",
                String(decoding: try JSONSerialization.data(withJSONObject: own), as: UTF8.self))
        }
        try learnt(beside: shipped)
        var result = try await doctor()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✓ ear choice: the ears' readings chosen by weights learnt for your voice (\(path))"),
            "\(result.stdout)")
        var earlier = shipped
        earlier.readings[.whisper] = (shipped.readings[.whisper] ?? 0) - 1
        try learnt(beside: earlier)
        result = try await doctor()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✓ ear choice: the ears' readings chosen by voicesh's fitted weights: those learnt for your voice "
                    + "(\(path)) were proven against another voicesh's weights (voicesh adapt learns them again)"),
            "\(result.stdout)")
    }

    /// An endpoint for intent mode: its key variable must be set, and its value is never shown.
    @Test func anIntentEndpointAndItsKeyVariable() async throws {
        try await cli.ok(
            "config", "set", "intent.url", "https://models.example/v1", "intent.model", "coder", "intent.api_key_env",
            "DOCTOR_KEY")
        let before = try StateSnapshot(cli.home)
        let unset = try await doctor()
        #expect(unset.status == 1)
        #expect(
            Self.crosses(unset) == [
                "✗ intent model: intent.api_key_env names DOCTOR_KEY, which is not set; export it (or, for the local model, unset intent.api_key_env and intent.url)"
            ], "\(unset.stdout)")
        let set = try await doctor(environment: ["DOCTOR_KEY": "sk-very-secret-value"])
        #expect(set.status == 0, "\(set.stdout)")
        #expect(
            set.stdout.contains(
                "✓ intent model: the endpoint https://models.example/v1 (model coder), its key variable DOCTOR_KEY is set (not contacted)"
            ),
            "\(set.stdout)")
        let json = try await doctor("--json", environment: ["DOCTOR_KEY": "sk-very-secret-value"])
        #expect(!(set.stdout + set.stderr + json.stdout + json.stderr).contains("sk-very-secret-value"))
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func noCaptureDevice() async throws {
        let before = try StateSnapshot(cli.home)
        let result = try await doctor(environment: ["VOICESH_AUDIO_DEVICE": "nosuch"])
        #expect(result.status == 1)
        #expect(
            Self.crosses(result) == [
                "✗ microphone: cannot record from \"nosuch\": ALSA knows no device of that name; check `voicesh devices` and pick one with the profile's audio_device or VOICESH_AUDIO_DEVICE"
            ], "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func aWhisperModelWithOneByteChanged() async throws {
        // A copy of the installed second ear in the test's home, its model.bin one byte off.
        let installed = "/usr/local/lib/voicesh/whisper"
        let copy = cli.home.appendingPathComponent("whisper").path
        let files = FileManager.default
        try files.createDirectory(atPath: copy + "/bin", withIntermediateDirectories: true)
        try files.createDirectory(atPath: copy + "/base", withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: copy + "/bin/python3", withDestinationPath: installed + "/bin/python3")
        try files.createSymbolicLink(atPath: copy + "/lib", withDestinationPath: installed + "/lib")
        for name in ["config.json", "tokenizer.json", "vocabulary.txt"] {
            try files.copyItem(atPath: "\(installed)/base/\(name)", toPath: "\(copy)/base/\(name)")
        }
        var model = try Data(contentsOf: URL(fileURLWithPath: installed + "/base/model.bin"))
        model[model.count / 2] ^= 0x01
        try model.write(to: URL(fileURLWithPath: copy + "/base/model.bin"))

        let before = try StateSnapshot(cli.home)
        let result = try await doctor(environment: ["VOICESH_WHISPER_HOME": copy])
        #expect(result.status == 1)
        let crosses = Self.crosses(result)
        #expect(crosses.count == 1, "\(result.stdout)")
        let line = try #require(crosses.first)
        #expect(
            line.hasPrefix(
                "✗ second ear: \(copy)/base/model.bin does not have its pinned SHA-256 ("), "\(line)")
        #expect(line.contains(", not d01c3014881c…): the file changed since it was installed"), "\(line)")
        #expect(
            line.hasSuffix(
                "; install it again: remove \(copy)/ready, then run VOICESH_WHISPER_HOME=\(copy) scripts/setup"),
            "\(line)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func anIntentModelMissing() async throws {
        let empty = cli.home.appendingPathComponent("intent").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let before = try StateSnapshot(cli.home)
        let result = try await doctor(environment: ["VOICESH_INTENT_HOME": empty])
        #expect(result.status == 1)
        #expect(
            Self.crosses(result) == [
                "✗ intent model: the local intent model is not installed (\(empty)); run scripts/setup, or set intent.url"
            ], "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func aDamagedDatabase() async throws {
        try cli.damageDatabase()
        let before = try StateSnapshot(cli.home)
        let result = try await doctor()
        #expect(result.status == 1)
        let crosses = Self.crosses(result)
        #expect(crosses.count == 1, "\(result.stdout)")
        let line = try #require(crosses.first)
        #expect(line.hasPrefix("✗ history database: \(cli.database) "), "\(line)")
        #expect(line.contains("damaged") || line.contains("not a usable voicesh database"), "\(line)")
        #expect(line.contains("move it aside and voicesh starts a new one"), "\(line)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func aProfileWhoseKeyFileIsWorldReadable() async throws {
        let key = cli.home.appendingPathComponent("id_ed25519").path
        try Shell.keygen(key)
        chmod(key, 0o644)
        try await cli.ok("profile", "add", "loose", "--host", "127.0.0.1", "--identity", key)
        let before = try StateSnapshot(cli.home)
        let result = try await doctor("loose")
        #expect(result.status == 1)
        #expect(
            Self.crosses(result) == [
                "✗ identity files: UNPROTECTED PRIVATE KEY FILE: permissions 0644 for '\(key)' are too open; ssh ignores a key others can read; chmod 600 \(key)"
            ], "\(result.stdout)")
        #expect(result.stdout.contains("✓ destination: profile \"loose\": "), "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func aHostKeyThatChanged() async throws {
        let sshd = try SSHSandbox()
        // known_hosts holds another key for the server's name: what a changed host key looks like.
        let other = cli.home.appendingPathComponent("other_host_key").path
        try Shell.keygen(other)
        let otherKey = try String(contentsOfFile: other + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
        let name = "[\(sshd.address)]:\(sshd.port)"
        let knownHosts = try cli.file("known_hosts", "\(name) \(otherKey.joined(separator: " "))\n")
        try await cli.ok(
            "profile", "import",
            try cli.file("s.toml", sshd.profile("s").replacingOccurrences(of: sshd.knownHosts, with: knownHosts)))
        let before = try StateSnapshot(cli.home)
        let result = try await doctor("s", "--connect")
        #expect(result.status == 1)
        let crosses = Self.crosses(result)
        #expect(crosses.count == 1, "\(result.stdout)")
        let line = try #require(crosses.first)
        #expect(
            line.hasPrefix(
                "✗ connection: REMOTE HOST IDENTIFICATION HAS CHANGED! The ED25519 key sent by \(name) is SHA256:"))
        #expect(line.contains("; Offending ED25519 key in \(knownHosts):1; "), "\(line)")
        #expect(line.contains("ssh-keygen -f \"\(knownHosts)\" -R \"\(name)\""), "\(line)")
        // Without --connect the entry is there: only the key it holds is wrong.
        #expect(result.stdout.contains("✓ known_hosts: \(name) is known (\(knownHosts):1)"), "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    /// A team store is looked at only when one is configured; it answers, and nothing there is
    /// made (no schema: a probe reads it); stopped, it is the one ✗.
    @Test func aTeamStoreThatAnswersThenStops() async throws {
        let server = try PostgresSandbox()
        let store = ["VOICESH_STORE": server.url(), "PGPASSWORD": PostgresSandbox.password]
        let before = try StateSnapshot(cli.home)
        let answering = try await doctor(environment: store)
        #expect(answering.status == 0, "\(answering.stdout)\(answering.stderr)")
        #expect(
            answering.stdout.contains(
                "✓ team store: \(server.address):\(server.port)/voicesh answers, no voicesh has used it yet"),
            "\(answering.stdout)")
        #expect(try server.psql("SELECT to_regclass('voicesh_migrations') IS NULL") == "t")
        try server.stop()
        let stopped = try await doctor(environment: store)
        #expect(stopped.status == 1)
        let crosses = Self.crosses(stopped)
        #expect(crosses.count == 1, "\(stopped.stdout)")
        #expect(
            crosses.first?.hasPrefix(
                "✗ team store: cannot reach the shared store at \(server.address):\(server.port)/voicesh")
                == true, "\(stopped.stdout)")
        #expect(crosses.first?.hasSuffix("; check VOICESH_STORE and that the server is up") == true, "\(crosses)")
        #expect(try StateSnapshot(cli.home) == before)
    }

    @Test func connectWantsADestination() async throws {
        let result = try await doctor("--connect")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--connect needs a profile or [user@]host[:port]"), "\(result.stderr)")
    }
}
