import Foundation

/// What an SSH session runs on: a socket it reads and writes, closed with its owner.
protocol SSHTransport: AnyObject {
    var fd: Int32 { get }
}

/// A connected TCP socket, closed when this object goes away.
final class TCPConnection: SSHTransport {
    let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Resolves `host` and tries each address (IPv6 and IPv4, in the resolver's order) with a
    /// non-blocking connect bounded by `timeout`, as ssh does with ConnectTimeout.
    static func connect(host: String, port: Int, timeout: Double) throws(SSHError) -> TCPConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let list else {
            throw .resolve(host: host, reason: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }

        var lastError = SSHError.connect(host: host, port: port, reason: "no address")
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            let connection = TCPConnection(fd: fd)
            switch connection.connect(to: info.pointee.ai_addr, length: info.pointee.ai_addrlen, timeout: timeout) {
            case .connected:
                var one: Int32 = 1
                // Keystrokes are tiny packets; Nagle would hold each one back for an ACK.
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return connection
            case .timedOut:
                lastError = .connectTimeout(host: host, port: port, seconds: timeout)
            case .failed(let code):
                lastError = .connect(host: host, port: port, reason: String(cString: strerror(code)))
            }
        }
        throw lastError
    }

    private enum Outcome {
        case connected
        case timedOut
        case failed(Int32)
    }

    private func connect(to address: UnsafePointer<sockaddr>, length: socklen_t, timeout: Double) -> Outcome {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        if Glibc.connect(fd, address, length) == 0 { return .connected }
        guard errno == EINPROGRESS else { return .failed(errno) }
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&pfd, 1, Int32(timeout * 1000))
        guard ready > 0 else { return ready == 0 ? .timedOut : .failed(errno) }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        return error == 0 ? .connected : .failed(error)
    }
}
