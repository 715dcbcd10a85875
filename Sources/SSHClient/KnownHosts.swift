import CLibSSH2
import Foundation

/// Checks a host key against OpenSSH known_hosts files, the way `ssh` does.
///
/// Each file is read line by line (libssh2's readfile stops at the first line it cannot
/// parse and drops the rest), so a bad line is skipped and every entry keeps its line number
/// for messages. A server on a port other than 22 is looked up as `[host]:port` only, since a
/// port-less entry means port 22 to OpenSSH (libssh2 alone would match it on any port).
public struct KnownHosts {
    public enum Status: Equatable, Sendable {
        case known
        /// The host has a different key of this type: refuse.
        case changed(file: String, line: Int)
        /// The key is marked `@revoked`: refuse, whatever the policy.
        case revoked(file: String, line: Int)
        /// Not known; `otherTypes` lists the key types the host is known by, if any.
        case unknown(otherTypes: Bool)
    }

    /// The user's file, checked first and written to.
    public let userFile: String
    /// System-wide files, only read.
    public let globalFiles: [String]

    public init(userFile: String, globalFiles: [String] = ["/etc/ssh/ssh_known_hosts"]) {
        self.userFile = userFile
        self.globalFiles = globalFiles
    }

    /// The name a known_hosts line uses for this host and port: lower case, as OpenSSH writes
    /// and hashes it (`Prod.Example.com` is the entry ssh made for prod.example.com).
    public static func name(host: String, port: Int) -> String {
        port == 22 ? host.lowercased() : "[\(host.lowercased())]:\(port)"
    }

    public func check(_ key: HostKey, host: String, port: Int, session: SSHSession) -> Status {
        let name = Self.name(host: host, port: port)
        var otherTypes = false
        let texts = ([userFile] + globalFiles).compactMap { file in
            // Bytes that are not UTF-8 spoil their own line, never the file (whose other lines
            // may hold the entry that says the key changed).
            FileManager.default.contents(atPath: file).map { (file, String(decoding: $0, as: UTF8.self)) }
        }
        // A revoked key is refused first, as OpenSSH does, wherever it is listed.
        for (file, text) in texts {
            if let line = Self.revoked(key, in: text) { return .revoked(file: file, line: line) }
        }
        for (file, text) in texts {
            let entries = Entries(session: session, text: text)
            switch entries.check(name: name, key: key, typed: true) {
            case .match: return .known
            case .mismatch(let line): return .changed(file: file, line: line)
            case .notFound:
                if case .mismatch = entries.check(name: name, key: key, typed: false) { otherTypes = true }
            }
        }
        return .unknown(otherTypes: otherTypes)
    }

    /// The line of an `@revoked` entry for `key` in `text` (any host pattern: a revoked key is
    /// never trusted), or nil.
    static func revoked(_ key: HostKey, in text: String) -> Int? {
        let blob = Data(key.blob).base64EncodedString()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count >= 4, fields[0] == "@revoked", fields[3] == blob { return index + 1 }
        }
        return nil
    }

    /// Appends `name algorithm key` to the user's file, creating it (and ~/.ssh) privately.
    public func add(_ key: HostKey, host: String, port: Int) throws(SSHError) {
        let directory = (userFile as NSString).deletingLastPathComponent
        do {
            if !FileManager.default.fileExists(atPath: directory) {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            let existing = (try? Data(contentsOf: URL(fileURLWithPath: userFile))) ?? Data()
            let separator = existing.isEmpty || existing.last == UInt8(ascii: "\n") ? "" : "\n"
            let line = Array((separator + "\(Self.name(host: host, port: port)) \(key.knownHostsText)\n").utf8)
            // One append, created private if need be: another ssh adding a line at the same
            // moment keeps its line, and a file made meanwhile is never replaced.
            let fd = open(userFile, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw Self.posix(.fileWriteNoPermission) }
            defer { close(fd) }
            guard write(fd, line, line.count) == line.count else { throw Self.posix(.fileWriteUnknown) }
        } catch {
            throw .knownHostsUnwritable(file: userFile, reason: Self.reason(error, file: userFile))
        }
    }

    /// `code`, with errno beneath it (what `reason` says).
    private static func posix(_ code: CocoaError.Code) -> CocoaError {
        CocoaError(code, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno))])
    }

    /// Foundation's error in words a person can act on ("is a directory", not "error 512").
    private static func reason(_ error: any Error, file: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a directory; move it aside so a known_hosts file can be made there"
        }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}

/// One file's entries in a libssh2 collection, with the line each came from.
final class Entries {
    enum Result { case match, mismatch(line: Int), notFound }

    private let hosts: OpaquePointer?
    private var lines: [Int] = []  // the source line of the n-th entry

    convenience init(session: SSHSession, text: String) {
        self.init(raw: session.raw, text: text)
    }

    /// On any session: a collection only borrows it to allocate and report errors.
    init(raw session: OpaquePointer, text: String) {
        hosts = libssh2_knownhost_init(session)
        guard let hosts else { return }
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("@") else { continue }
            let bytes = Array(line.utf8)
            let rc = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    libssh2_knownhost_readline(hosts, $0.baseAddress, $0.count, LIBSSH2_KNOWNHOST_FILE_OPENSSH)
                }
            }
            if rc == 0 { lines.append(number) }
        }
    }

    deinit { if let hosts { libssh2_knownhost_free(hosts) } }

    func check(name: String, key: HostKey, typed: Bool) -> Result {
        guard let hosts else { return .notFound }
        var found: UnsafeMutablePointer<libssh2_knownhost>?
        let mask = LIBSSH2_KNOWNHOST_TYPE_PLAIN | LIBSSH2_KNOWNHOST_KEYENC_RAW | (typed ? key.knownHostType : 0)
        let rc = key.blob.withUnsafeBufferPointer { blob in
            blob.withMemoryRebound(to: CChar.self) {
                libssh2_knownhost_checkp(hosts, name, -1, $0.baseAddress, $0.count, mask, &found)
            }
        }
        switch rc {
        case LIBSSH2_KNOWNHOST_CHECK_MATCH: return .match
        case LIBSSH2_KNOWNHOST_CHECK_MISMATCH: return .mismatch(line: line(of: found))
        default: return .notFound
        }
    }

    /// The source line of an entry, found by walking the collection in order.
    private func line(of target: UnsafeMutablePointer<libssh2_knownhost>?) -> Int {
        var index = 0
        var current: UnsafeMutablePointer<libssh2_knownhost>?
        while libssh2_knownhost_get(hosts, &current, current) == 0 {
            if current?.pointee.node == target?.pointee.node { return index < lines.count ? lines[index] : 0 }
            index += 1
        }
        return 0
    }
}
