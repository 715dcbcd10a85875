import Foundation
import ProcessSpawn
import VoiceshCore

/// The local intent model's server: `intent-server.py` (llama.cpp through xllamacpp) as a
/// child on a loopback port it picks, started once and stopped with its owner. The child's
/// standard input is a pipe it reads to the end: when voicesh goes, however it goes, the pipe
/// closes and the child ends. Its log goes nowhere; the one line it must say (ready, or the
/// error) comes on its standard output.
public final class LocalModelServer: @unchecked Sendable {
    /// The chat endpoint's base URL (`http://127.0.0.1:PORT/v1`).
    public let url: String
    private let pid: pid_t
    private let input: Int32
    private let lock = NSLock()
    private var stopped = false

    private init(url: String, pid: pid_t, input: Int32) {
        self.url = url
        self.pid = pid
        self.input = input
    }

    /// `start` on a thread of its own, for async callers: the load takes seconds (a minute on a
    /// busy machine), which must not hold a thread of the concurrency pool meanwhile.
    public static func starting(_ runtime: IntentRuntime, threads: Int = 1, timeout: Double = 60)
        async throws(IntentError) -> LocalModelServer
    {
        try await onThread { () throws(IntentError) in try start(runtime, threads: threads, timeout: timeout) }
    }

    /// `work`'s result from a thread of its own, for a load that must not hold a thread of the
    /// concurrency pool for seconds.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws(IntentError) -> T)
        async throws(IntentError) -> T
    {
        let done = await withCheckedContinuation { (done: CheckedContinuation<Result<T, IntentError>, Never>) in
            Thread { done.resume(returning: Result { () throws(IntentError) in try work() }) }.start()
        }
        return try done.get()
    }

    /// Starts the server with `runtime` and waits up to `timeout` seconds for it to listen.
    public static func start(_ runtime: IntentRuntime, threads: Int = 1, timeout: Double = 60)
        throws(IntentError) -> LocalModelServer
    {
        guard let stdin = ChildPipe.make() else { throw .localServer("no descriptors left for its pipes") }
        let argv = [runtime.python, runtime.script, runtime.model, String(threads), String(runtime.contextTokens)]
        var pid: pid_t = 0
        let line: String?
        do throws(IntentError) {
            line = try firstLine(of: argv, runtime: runtime, timeout: timeout, input: .copy(stdin.read)) { pid = $0 }
        } catch {
            close(stdin.read)
            close(stdin.write)
            throw error
        }
        close(stdin.read)
        do throws(IntentError) {
            let url = try ready(line, runtime: runtime, timeout: timeout)
            guard url.hasPrefix("http://127.0.0.1:") else {
                throw .localServer(
                    "it said it was ready at \(UntrustedText.excerpt(url)), not on this machine's loopback")
            }
            return LocalModelServer(url: url, pid: pid, input: stdin.write)
        } catch {
            close(stdin.write)
            kill(pid, SIGKILL)
            _ = Spawn.wait(pid)
            throw error
        }
    }

    /// Runs the server script as `argv` says, its standard input `input`, hands its pid to
    /// `spawned`, and returns the first line it says within `timeout` seconds (nil: none).
    static func firstLine(
        of argv: [String], runtime: IntentRuntime, timeout: Double,
        input: Spawn.Descriptor = .file("/dev/null", flags: O_RDONLY), spawned: (pid_t) -> Void
    ) throws(IntentError) -> String? {
        guard let stdout = ChildPipe.make() else { throw .localServer("no descriptors left for its pipes") }
        defer { close(stdout.read) }
        do {
            let pid = try Spawn(
                executable: runtime.python, arguments: argv,
                descriptors: [(0, input), (1, .copy(stdout.write)), (2, .file("/dev/null", flags: O_WRONLY))],
                // Nothing else of ours: no other pipe's end (its reader would never see EOF),
                // no socket, and none of our environment's secrets.
                closeOthers: true, ownGroup: true,
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OMP_NUM_THREADS": argv[3]]
            ).run()
            close(stdout.write)
            spawned(pid)
        } catch {
            close(stdout.write)
            throw .localServer("cannot run \(runtime.python): \(error)")
        }
        return readLine(stdout.read, timeout: timeout)
    }

    /// Where the server said it is ready (its URL or socket), or why it is not, in words.
    static func ready(_ line: String?, runtime: IntentRuntime, timeout: Double) throws(IntentError) -> String {
        let said = line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        if let ready = said?["ready"] as? String { return ready }
        if let error = said?["error"] as? String {
            let words = UntrustedText.excerpt(error, limit: 160)
            // Only the load's own failure is the model's; the socket's folder is not.
            guard error.hasPrefix("cannot load") else { throw .localServer(words) }
            let model = UntrustedText.excerpt(runtime.model, limit: 80)
            throw .localServer("\(words) (loading \(model): a damaged or truncated model?)")
        }
        switch line {
        case nil: throw .localServer("it ended or said nothing within \(Int(timeout)) s")
        case let said?: throw .localServer("it said \"\(UntrustedText.excerpt(said))\", not that it was ready")
        }
    }

    /// Whether the child has ended by itself (it is then reaped, and `stop` does nothing).
    public var hasEnded: Bool {
        lock.withLock {
            guard !stopped else { return true }
            var status: Int32 = 0
            stopped = waitpid(pid, &status, WNOHANG) == pid
            if stopped { close(input) }
            return stopped
        }
    }

    /// Ends the child and waits for it: its stdin closes and SIGTERM asks, and after two seconds
    /// SIGKILL ends its group. Again is nothing.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        close(input)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<200 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(10_000)
        }
        kill(-pid, SIGKILL)
        _ = Spawn.wait(pid)
    }

    deinit { stop() }

    /// The first line `fd` gives within `timeout` seconds, or nil.
    private static func readLine(_ fd: Int32, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            let ready = poll(&entry, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
            if bytes.count > 65536 { return nil }
        }
        return nil
    }
}
