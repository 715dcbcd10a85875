import Foundation
import Synchronization
import TestFixtures
import Testing

/// The built binary once for what `CommandTests` runs in process: the entry point, the
/// exit codes and the streams as a shell sees them, and SQLite's locks between processes.
struct BinaryTierTests {
    @Test func eightProcessesWriteAtOnce() throws {
        let cli = try CLI()
        try cli.ok("profile", "list")  // create the database first
        let failed = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let r = try? cli.run(["profile", "add", "p\(i)", "--host", "h\(i)"], executable: CLI.binary.path)
            if r?.status != 0 { failed.withLock { $0.append(r?.stderr ?? "did not run") } }
        }
        #expect(failed.withLock { $0 }.isEmpty)
        let list = try cli.ok("profile", "list", "--json").stdout
        #expect((try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [Any])?.count == 8)
    }

    /// A server engine's text on stdout, nothing else; its failure one line on stderr, exit 1.
    @Test func transcribeWithAServerEngine() throws {
        let cli = try CLI()
        let speech = try SpeechFiles.speech("git status", in: cli)
        let server = try STTServer(dialect: "openai", text: "kubectl get pods")
        let file = try cli.file(
            "s.toml", "name = \"s\"\nhost = \"example.com\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n")
        try cli.ok("profile", "import", file)
        let heard = try cli.run("transcribe", "--profile", "s", speech)
        #expect(heard.status == 0 && heard.stderr.isEmpty, "\(heard.stderr)")
        #expect(heard.stdout == "kubectl get pods\n")
        let missing = try cli.run("transcribe", "--profile", "nobody", speech)
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        #expect(missing.stderr == "voicesh: no profile named \"nobody\"; see voicesh profile list\n")
    }

    /// argument-parser's own words and codes: help on stdout (0), a usage error on stderr (64).
    @Test func helpAndUsageErrors() throws {
        let cli = try CLI()
        let help = try cli.run("voice")
        #expect(help.status == 0 && help.stdout.hasPrefix("At a shown line (toggle, then say):"))
        let usage = try cli.run("profile", "--bogus")
        #expect(usage.status == 64 && usage.stdout.isEmpty)
        #expect(usage.stderr.hasPrefix("Error: Unknown option '--bogus'"))
    }
}
