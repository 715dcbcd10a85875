import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import NIOWebSocket
import TLSTrust
import VoiceshCore

/// One WebSocket connection (`WebSocketDialer`), behind the few calls the engine needs: send
/// text, send PCM as binary, close, and a stream of what happened. The socket runs on
/// swift-nio's event loop; nothing here touches the capture path. A send waits while the
/// socket's small buffers are full, so a stalled network holds the sender, not the kernel.
final class WebSocketConnection: Sendable {
    enum Event: Equatable, Sendable {
        case opened
        case text(String)
        /// The server's close frame (nil code when the connection ended without one).
        case closed(code: Int?, reason: String)
        /// The connection could not be made or broke: words for the user.
        case failed(String)
    }

    let events: AsyncStream<Event>
    private let writer = WriterBox()
    private let task: Task<Void, Never>

    /// `tls`: whom a `wss` connection trusts (verification is always on).
    init(_ request: ConnectionRequest, tls: TLSConfiguration) {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        let writer = self.writer
        task = Task {
            do {
                let socket = try await WebSocketDialer.connect(request, tls: tls)
                let close = try await socket.executeThenClose { inbound, outbound in
                    writer.set(outbound, channel: socket.channel)
                    continuation.yield(.opened)
                    return try await Self.read(inbound, writer: writer, to: continuation)
                }
                continuation.yield(.closed(code: close?.code, reason: close?.reason ?? ""))
            } catch {
                var words = Self.words(for: error)
                if let refusal = await CertificateRefusal.diagnose(error, url: request.url) {
                    words = refusal.description
                }
                // The refused upgrade's reply is not kept: ask again over plain HTTP for its
                // status and the provider's words (Deepgram's `dg-error`).
                if case WebSocketDialer.Failure.refused = error, let refusal = await Self.refusal(of: request, tls: tls)
                {
                    words = "the server refused the WebSocket handshake: \(refusal)"
                }
                continuation.yield(.failed(words))
            }
            writer.set(nil, channel: nil)
            continuation.finish()
        }
    }

    deinit { task.cancel() }

    /// Text replies go to `continuation`; pings are answered; the server's close frame is
    /// answered (RFC 6455 §5.5.1) and returned. Nil when the connection ended without one.
    private static func read(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, writer: WriterBox,
        to continuation: AsyncStream<Event>.Continuation
    ) async throws -> (code: Int, reason: String)? {
        for try await frame in inbound {
            var data = frame.unmaskedData
            switch frame.opcode {
            case .text:
                continuation.yield(.text(String(buffer: data)))
            case .ping:
                try await writer.write(.pong, data)
            case .connectionClose:
                // Echo the status (RFC 6455 §5.5.1); a frame without one is 1005 (§7.1.5).
                let status = data.readWebSocketErrorCode()
                let reason = data.readString(length: data.readableBytes) ?? ""
                var echo = ByteBufferAllocator().buffer(capacity: 2)
                if let status { echo.write(webSocketErrorCode: status) }
                try? await writer.write(.connectionClose, echo)
                return (status.map { Int(UInt16(webSocketErrorCode: $0)) } ?? 1005, reason)
            default:
                break
            }
        }
        return nil
    }

    func send(text: String) async throws {
        try await writer.write(.text, ByteBuffer(string: text))
    }

    /// Raw PCM16 little-endian in one binary message: never base64, never JSON (B1.5, B2.1).
    func send(pcm samples: [Int16]) async throws {
        var buffer = ByteBufferAllocator().buffer(capacity: samples.count * 2)
        for sample in samples { buffer.writeInteger(sample, endianness: .little) }
        try await writer.write(.binary, buffer)
    }

    /// Sends the close frame and waits, a second at most, for the server to answer it and
    /// close (RFC 6455 §7.1.1): dropping the socket at once could lose the frame itself.
    func close() async {
        guard let channel = writer.channel else { return }
        var code = ByteBufferAllocator().buffer(capacity: 2)
        code.write(webSocketErrorCode: .normalClosure)
        try? await writer.write(.connectionClose, code)
        let deadline = channel.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        deadline.cancel()
    }

    /// Drops the connection at once (the server is not waited for).
    func abort() { task.cancel() }

    /// `HTTP 401: Invalid credentials.`: the status of the same request as plain HTTP, with
    /// the `dg-error` header's words or the JSON body's message; nil when that does not say.
    static func refusal(of request: ConnectionRequest, tls: TLSConfiguration) async -> String? {
        var url = request.url
        for (ws, http) in [("wss://", "https://"), ("ws://", "http://")] where url.hasPrefix(ws) {
            url = http + url.dropFirst(ws.count)
        }
        var http = HTTPClientRequest(url: url)
        for header in request.headers { http.headers.add(name: header.name, value: header.value) }
        http.tlsConfiguration = tls
        guard let response = try? await HTTPClient.strict.execute(http, timeout: .seconds(10)),
            (400..<600).contains(Int(response.status.code))
        else { return nil }
        let body = try? await response.body.collect(upTo: 16 * 1024)
        let object = body.flatMap {
            try? JSONSerialization.jsonObject(with: Data($0.readableBytesView)) as? [String: Any]
        }
        let message =
            response.headers.first(name: "dg-error")
            ?? (object?["err_msg"] ?? object?["error"] ?? object?["message"]) as? String
        return "HTTP \(response.status.code)" + (message.map { ": \($0)" } ?? "")
    }

    static func words(for error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if case WebSocketDialer.Failure.refused = error {
            return "the server refused the WebSocket handshake (a rejected key or token, or a wrong URL)"
        }
        return ConnectionWords.describe(error)
    }
}

/// The outbound writer, set once the handshake succeeds. Frames a client sends are masked
/// (RFC 6455 §5.3); one close frame at most, and nothing after it.
private final class WriterBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>?
    private var socket: (any Channel)?
    private var closed = false

    func set(_ new: NIOAsyncChannelOutboundWriter<WebSocketFrame>?, channel: (any Channel)?) {
        lock.withLock {
            outbound = new
            socket = channel
            closed = false
        }
    }

    var channel: (any Channel)? { lock.withLock { socket } }

    func write(_ opcode: WebSocketOpcode, _ data: ByteBuffer) async throws {
        let writer = try lock.withLock {
            guard let outbound, !closed else { throw CancellationError() }
            if opcode == .connectionClose { closed = true }
            return outbound
        }
        try await writer.write(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
    }
}
