import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Reads the certificate a server presents, to say why it was refused: a second handshake
/// whose own verification refuses the certificate the moment it arrives, so the handshake
/// never completes and nothing is ever sent under it.
enum CertificateProbe {
    static func leaf(host: String, port: Int, timeout: TimeAmount = .seconds(5)) async -> NIOSSLCertificate? {
        let seen = Seen()
        guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else { return nil }
        // SNI carries names only; an address is sent without it.
        let name = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: name,
                        customVerificationCallback: { chain, verdict in
                            seen.set(chain.first)
                            verdict.succeed(NIOSSLVerificationResult.failed)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else { return nil }
        channel.eventLoop.scheduleTask(in: timeout) { () -> Void in channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        return seen.get()
    }

    /// The leaf certificate, set on the event loop and read after the channel closed.
    private final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var certificate: NIOSSLCertificate?

        func set(_ new: NIOSSLCertificate?) { lock.withLock { certificate = new } }
        func get() -> NIOSSLCertificate? { lock.withLock { certificate } }
    }
}
