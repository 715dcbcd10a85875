import Foundation
import TestFixtures
import Testing

/// A session with an empty model cache builds the edge model in a child process
/// (`voicesh edge-model`), against the real sshd sandbox, in a real terminal (tmux).
@Suite(.serialized)
struct EdgeModelChildTests: SessionSuite {
    let fixture: SessionFixture

    init() throws {
        fixture = try SessionFixture()
        try cli.importProfile("edge", for: sshd, engine: "kind = \"edge\"\nvocabulary = [\"kubectl\"]")
    }

    var cache: String { cli.home.appendingPathComponent("cache").path }

    /// The cache's complete entries (a dictionary marks one) and what else is there.
    func cacheFiles() -> [String] {
        (FileManager.default.subpaths(atPath: cache) ?? []).sorted()
    }

    /// `voicesh connect edge` with the session's log (`VOICESH_LOG=info`) in `log`.
    func session(log: String) throws -> Tmux {
        let command =
            "VOICESH_LOG=info exec voicesh connect edge -- env PS1='remote$ ' bash --norc --noprofile 2>'\(log)'"
        let tmux = try Tmux(["/bin/sh", "-c", command], environment: cli.environment)
        try tmux.wait { $0.contains("remote$") || $0.contains("EXIT=") }
        return tmux
    }

    func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    /// The pids of `voicesh edge-model` processes whose parent is `parent`.
    func builders(of parent: pid_t) -> [pid_t] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return pids.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, fields[0] != "Z", pid_t(fields[1]) == parent,
                let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            return cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } == ["voicesh", "edge-model"]
        }
    }

    @Test func aSessionWithAnEmptyCacheHasTheChildBuildTheModel() throws {
        #expect(!cacheFiles().contains { $0.hasSuffix("shell.dict") })
        let log = cli.home.appendingPathComponent("session.log").path
        let tmux = try session(log: log)
        // No recording is made: the model reaches the cache before any.
        let built = wait(seconds: 90) { cacheFiles().contains { $0.hasSuffix("/shell.dict") } }
        #expect(built, "no model in the cache: \(cacheFiles())")
        let said = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(
            wait(seconds: 10) { said().contains("edge model: ready in the cache, built by child process") }, "\(said())"
        )
        try tmux.send("exit", "Enter")
        try tmux.wait { $0.contains("EXIT=0") }
        #expect(!said().contains("built in this process"), "\(said())")
        // The job file (the user's history lines) does not stay behind.
        #expect(!cacheFiles().contains { $0.hasPrefix("edge-job-") }, "\(cacheFiles())")

        // A second session finds the model: no child, no build.
        let again = cli.home.appendingPathComponent("again.log").path
        let second = try session(log: again)
        try second.send("exit", "Enter")
        try second.wait { $0.contains("EXIT=0") }
        let text = (try? String(contentsOfFile: again, encoding: .utf8)) ?? ""
        #expect(!text.contains("edge model:"), "\(text)")
    }

    @Test func theChildDiesWithTheSession() throws {
        let log = cli.home.appendingPathComponent("killed.log").path
        let tmux = try session(log: log)
        let session = try tmux.programPID()
        var children: [pid_t] = []
        #expect(
            wait(seconds: 20) {
                children = builders(of: session); return !children.isEmpty
            })
        try tmux.signal("KILL")
        try tmux.wait { $0.contains("EXIT=") }
        // Orphaned, the child sees its parent gone and ends (a zombie of init's counts as gone).
        for child in children {
            let gone = wait(seconds: 5) {
                guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8) else {
                    return true
                }
                return stat.contains(") Z ")
            }
            #expect(gone, "voicesh edge-model \(child) outlived its session")
        }
        // Killed a moment after it started, it left no complete entry (the build takes longer).
        #expect(!children.isEmpty && !cacheFiles().contains { $0.hasSuffix("/shell.dict") }, "\(cacheFiles())")
    }

    @Test func theHiddenCommandRefusesBadInputWithOneLine() throws {
        for input in ["", "{not json", #"{"vocabulary":[],"history":[],"cacheDirectory":"relative/dir"}"#] {
            let result = try cli.run("edge-model", stdin: input)
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.hasPrefix("voicesh: edge-model") == true, "\(result.stderr)")
        }
        #expect(!cacheFiles().contains { $0.hasSuffix("shell.dict") })
        #expect(try !cli.ok("--help").stdout.contains("edge-model"))
    }
}
