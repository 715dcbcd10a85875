import Glibc

/// A pipe for a child's standard stream, closed on exec from the moment it exists: a child
/// that another thread starts meanwhile must not keep an end open, or the output would never
/// end. `Spawn` hands the child its end under a new number, which exec keeps.
public enum ChildPipe {
    /// The two ends, or nil when the process has no descriptors left.
    public static func make() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        if let pipe2 {
            guard pipe2(&fds, O_CLOEXEC) == 0 else { return nil }
        } else {
            // A C library without pipe2: flagged at once, a window only as wide as one call.
            guard pipe(&fds) == 0 else { return nil }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        return (fds[0], fds[1])
    }

    /// glibc's `pipe2`, which Swift's Glibc module does not declare (it is behind `_GNU_SOURCE`).
    private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()
}
