import Foundation
import ProcessSpawn
import VoiceshCore

/// The local model kept loaded between calls (`intent.persist`), as ssh's ControlPersist keeps
/// a master: `intent-server.py --keep` on a Unix socket of the user's own, which the first call
/// starts and later calls reach, until no request has come for the idle time. Starting is done
/// under a lock, so two calls at once load one model.
public enum KeptModelServer {
    /// The folder the sockets live in: `$XDG_RUNTIME_DIR/voicesh` (the user's, gone at logout),
    /// else `/tmp/voicesh-UID`. Either must be the user's own folder that only they can enter.
    public static func folder(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), owned(runtime, private: false) {
            return runtime + "/voicesh"
        }
        return "/tmp/voicesh-\(getuid())"
    }

    /// The socket for `runtime`: one per model file (as it is now), threads and context size.
    public static func socket(for runtime: IntentRuntime, threads: Int, environment: [String: String]) -> String {
        var info = stat()
        let file = stat(runtime.model, &info) == 0 ? "\(info.st_size)-\(info.st_mtim.tv_sec)" : ""
        let key = [runtime.model, file, String(threads), String(runtime.contextTokens)].joined(separator: "\n")
        let hash = key.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return folder(environment: environment) + "/intent-" + String(hash, radix: 16) + ".sock"
    }

    /// `reach` on a thread of its own, for async callers: the load takes seconds.
    public static func reaching(
        _ runtime: IntentRuntime, threads: Int, idle: Double, environment: [String: String],
        loading: @escaping @Sendable () -> Void
    ) async throws(IntentError) -> String {
        try await LocalModelServer.onThread { () throws(IntentError) in
            try reach(runtime, threads: threads, idle: idle, environment: environment, loading: loading)
        }
    }

    /// The socket of a kept server for `runtime`, started when none answers; `loading` is
    /// called when this call starts it (the model loads, for seconds). Blocks: call it off the
    /// concurrency pool.
    public static func reach(
        _ runtime: IntentRuntime, threads: Int, idle: Double, environment: [String: String], timeout: Double = 60,
        loading: () -> Void = {}
    ) throws(IntentError) -> String {
        let path = socket(for: runtime, threads: threads, environment: environment)
        let folder = (path as NSString).deletingLastPathComponent
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw .localServer("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        guard owned(folder, private: true) else {
            throw .localServer("\(folder) must be a folder of yours that only you can enter (chmod 700)")
        }
        guard path.utf8.count < 108 else { throw .localServer("its socket's path is too long: \(path)") }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw .localServer("cannot open \(path).lock: \(String(cString: strerror(errno)))") }
        defer { close(lock) }  // and with it the lock
        while flock(lock, LOCK_EX) != 0, errno == EINTR {}
        if answers(path) { return path }
        // One started by a call that has gone (a session that ended at once) may still be
        // loading: it is waited for, not loaded again beside it.
        if waitForLoad(path, timeout: timeout), answers(path) { return path }
        loading()
        let argv = [
            runtime.python, runtime.script, runtime.model, String(threads), String(runtime.contextTokens), "--keep",
            path, String(Int(idle.rounded(.up))),
        ]
        let line = try LocalModelServer.firstLine(of: argv, runtime: runtime, timeout: timeout) { pid in
            _ = Spawn.wait(pid)  // the child that leaves at once; the kept server is its child
        }
        let ready = try LocalModelServer.ready(line, runtime: runtime, timeout: timeout)
        guard ready == path else {
            throw .localServer("it said it was ready on \(UntrustedText.excerpt(ready)), not on \(path)")
        }
        return path
    }

    /// Whether a server was loading for `path` (it holds `path.loading` locked until it serves),
    /// once it is done or `timeout` has passed.
    static func waitForLoad(_ path: String, timeout: Double) -> Bool {
        let fd = open(path + ".loading", O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }  // none was ever started here
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(timeout)
        var waited = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return waited }
            waited = true
            usleep(50_000)
        }
        flock(fd, LOCK_UN)
        return waited
    }

    /// Whether a kept server answers on `path` now (its `/health`, within two seconds).
    public static func answers(_ path: String) -> Bool {
        let fd = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return false }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let probe = Array("GET /health HTTP/1.0\r\n\r\n".utf8)
        guard send(fd, probe, probe.count, Int32(MSG_NOSIGNAL)) == probe.count else { return false }
        var reply = [UInt8](repeating: 0, count: 12)
        let count = recv(fd, &reply, reply.count, Int32(MSG_WAITALL))
        return count == 12 && String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 200")
    }

    /// Whether `path` is a folder (not a link) of this user's; `private`: that only they can enter.
    static func owned(_ path: String, private: Bool) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return false }
        return !`private` || info.st_mode & 0o077 == 0
    }
}
