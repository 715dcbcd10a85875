import Foundation
import VoiceshCore

/// Creates the database's directory (0700) and file (0600) before SQLite opens it, so the
/// history is never readable by other users, not even for a moment, and tightens ones an
/// older voicesh or a copy left looser. SQLite gives its -wal and -shm files the database
/// file's mode.
enum FileSecurity {
    static func prepare(databaseAt path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotCreate(path: directory, reason: "a file stands where the data directory should be")
            }
        } else {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotCreate(path: directory, reason: (error as NSError).localizedDescription)
            }
        }
        // An existing file is SQLite's to open: one the user cannot write still reads.
        let fd = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 || errno == EEXIST else {
            let reason = String(cString: strerror(errno))
            if errno == ENOSPC || errno == EDQUOT { throw .diskFull(path: path) }
            if FileManager.default.fileExists(atPath: path) { throw .cannotWrite(path: path, reason: reason) }
            throw .cannotCreate(path: path, reason: reason)
        }
        if fd >= 0 { close(fd) }
        tighten(directory, to: 0o700)
        for file in [path, path + "-wal", path + "-shm"] { tighten(file, to: 0o600) }
    }

    /// Takes group and other bits away from a file the user owns; others' files are left alone.
    static func tighten(_ path: String, to mode: mode_t) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o077 != 0 else { return }
        _ = chmod(path, info.st_mode & 0o7777 & mode)
    }
}
