import Foundation

/// A pipe that wakes the session loop's poll: both ends non-blocking (a full pipe already
/// means "wake up") and closed on exec (children never hold the loop's descriptors).
enum WakePipe {
    static func make() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }
}
