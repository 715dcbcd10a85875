import Foundation
import VoiceshCore

/// The database's directory and file, private before SQLite opens them, and changed only when
/// voicesh made them. A missing directory is created 0700 and a missing file 0600 (SQLite
/// gives its -wal and -shm files the database file's mode), so the history is never readable
/// by other users, not even for a moment. A directory that already exists (`VOICESH_HOME`, a
/// symbolic link, the XDG one) is used as it is when it is private enough, and refused when
/// others may write in it; it is never chmod-ed. A database file the user owns in that private
/// directory is tightened to 0600 (an older voicesh or a copy left it looser).
public enum FileSecurity {
    static func prepare(databaseAt path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        try prepare(directory: directory)
        // An existing file is SQLite's to open: one the user cannot write still reads.
        let fd = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        let code = errno
        guard fd >= 0 || code == EEXIST else {
            let reason = String(cString: strerror(code))
            if code == ENOSPC || code == EDQUOT { throw .diskFull(path: path) }
            if code == EROFS { throw .readOnlyFileSystem(path: path) }
            if FileManager.default.fileExists(atPath: path) { throw .cannotWrite(path: path, reason: reason) }
            throw .cannotCreate(path: path, reason: reason)
        }
        if fd >= 0 { close(fd) }
        for file in [path, path + "-wal", path + "-shm"] { tighten(file, to: 0o600) }
    }

    /// A directory of voicesh's state (the data or the config directory), ready to be written
    /// in: an existing one checked (`sharedProblem`), a missing one made 0700.
    public static func prepare(directory: String) throws(StoreError) {
        try check(directory: directory)
        var info = stat()
        if stat(directory, &info) != 0 { try makeDirectory(directory) }
    }

    /// Refuses a directory that exists and others may write in (nothing to check when it is missing).
    public static func check(directory: String) throws(StoreError) {
        var info = stat()
        guard stat(directory, &info) == 0 else { return }
        if let problem = sharedProblem(info) { throw .sharedDirectory(path: directory, problem: problem) }
    }

    /// `mkdir -p` with mode 0700 for each directory it makes (voicesh runs with umask 077).
    static func makeDirectory(_ directory: String) throws(StoreError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            guard mkdir(path, 0o700) != 0, errno != EEXIST else { continue }
            let code = errno
            switch code {
            case ENOSPC, EDQUOT: throw .diskFull(path: directory)
            case EROFS: throw .readOnlyFileSystem(path: directory)
            default: throw .cannotCreate(path: directory, reason: String(cString: strerror(code)))
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreate(path: directory, reason: "a file stands where the data directory should be")
        }
    }

    /// Why others may change what is in a directory (nil: it is private enough). A directory
    /// others may only read or list is fine: the files voicesh puts in it are 0600.
    static func sharedProblem(_ info: stat) -> String? {
        guard info.st_mode & S_IFMT == S_IFDIR else { return "not a directory" }
        var problems: [String] = []
        if info.st_uid != geteuid() { problems.append("owned by another user (uid \(info.st_uid))") }
        if info.st_mode & S_IWOTH != 0 { problems.append("writable by everyone") }
        if info.st_mode & S_IWGRP != 0 { problems.append("writable by its group") }
        if info.st_mode & S_ISVTX != 0 { problems.append("sticky (a shared directory such as /tmp)") }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    /// Takes group and other bits away from a regular file the user owns (never through a
    /// symbolic link); others' files are left alone.
    static func tighten(_ path: String, to mode: mode_t) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
            info.st_mode & 0o077 != 0
        else { return }
        _ = chmod(path, info.st_mode & 0o7777 & mode)
    }
}
