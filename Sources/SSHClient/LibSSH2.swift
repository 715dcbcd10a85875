import CLibSSH2

/// Process-wide libssh2 set-up and the constants the wrappers share.
enum LibSSH2 {
    /// libssh2_init is not thread-safe and must run once before any session; its packets'
    /// random padding then comes from the kernel (`voicesh_use_kernel_random`, in the shim).
    static let initialized: Void = {
        _ = libssh2_init(0)
        _ = voicesh_use_kernel_random()
    }()

    static let eagain = LIBSSH2_ERROR_EAGAIN
    static let windowSize: UInt32 = 2 * 1024 * 1024  // LIBSSH2_CHANNEL_WINDOW_DEFAULT does not import
    static let packetSize: UInt32 = 32768  // LIBSSH2_CHANNEL_PACKET_DEFAULT
}

/// The outcome of one non-blocking libssh2 call (after swift-nio's `syscall(blocking:)`).
public enum Step<Value> {
    case done(Value)
    case wouldBlock
}
