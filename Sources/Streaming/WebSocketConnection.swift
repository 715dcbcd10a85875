import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOSSL
import NIOWebSocket
import TLSTrust
import VoiceshCore
import WSClient

/// One WebSocket connection over swift-websocket's `WSClient`, behind the few calls the
/// engine needs: send text, send PCM as binary, close, and a stream of what happened.
/// The socket runs on swift-nio's event loop; nothing here touches the capture path.
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
        var fields = HTTPFields()
        for header in request.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        var logger = Logger(label: "voicesh.stream")
        logger.logLevel = .critical  // its debug lines could carry the URL, and with it a token
        let writer = self.writer
        let client = WebSocketClient(
            url: request.url, configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: fields),
            tlsConfiguration: tls, logger: logger
        ) { inbound, outbound, _ in
            writer.set(outbound)
            continuation.yield(.opened)
            for try await message in inbound.messages(maxSize: 1 << 20) {
                if case .text(let text) = message { continuation.yield(.text(text)) }
            }
        }
        task = Task {
            do {
                let frame = try await client.run()
                let code = frame.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }
                continuation.yield(.closed(code: code, reason: frame?.reason ?? ""))
            } catch {
                var words = Self.words(for: error)
                if let refusal = await CertificateRefusal.diagnose(error, url: request.url) {
                    words = refusal.description
                }
                // WSClient does not keep the refused handshake's reply: ask again over plain
                // HTTP for its status and the provider's words (Deepgram's `dg-error`).
                if "\(error)".contains("WebSocket upgrade failed"),
                    let refusal = await Self.refusal(of: request, tls: tls)
                {
                    words = "the server refused the WebSocket handshake: \(refusal)"
                }
                continuation.yield(.failed(words))
            }
            writer.set(nil)
            continuation.finish()
        }
    }

    deinit { task.cancel() }

    func send(text: String) async throws {
        try await writer.get().write(.text(text))
    }

    /// Raw PCM16 little-endian in one binary message: never base64, never JSON (B1.5, B2.1).
    func send(pcm samples: [Int16]) async throws {
        var buffer = ByteBufferAllocator().buffer(capacity: samples.count * 2)
        for sample in samples { buffer.writeInteger(sample, endianness: .little) }
        try await writer.get().write(.binary(buffer))
    }

    func close() async {
        try? await writer.get().close(.normalClosure, reason: nil)
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
        guard let response = try? await CredentialSource.client.execute(http, timeout: .seconds(10)),
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
        if text.contains("WebSocket upgrade failed") {
            return "the server refused the WebSocket handshake (a rejected key or token, or a wrong URL)"
        }
        return text
    }
}

/// The outbound writer, set once the handshake succeeds.
private final class WriterBox: @unchecked Sendable {
    private let lock = NSLock()
    private var writer: WebSocketOutboundWriter?

    func set(_ new: WebSocketOutboundWriter?) { lock.withLock { writer = new } }

    func get() throws -> WebSocketOutboundWriter {
        guard let writer = lock.withLock({ writer }) else { throw CancellationError() }
        return writer
    }
}
