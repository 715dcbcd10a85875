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
        do {
            let response = try await execute(request, timeout: timeout)
            let buffer = try await response.body.collect(upTo: limit)
            return WholeReply(
                status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
        } catch is CancellationError {
            throw .cancelled
        } catch {
            if _Concurrency.Task.isCancelled { throw .cancelled }  // HTTPClient has a Task of its own
            if error is NIOTooManyBytesError { throw .tooLarge }
            throw .failed(error)
        }
    }
}
