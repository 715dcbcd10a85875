import Foundation

/// Creates the database's directory (0700) and file (0600) before SQLite opens it, so the
/// history is never readable by other users, not even for a moment. SQLite gives its -wal
/// and -shm files the database file's mode.
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
        let fd = Foundation.open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        close(fd)
    }
}
