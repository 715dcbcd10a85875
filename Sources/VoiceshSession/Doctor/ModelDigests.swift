import Crypto
import Foundation
import VoiceshCore

/// SHA-256 digests of model files, each worked out once on a thread of its own, so the
/// doctor's other checks (the microphone's reading) run while a 1 GB model is read. The digest
/// is BoringSSL's (swift-crypto), which uses the CPU's SHA instructions where it has them.
final class ModelDigests: Sendable {
    typealias Digest = Result<String, Unreadable>

    /// Why a file could not be read to the end.
    struct Unreadable: Error, Equatable {
        var reason: String
    }

    private let started = Locked<[String: Pending]>([:])

    /// Starts reading each file now.
    func prefetch(_ paths: [String]) {
        for path in paths { _ = pending(path) }
    }

    /// The file's digest in lower-case hex, waiting for it if it is still being read.
    func sha256(_ path: String) -> Digest {
        pending(path).wait()
    }

    private func pending(_ path: String) -> Pending {
        started.update { started in
            if let known = started[path] { return known }
            let pending = Pending()
            started[path] = pending
            Thread.detachNewThread { pending.finish(Self.digest(of: path)) }
            return pending
        }
    }

    /// Reads the file in 4 MiB pieces into the hash.
    static func digest(of path: String) -> Digest {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Unreadable(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 4 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Unreadable(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return .success(hasher.finalize().map { String(format: "%02x", $0) }.joined())
    }

    /// A digest on its way.
    private final class Pending: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let result = Locked<Digest?>(nil)

        func finish(_ digest: Digest) {
            result.value = digest
            done.signal()
        }

        func wait() -> Digest {
            if let known = result.value { return known }
            done.wait()
            done.signal()  // for the next caller
            return result.value ?? .failure(Unreadable(reason: "no answer"))
        }
    }
}
