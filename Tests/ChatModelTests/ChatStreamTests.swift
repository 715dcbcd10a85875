import Foundation
import Testing

@testable import ChatModel

/// A streamed answer read as OpenAI writes it, in whatever pieces the network gives it.
struct ChatStreamTests {
    static func event(_ delta: String, finish: String? = nil) -> String {
        let reason = finish.map { #""\#($0)""# } ?? "null"
        let content = delta.isEmpty ? "{}" : #"{"content":\#(delta)}"#
        return #"data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":\#(content),"#
            + #""finish_reason":\#(reason)}]}"# + "\n\n"
    }

    static let whole =
        event(#""{\"command\": \"ls""#) + ": a comment, as keep-alives are\n\n" + event(#"" -la\", \"e\": 1}""#)
        + event("", finish: "stop") + "data: [DONE]\n\n"

    /// Every split of the bytes gives the same content.
    @Test func theContentIsTheSameHoweverTheBytesAreCut() {
        let bytes = Array(Self.whole.utf8)
        for size in [1, 2, 3, 7, 64, bytes.count] {
            var stream = ChatStream()
            var grew = 0
            for start in stride(from: 0, to: bytes.count, by: size) {
                grew += stream.feed(bytes[start..<min(start + size, bytes.count)]) ? 1 : 0
            }
            #expect(stream.content == #"{"command": "ls -la", "e": 1}"#, "pieces of \(size)")
            #expect(stream.done && stream.finishReason == "stop" && stream.failure == nil)
            #expect(grew == min(2, bytes.count / size), "pieces of \(size)")  // once per piece that added content
        }
    }

    @Test func crLfEndsLinesTooAndNothingIsReadAfterDone() {
        var stream = ChatStream()
        stream.feed(Array(Self.event(#""ab""#).replacingOccurrences(of: "\n", with: "\r\n").utf8))
        stream.feed(Array("data: [DONE]\r\n\r\n".utf8) + Array(Self.event(#""cd""#).utf8))
        #expect(stream.content == "ab" && stream.done)
    }

    @Test func anErrorInTheStreamOrAChunkThatIsNotOneEndsIt() {
        var failed = ChatStream()
        failed.feed(Array(#"data: {"error": {"message": "overloaded"}}"#.utf8) + [10, 10])
        #expect(failed.failure == "overloaded" && failed.done)
        var garbled = ChatStream()
        garbled.feed(Array("data: <html>\n\n".utf8))
        #expect(garbled.failure?.hasPrefix("not a chat completion chunk") == true && garbled.done)
        var cut = ChatStream()
        cut.feed(Array(Self.event(#""ab""#).utf8) + Array("data: {\"choi".utf8))
        #expect(cut.content == "ab" && !cut.done && cut.finishReason == nil)
    }
}
