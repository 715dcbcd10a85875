import CLibSSH2
import Foundation

/// Copies bytes both ways between a `direct-tcpip` channel and its end of a socket pair, with
/// libssh2 in non-blocking mode. It starts on a thread of its own (the next hop's handshake
/// blocks the owner's thread, and needs it); once the session is set up the owner takes it
/// over (`handOver`) and steps it from its own loop, so a keystroke crosses no thread. It stops
/// when either side ends, and then lets go of the channel (and so of the jump host's session).
final class TunnelPump: @unchecked Sendable {
    private let channel: ForwardedChannel
    private let fd: Int32
    /// Bytes read from one side that the other did not take yet.
    private var toChannel: [UInt8] = []
    private var toSocket: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: Int(LibSSH2.packetSize))
    /// Wakes the thread's poll to hand the pump over.
    private let wake: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var handingOver = false
    /// The tunnel has ended (either side); nothing moves any more.
    private(set) var ended = false

    init(channel: ForwardedChannel, fd: Int32) {
        self.channel = channel
        self.fd = fd
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        close(fd)
        close(wake.read)
        close(wake.write)
    }

    /// Runs on its thread until the tunnel ends or the owner takes it over.
    func run() {
        while !lock.withLock({ handingOver }) {
            step()
            if ended { return }
            var fds = [
                pollfd(fd: channel.session.socket, events: channel.session.pollEvents, revents: 0),
                pollfd(fd: fd, events: socketEvents, revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&fds, 3, 1000)
            // The next session is gone: what it still had to say (its goodbye) can go unsaid.
            if fds[1].revents & Int16(POLLHUP | POLLERR) != 0, toSocket.isEmpty { end() }
        }
    }

    /// Asks the thread to stop at its next turn (the caller then waits for `run` to return).
    func handOver() {
        lock.withLock { handingOver = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// The descriptors the owner's loop waits on for it: the jump host's socket and the pair.
    var descriptors: [Int32] { [channel.session.socket, fd] }

    /// Bytes wait for a side that could not take them: the owner should turn again soon.
    var isBacklogged: Bool { !toChannel.isEmpty || !toSocket.isEmpty }

    /// Moves what can move now, without waiting; when either side has ended, the channel is
    /// told and the pair's end shut, so the next session sees its transport close.
    func step() {
        guard !ended else { return }
        if !move() { end() }
    }

    /// The tunnel is done: the jump host hears EOF, the next session sees its transport close.
    func end() {
        guard !ended else { return }
        ended = true
        _ = libssh2_channel_send_eof(channel.raw)
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// The jump host's session the channel is on.
    var session: SSHSession { channel.session }

    private var socketEvents: Int16 { Int16(toChannel.isEmpty ? POLLIN : 0) | Int16(toSocket.isEmpty ? 0 : POLLOUT) }

    /// One pass both ways until nothing moves; false when the tunnel is done.
    private func move() -> Bool {
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
