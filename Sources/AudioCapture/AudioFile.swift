import Foundation
import VoiceshCore

/// The bytes of an audio file the user named, which can be anything: a FIFO, `/dev/zero`, a
/// directory. A problem says what the file really is, and nothing is read without end: a
/// stream gives up after `limit` bytes, after its first bytes when they are no WAV header,
/// or after `quiet` seconds with nothing to read.
public enum AudioFile {
    /// More than an hour of CD-quality stereo: far past any dictation.
    public static let limit = 256 * 1024 * 1024

    public static func read(_ path: String, limit: Int = limit, quiet: Double = 10) throws(AudioError) -> [UInt8] {
        // Non-blocking, so a FIFO nobody writes to does not hold `open` forever.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .badFile(path: path, reason: Self.reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .badFile(path: path, reason: Self.reason(errno)) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .badFile(path: path, reason: "a directory, not a WAV file") }
        if kind == S_IFREG, info.st_size > limit {
            throw .badFile(
                path: path, reason: "too long (\(megabytes(Int(info.st_size))), at most \(megabytes(limit)))")
        }
        return try read(fd: fd, name: path, kind: Self.kind(kind), limit: limit, quiet: quiet)
    }

    /// Standard input (`-`, read from `fd`), with the same bounds.
    public static func readStandardInput(fd: Int32 = STDIN_FILENO, limit: Int = limit, quiet: Double = 10)
        throws(AudioError) -> [UInt8]
    {
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? Self.kind(info.st_mode & S_IFMT) : nil
        return try read(fd: fd, name: "standard input", kind: kind, limit: limit, quiet: quiet)
    }

    /// `kind`: what a file that is not a regular one is (nil for a regular file).
    private static func read(fd: Int32, name: String, kind: String?, limit: Int, quiet: Double) throws(AudioError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(quiet * 1000))
            if polled == 0 {
                throw .badFile(path: name, reason: "\(kind ?? "the file") sent nothing for \(Int(quiet)) s")
            }
            if polled < 0, errno == EINTR { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .badFile(path: name, reason: Self.reason(errno))
            }
            if count == 0 { break }
            bytes += chunk.prefix(count)
            // A stream is judged by its first bytes: `/dev/zero` never ends, and is no WAV.
            if let kind, bytes.count >= 12, bytes.count - count < 12, !isWAVHeader(bytes) {
                throw .badFile(path: name, reason: "\(kind) with no WAV header")
            }
            if bytes.count > limit {
                throw .badFile(path: name, reason: "too long (more than \(megabytes(limit)))")
            }
        }
        if let kind, !isWAVHeader(bytes) {
            throw .badFile(
                path: name, reason: bytes.isEmpty ? "\(kind) that gave nothing" : "\(kind) with no WAV header")
        }
        return bytes
    }

    private static func isWAVHeader(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WAVE".utf8)
    }

    private static func kind(_ mode: mode_t) -> String? {
        switch mode {
        case S_IFIFO: "a FIFO (a pipe), not a regular file,"
        case S_IFCHR: "a character device, not a regular file,"
        case S_IFBLK: "a block device, not a regular file,"
        case S_IFSOCK: "a socket, not a regular file,"
        default: nil
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENXIO: "a socket or device with nothing behind it"
        default: String(cString: strerror(code))
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MB"
    }
}
