import Foundation

/// Every file, folder and link under a directory: its mode, size, modification time and
/// contents, so two snapshots are equal only when nothing there changed (what `voicesh doctor`
/// promises of the state directory; both test tiers check it).
package struct StateSnapshot: Equatable, CustomStringConvertible {
    package var entries: [String: String]

    package init(_ root: URL) throws {
        entries = [:]
        let base = root.path
        var queue = [base]
        while let directory = queue.popLast() {
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
                let path = directory + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                var entry = "mode \(String(info.st_mode, radix: 8)) size \(info.st_size) "
                entry += "mtime \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
                switch info.st_mode & S_IFMT {
                case S_IFDIR: queue.append(path)
                case S_IFREG:
                    var hasher = Hasher()
                    hasher.combine(try Data(contentsOf: URL(fileURLWithPath: path)))
                    entry += " contents \(hasher.finalize())"
                case S_IFLNK:
                    entry += " to \(try FileManager.default.destinationOfSymbolicLink(atPath: path))"
                default: break
                }
                entries[String(path.dropFirst(base.count))] = entry
            }
        }
    }

    package var description: String {
        entries.keys.sorted().map { "\($0): \(entries[$0] ?? "")" }.joined(separator: "\n")
    }
}
