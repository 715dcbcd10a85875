import Foundation
import VoiceshCore

@testable import ChatModel

/// A chat-completions endpoint's reply, as intent mode reads it: the first two bytes pick the
/// status, the line after them is `Retry-After`, the rest the body. A reply is content or an
/// `IntentError`, never a trap; content is never empty, a wait is a bounded number, and the key
/// sent (which some endpoints echo) is never shown, in an error or in the answer read from it.
/// The body is read as a stream of server-sent events too (`ChatStream`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChatReply(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard bytes.count >= 2 else { return 0 }
    let statuses = [200, 200, 200, 200, 401, 403, 429, 500, 502, 404, 400, 503]
    let status = bytes[0] < 0xF0 ? statuses[Int(bytes[0]) % statuses.count] : Int(bytes[1]) * 4
    let rest = bytes.dropFirst(2)
    let newline = rest.firstIndex(of: 0x0A) ?? rest.endIndex
    let retryAfter = String(decoding: rest[..<newline], as: UTF8.self)
    let body = Data(rest[newline...].dropFirst())

    if let wait = ChatReply.retryAfter(retryAfter, now: Date(timeIntervalSince1970: 1_750_000_000)) {
        precondition(wait.isFinite && wait >= 0 && wait <= 86400, "Retry-After \(retryAfter) read as \(wait)")
    }
    do {
        let content = try ChatReply.content(status: status, retryAfter: retryAfter, body: body, hiding: "sk-secret")
        precondition(status == 200 && !content.isEmpty, "content from status \(status)")
        // The model's answer, as intent mode reads it: a command and its explanation.
        if let answer = try? IntentAnswer.read(content, hiding: "sk-secret") {
            precondition(!"\(answer.command) \(answer.explanation)".contains("sk-secret"), "the key shown in \(answer)")
        }
    } catch {
        if case .rateLimited(let wait?, _) = error {
            precondition(wait.isFinite && wait >= 0 && wait <= 86400, "a wait of \(wait)")
        }
        precondition(!"\(error)".contains("sk-secret"), "the key shown in \(error)")
    }
    // The same body as a streamed answer, in two pieces cut where the second byte says: its
    // content only grows, and a draft of the command is one line that never shows the key.
    var stream = ChatStream()
    let cut = body.startIndex + Int(bytes[1]) % (body.count + 1)
    var before = ""
    for piece in [body[..<cut], body[cut...]] {
        stream.feed(piece)
        precondition(stream.content.hasPrefix(before), "the streamed content shrank")
        before = stream.content
        if let draft = IntentAnswer.draft(in: stream.content, hiding: "sk-secret") {
            precondition(!draft.contains("sk-secret") && !draft.contains(where: \.isNewline), "a draft \(draft)")
        }
    }
    return 0
}
