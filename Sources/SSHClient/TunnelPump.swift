import CLibSSH2
import Foundation

/// Copies bytes both ways between a `direct-tcpip` channel and its end of a socket pair, on
/// a thread of its own, with libssh2 in non-blocking mode. It waits in poll on the jump
/// host's socket and the pair; it stops when either side ends, and then lets go of the channel
/// (and so of the jump host's session).
final class TunnelPump: @unchecked Sendable {
    private let channel: ForwardedChannel
    private let fd: Int32
    /// Bytes read from one side that the other did not take yet.
    private var toChannel: [UInt8] = []
    private var toSocket: [UInt8] = []

    init(channel: ForwardedChannel, fd: Int32) {
        self.channel = channel
        self.fd = fd
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Runs until the next session closes its end or the channel ends.
    func run() {
        var buffer = [UInt8](repeating: 0, count: Int(LibSSH2.packetSize))
        while step(&buffer) {
            var fds = [
                pollfd(fd: channel.session.socket, events: channel.session.pollEvents, revents: 0),
                pollfd(
                    fd: fd,
                    events: Int16(toChannel.isEmpty ? POLLIN : 0) | Int16(toSocket.isEmpty ? 0 : POLLOUT),
                    revents: 0),
            ]
            _ = poll(&fds, 2, 1000)
            // The next session is gone: what it still had to say (its goodbye) can go unsaid.
            if fds[1].revents & Int16(POLLHUP | POLLERR) != 0, toSocket.isEmpty { break }
        }
        _ = libssh2_channel_send_eof(channel.raw)
    }

    /// Moves what can move now; false when the tunnel is done.
    private func step(_ buffer: inout [UInt8]) -> Bool {
        var moved = true
        while moved {
            moved = false
            // Channel → pair.
            if toSocket.isEmpty {
                let n = buffer.withUnsafeMutableBytes {
                    libssh2_channel_read_ex(
                        channel.raw, 0, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
                }
                if n > 0 {
                    toSocket = Array(buffer[..<n])
                } else if n == 0 {
                    if libssh2_channel_eof(channel.raw) != 0 { return false }
                } else if n != Int(LibSSH2.eagain) {
                    return false
                }
            }
            if !toSocket.isEmpty {
                let n = toSocket.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n > 0 {
                    toSocket.removeFirst(n)
                    moved = true
                } else if n < 0, errno != EAGAIN, errno != EINTR {
                    return false
                }
            }
            // Pair → channel.
            if toChannel.isEmpty {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    toChannel = Array(buffer[..<n])
                } else if n == 0 {
                    return false  // the next session is gone
                } else if errno != EAGAIN, errno != EINTR {
                    return false
                }
            }
            if !toChannel.isEmpty {
                let n = toChannel.withUnsafeBytes {
                    libssh2_channel_write_ex(
                        channel.raw, 0, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
                }
                if n > 0 {
                    toChannel.removeFirst(n)
                    moved = true
                } else if n < 0, n != Int(LibSSH2.eagain) {
                    return false
                }
            }
        }
        return true
    }
}
