import Foundation
import VoiceshCore

/// A streamed chat completion (`"stream": true`), read as OpenAI writes it: server-sent
/// events, each `data: {chunk}` adding its first choice's `delta.content`, ended by
/// `data: [DONE]`. Fed the body's bytes as they come; pure, so it is tested as a table.
struct ChatStream {
    /// The content so far.
    private(set) var content = ""
    /// Why the model stopped (`stop`, `length`), once a chunk says.
    private(set) var finishReason: String?
    /// `[DONE]` came: nothing more is read.
    private(set) var done = false
    /// What the stream said went wrong (OpenAI sends `data: {"error": …}` mid-stream).
    private(set) var failure: String?
    /// The model refused (OpenAI's `delta.refusal`).
    private(set) var refusal = ""
    /// Bytes of an event not yet ended by a blank line.
    private var pending: [UInt8] = []

    private struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable {
                var content: String?
                var refusal: String?
            }
            var delta: Delta?
            var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case delta
                case finishReason = "finish_reason"
            }
        }
        var choices: [Choice]?
        var error: Failure?

        struct Failure: Decodable { var message: String? }
    }

    /// Reads `bytes`; returns whether the content grew.
    @discardableResult
    mutating func feed(_ bytes: some Sequence<UInt8>) -> Bool {
        let before = content.utf8.count
        for byte in bytes where !done {
            pending.append(byte)
            // An event ends at a blank line; CR LF is a line end too.
            if byte == UInt8(ascii: "\n"), pending.suffix(2) == [10, 10] || pending.suffix(4) == [13, 10, 13, 10] {
                event(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        return content.utf8.count != before
    }

    /// One event's `data:` lines, joined by newlines as the format says; comments (`:`) and
    /// other fields (`event:`, `id:`) say nothing here.
    private mutating func event(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: true) {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r"
        }
        let data = lines.filter { $0.hasPrefix("data:") }.map { line -> Substring in
            let value = line.dropFirst(5)
            return value.first == " " ? value.dropFirst() : value
        }
        guard !data.isEmpty else { return }
        let payload = data.joined(separator: "\n")
        if payload == "[DONE]" {
            done = true
            return
        }
        guard let chunk = try? JSONDecoder().decode(Chunk.self, from: Data(payload.utf8)) else {
            failure = "not a chat completion chunk: \(UntrustedText.excerpt(payload))"
            done = true
            return
        }
        if let error = chunk.error {
            failure = error.message ?? "an error with no message"
            done = true
            return
        }
        guard let choice = chunk.choices?.first else { return }
        content += choice.delta?.content ?? ""
        refusal += choice.delta?.refusal ?? ""
        if let reason = choice.finishReason { finishReason = reason }
    }
}
