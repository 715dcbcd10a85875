import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import VoiceshCore

/// Opens a WebSocket from swift-nio's own parts (bootstrap, TLS, the HTTP/1.1 upgrade) rather
/// than through swift-websocket, for one reason: the socket's buffers must stay small, and
/// swift-websocket sets no socket or channel options. Audio written during a network stall
/// has to wait in the engine's queue, where `RatePacer` holds it to the provider's rate; the
/// kernel's send buffer (autotuned to megabytes) would take seconds of it and deliver them in
/// one burst when the network comes back, which AssemblyAI answers with 3007.
enum WebSocketDialer {
    typealias Socket = NIOAsyncChannel<WebSocketFrame, WebSocketFrame>

    /// Unsent bytes the kernel takes (`TCP_NOTSENT_LOWAT`): what has been sent and not yet
    /// acknowledged is still bounded only by the congestion window, so the throughput a long
    /// round trip needs is kept (a small `SO_SNDBUF` would cap it), while a stall stops the
    /// writer after ~60 ms of audio.
    static let unsentBytes = 2048
    /// swift-nio's own buffer above the socket: past `high` the writer waits (NIOAsyncChannel
    /// suspends its writes while the channel is not writable).
    static let writeBuffer = ChannelOptions.Types.WriteBufferWaterMark(low: 1024, high: 2048)
    /// What may reach the server at once, beyond the frame itself, when a stalled send returns:
    /// both buffers above and 8 KiB the path itself held (the stall fixture's receive buffer;
    /// a real path holds its congestion window, one segment after a retransmission timeout).
    static let heldBytes = unsentBytes + writeBuffer.high + 8192

    enum Failure: Error {
        case badURL
        /// The server answered the upgrade request with something other than 101.
        case refused
    }

    private enum Upgrade: Sendable {
        case upgraded(Socket)
        case refused
    }

    static func connect(_ request: ConnectionRequest, tls: TLSConfiguration) async throws -> Socket {
        // Checked first: a stored profile may carry a port the socket layer would trap on. The
        // URL is voicesh's own here, a token in its query as AssemblyAI's takes one.
        guard (try? CheckedURL(request.url, schemes: ["ws", "wss"], carriesToken: true)) != nil,
            let parts = URLComponents(string: request.url), let host = parts.host, !host.isEmpty,
            let scheme = parts.scheme?.lowercased(), scheme == "ws" || scheme == "wss"
        else { throw Failure.badURL }
        let secure = scheme == "wss"
        // Foundation keeps an IPv6 address's brackets in `host`, as the Host header wants; the socket does not.
        let address = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let ssl = try secure ? NIOSSLContext(configuration: tls) : nil
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?" + query }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: parts.port.map { "\(host):\($0)" } ?? host)
        for header in request.headers { headers.add(name: header.name, value: header.value) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)

        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelOption(.tcpOption(.init(rawValue: TCP_NOTSENT_LOWAT)), value: SocketOptionValue(unsentBytes))
            .channelOption(.writeBufferWaterMark, value: writeBuffer)
            .connect(host: address, port: parts.port ?? (secure ? 443 : 80)) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let ssl {
                        // The URL's host as SNI, as before (validation refuses an address with wss).
                        let handler = try NIOSSLClientHandler(context: ssl, serverHostname: host)
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 20) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            // Whole messages: a text reply split into fragments arrives as one.
                            let aggregator = NIOWebSocketFrameAggregator(
                                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 10,
                                maxAccumulatedFrameSize: 1 << 20)
                            try channel.pipeline.syncOperations.addHandler(aggregator)
                            return .upgraded(try Socket(wrappingChannelSynchronously: channel))
                        }
                    }
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: .init(
                            upgradeRequestHead: head, upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in
                                channel.close(promise: nil)
                                return channel.eventLoop.makeSucceededFuture(.refused)
                            }))
                    // The server's first message may share a segment with its 101 reply.
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: configuration)
                }
            }
        switch try await upgrade.get() {
        case .upgraded(let socket): return socket
        case .refused: throw Failure.refused
        }
    }
}
