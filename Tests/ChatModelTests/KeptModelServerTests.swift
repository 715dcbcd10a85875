import ChatModel
import Foundation
import Testing
import VoiceshCore

/// The local model kept between calls (`intent.persist`): the real runtime and a small real
/// model, as `scripts/setup` installs them, on a Unix socket in a folder of the test's own.
struct KeptModelServerTests {
    let runtime: IntentRuntime
    /// What `XDG_RUNTIME_DIR` names for these tests; the socket's folder is `voicesh` in it.
    let runtimeFolder: String

    init() throws {
        let home = "/usr/local/lib/voicesh/intent"
        runtime = try IntentRuntime.locate(
            model: home + "/SmolLM2-135M-Instruct.Q4_1.gguf", environment: ["VOICESH_INTENT_HOME": home])
        runtimeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtimeFolder, withIntermediateDirectories: true)
    }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtimeFolder] }

    /// The kept servers serving `socket` (the command lines that name it).
    func servers(_ socket: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
            guard let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).contains("--keep\0" + socket + "\0")
        }.count
    }

    func waitUntil(seconds: Double, every pause: UInt32 = 100_000, _ done: () throws -> Bool) throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try done() { return true }
            usleep(pause)
        }
        return try done()
    }

    /// Two calls at once load one model; a later call finds it; it answers a chat request on its
    /// socket (mode 0600, in a folder only the user enters); idle for its time, it ends and its
    /// socket goes. Its idle time is 20 s: under a whole test run, 4 s passed between the answer
    /// and the checks, and it had ended before it was looked at.
    @Test func callsShareOneServerWhichEndsWhenIdle() async throws {
        defer { try? FileManager.default.removeItem(atPath: runtimeFolder) }
        let loads = Locked(0)
        let (runtime, environment) = (runtime, environment)
        let reach = { @Sendable () -> Result<String, IntentError> in
            Result { () throws(IntentError) in
                try KeptModelServer.reach(runtime, threads: 1, idle: 20, environment: environment) {
                    loads.update { $0 += 1 }
                }
            }
        }
        async let first = Task.detached { reach() }.value
        async let second = Task.detached { reach() }.value
        let (one, two) = await (first, second)
        let socket = try one.get()
        #expect(try two.get() == socket)
        #expect(loads.value == 1, "\(loads.value) loads for two calls at once")
        #expect(try servers(socket) == 1)
        #expect(socket.hasPrefix(runtimeFolder + "/voicesh/intent-") && socket.hasSuffix(".sock"))
        var info = stat()
        #expect(lstat(socket, &info) == 0 && info.st_mode & 0o777 == 0o600 && info.st_mode & S_IFMT == S_IFSOCK)
        #expect(lstat(runtimeFolder + "/voicesh", &info) == 0 && info.st_mode & 0o777 == 0o700)

        #expect(try reach().get() == socket)
        #expect(loads.value == 1, "a later call loaded the model again")
        let endpoint = ChatEndpoint(socket: socket, model: "SmolLM2", timeout: 120)
        let content = try await endpoint.complete(
            [.user("Request: print the date")], schema: IntentPrompt.schema, maxTokens: 40)
        // A tiny model: what it writes is its own; an answer in the schema's shape is the check.
        let object = try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any]
        #expect(object?["command"] is String, "\(content)")
        // llama.cpp's grammar in place of the schema, as voicesh sends the local model: the same shape.
        var shaped = endpoint
        shaped.grammar = IntentPrompt.grammar
        let written = try await shaped.complete(
            [.user("Request: print the date")], schema: IntentPrompt.schema, maxTokens: 160)
        let answer = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
        #expect(answer?["command"] is String && answer?["explanation"] is String, "\(written)")

        let ended = try waitUntil(seconds: 90) {
            let left = try servers(socket)
            return left == 0 && !KeptModelServer.answers(socket)
        }
        #expect(ended, "an idle server did not end")
        #expect(!FileManager.default.fileExists(atPath: socket), "an idle server left its socket")
    }

    /// A server whose starter went away while it loaded (a session that ended at once) is
    /// waited for: the next call loads no second model beside it, which would replace it.
    @Test func aServerStillLoadingIsWaitedFor() throws {
        defer { try? FileManager.default.removeItem(atPath: runtimeFolder) }
        let socket = KeptModelServer.socket(for: runtime, threads: 1, environment: environment)
        #expect(mkdir(runtimeFolder + "/voicesh", 0o700) == 0)
        let starter = Process()  // as `reach` starts it, by a caller that does not wait for it
        starter.executableURL = URL(fileURLWithPath: runtime.python)
        starter.arguments = [
            runtime.script, runtime.model, "1", String(runtime.contextTokens), "--keep", socket, "20",
        ]
        starter.standardOutput = FileHandle.nullDevice
        starter.standardError = FileHandle.nullDevice
        try starter.run()
        let loading = try waitUntil(seconds: 10, every: 5_000) {
            let fd = open(socket + ".loading", O_RDWR | O_CLOEXEC)
            defer { if fd >= 0 { close(fd) } }
            guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) != 0 else { return false }
            return true
        }
        #expect(loading, "the server never said it was loading")
        let loads = Locked(0)
        let reached = try KeptModelServer.reach(runtime, threads: 1, idle: 20, environment: environment) {
            loads.update { $0 += 1 }
        }
        #expect(reached == socket && KeptModelServer.answers(socket))
        #expect(loads.value == 0, "a second model was loaded beside the one loading")
        #expect(try servers(socket) == 1)
        try FileManager.default.removeItem(atPath: socket)  // it ends with its socket
    }

    /// Its socket's folder removed (the test's home, a logout's runtime folder): it ends.
    @Test func itEndsWhenItsSocketIsRemoved() throws {
        let socket = try KeptModelServer.reach(runtime, threads: 1, idle: 600, environment: environment)
        #expect(KeptModelServer.answers(socket))
        try FileManager.default.removeItem(atPath: runtimeFolder)
        #expect(try waitUntil(seconds: 10) { try servers(socket) == 0 }, "it outlived its socket")
    }

    /// A folder others can enter is not where a socket that answers with the user's model goes.
    @Test func aFolderOthersCanEnterIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: runtimeFolder) }
        try FileManager.default.createDirectory(
            atPath: runtimeFolder + "/voicesh", withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        let words = runtimeFolder + "/voicesh must be a folder of yours that only you can enter (chmod 700)"
        #expect(throws: IntentError.localServer(words)) {
            try KeptModelServer.reach(runtime, threads: 1, idle: 600, environment: environment)
        }
    }

    /// A small model that rambles in its explanation (this prompt made the 135M model write
    /// "microsecond" until its token limit) still gives a whole answer: the local model's
    /// grammar holds the explanation to 100 characters, so the command written first is kept.
    /// Two threads, as a session asks (with one the model does not ramble); kept until its
    /// folder goes, since a whole test run can hold this task for longer than a short idle time.
    @Test func aRamblingExplanationStillEndsTheAnswer() async throws {
        defer { try? FileManager.default.removeItem(atPath: runtimeFolder) }
        let socket = try KeptModelServer.reach(runtime, threads: 2, idle: 600, environment: environment)
        var endpoint = ChatEndpoint(socket: socket, model: "SmolLM2", timeout: 120)
        endpoint.grammar = IntentPrompt.grammar
        let request = """
            Server:
            Directory: /root
            Here: .bash_history, .bashrc, .cache/, .cargo/, .claude/, .config/, .debug/, .gitconfig, .lesshst, .local/, .profile, .pyenv/, .rustup/, .swiftpm/
            Tools: apt, cargo, curl, docker, git, ifconfig, ip, journalctl, jq, kubectl, lsof, make, netstat, node, npm, pip3, psql, python3, service, sqlite3, ss, systemctl, wget, xz, yq, zstd
            Similar requests and their commands:
            - show yesterday's date: date -d yesterday +%F
            - convert the timestamp 1700000000 to a date: date -d @1700000000
            - what is the date ninety days from now: date -d '+90 days' +%F
            Request: how do I print the date
            """
        let written = try await endpoint.complete(
            IntentPrompt.prefix + [.user(request)], schema: IntentPrompt.schema, maxTokens: 256)
        let answer = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
        let explanation = try #require(answer?["explanation"] as? String, "\(written)")
        #expect(answer?["command"] is String && explanation.count <= 100, "\(written)")
    }
}
