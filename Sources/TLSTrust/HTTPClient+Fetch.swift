import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension HTTPClient {
    /// A reply read whole: its status, headers and body.
    public struct WholeReply: Sendable {
        public let status: Int
        public let headers: HTTPHeaders
        public let body: Data
    }

    /// Why a request gave no whole reply.
    public enum FetchProblem: Error {
        case cancelled
        /// The body was larger than the limit.
        case tooLarge
        /// The request failed on its way: the error, for the caller's words.
        case failed(any Error)
    }

    /// One request and its reply read whole, up to `limit` bytes: the tail the server engine,
    /// the token request and the intent endpoint share. A redirect is a reply like any other
    /// (voicesh follows none; `strict` is set so).
    public func fetch(_ request: HTTPClientRequest, timeout: TimeAmount, limit: Int) async throws(FetchProblem)
        -> WholeReply
    {
        try await fetch(request, timeout: timeout, limit: limit, streams: { _, _ in false }, piece: { _ in true })
    }

    /// As `fetch`, except that a reply `streams` picks by its status and headers is handed to
    /// `piece` as it comes (within the same limit; `piece` says whether to read on), and its
    /// `body` is then empty: a streamed answer shown while it is written.
    public func fetch(
        _ request: HTTPClientRequest, timeout: TimeAmount, limit: Int, streams: (Int, HTTPHeaders) -> Bool,
        piece: (ByteBuffer) -> Bool
    ) async throws(FetchProblem) -> WholeReply {
        do {
            let response = try await execute(request, timeout: timeout)
            let status = Int(response.status.code)
            guard streams(status, response.headers) else {
                let buffer = try await response.body.collect(upTo: limit)
                return WholeReply(status: status, headers: response.headers, body: Data(buffer.readableBytesView))
            }
            var read = 0
            for try await buffer in response.body {
                read += buffer.readableBytes
                guard read <= limit else { throw NIOTooManyBytesError(maxBytes: limit) }
                guard piece(buffer) else { break }
            }
            return WholeReply(status: status, headers: response.headers, body: Data())
        } catch is CancellationError {
            throw .cancelled
        } catch {
            if _Concurrency.Task.isCancelled { throw .cancelled }  // HTTPClient has a Task of its own
            if error is NIOTooManyBytesError { throw .tooLarge }
            throw .failed(error)
        }
    }
}
