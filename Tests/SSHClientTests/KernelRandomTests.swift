import CLibSSH2
import Testing

@testable import SSHClient

/// libcrypto's random bytes (libssh2's padding, its key exchange) come from the kernel once
/// libssh2 is set up, and they are random.
struct KernelRandomTests {
    @Test func libcryptoAsksTheKernelOnceLibSSH2IsSetUp() {
        _ = LibSSH2.initialized
        #expect(RAND_get_rand_method() != RAND_OpenSSL())
        var first = [UInt8](repeating: 0, count: 32)
        var second = first
        #expect(RAND_bytes(&first, 32) == 1 && RAND_priv_bytes(&second, 32) == 1)
        #expect(first != second && first.contains { $0 != 0 })
    }
}
