import Foundation
import VoiceshCore

/// The ssh_config files a connection reads, as ssh picks them: `-F FILE` alone (`-F none`:
/// no file), else `~/.ssh/config` then `/etc/ssh/ssh_config`. Reading never runs anything.
package struct SSHConfigFiles {
    package var files: [SSHConfigResolver.File]
    package var resolver: SSHConfigResolver

    package init(explicit: String?, context: AppContext) throws(SSHConfigProblem) {
        let home = context.environment["HOME"] ?? NSHomeDirectory()
        if let explicit {
            let path = context.expandingTilde(explicit)
            guard path == "none" || FileManager.default.isReadableFile(atPath: path) else {
                throw .noUserConfigFile(explicit)
            }
            files = path == "none" ? [] : [.init(path: path, isUser: true)]
        } else {
            files = [
                .init(path: home + "/.ssh/config", isUser: true), .init(path: "/etc/ssh/ssh_config", isUser: false),
            ]
        }
        resolver = SSHConfigResolver(
            local: SSHConfig.Local(home: home, user: context.localUser, hostName: ProcessInfo.processInfo.hostName),
            read: Self.read, glob: Self.glob)
        resolver.servicePort = { name in
            getservbyname(name, "tcp").map { Int(UInt16(bigEndian: UInt16(truncatingIfNeeded: $0.pointee.s_port))) }
        }
    }

    /// The options for `host`, with `-o` words and the destination's user and port first.
    package func resolve(host: String, user: String?, port: Int?, commandLine: [(String, String)])
        throws(SSHConfigProblem) -> SSHOptions
    {
        do throws(SSHConfigResolver.Problem) {
            return try resolver.resolve(host: host, user: user, port: port, commandLine: commandLine, files: files)
        } catch {
            throw .unusable(error)
        }
    }

    /// The ProxyCommand to run for `host`, tokens filled in, or nil for none. It runs only when
    /// typed with `-o` or read from a file the user alone can change, in directories the user
    /// alone can change (as sshd's StrictModes reasons: whoever can replace the file chooses the
    /// command); profiles never carry one.
    package func proxyCommand(_ options: SSHOptions, host: String) throws(SSHConfigProblem) -> String? {
        guard let command = options.proxyCommand, command != "none" else { return nil }
        let source = options.sources["proxycommand"] ?? "-o"
        if source != "-o" {
            let path = source.range(of: " line ").map { String(source[..<$0.lowerBound]) } ?? source
            if let open = Self.tooOpen(path) {
                throw .proxyCommandTooOpen(source: source, open: open)
            }
        }
        do throws(SSHConfigResolver.Problem) {
            return try resolver.expand(command, options: options, host: host, keyword: "ProxyCommand")
        } catch {
            throw .unusable(error)
        }
    }

    /// The file, or the first directory above it, that someone other than the user could
    /// change or replace, or nil when none: each must be owned by the user or root and not
    /// writable by group or others. A sticky directory (`/tmp`) is closed enough: others
    /// cannot rename or remove what they do not own in it.
    static func tooOpen(_ path: String) -> String? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        guard stat(real, &info) == 0, Self.owned(info), info.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return path }
        var directory = (real as NSString).deletingLastPathComponent
        while !directory.isEmpty {
            guard stat(directory, &info) == 0, Self.owned(info) else { return directory }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0, info.st_mode & S_ISVTX == 0 { return directory }
            if directory == "/" { break }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return nil
    }

    private static func owned(_ info: stat) -> Bool {
        info.st_uid == getuid() || info.st_uid == 0
    }

    private static func read(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The paths `pattern` matches, as the shell would glob them (none: none).
    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }
    }
}
