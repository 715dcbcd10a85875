import Foundation

extension FileManager {
    /// `copyItem`, then what it made private: Foundation gives a copy its source's mode (0644
    /// from /usr/share), whatever the umask says. Directories become 0700, files 0600; a
    /// symbolic link in the copy is left as it is (never its target).
    func copyPrivately(atPath source: String, toPath destination: String) throws {
        try copyItem(atPath: source, toPath: destination)
        var paths = [destination]
        if let inside = enumerator(atPath: destination) {
            while let relative = inside.nextObject() as? String { paths.append(destination + "/" + relative) }
        }
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: _ = chmod(path, 0o700)
            case S_IFREG: _ = chmod(path, 0o600)
            default: break
            }
        }
    }
}
