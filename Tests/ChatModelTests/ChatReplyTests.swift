import Foundation
import Testing
import VoiceshCore

@testable import ChatModel

/// A chat-completions reply read strictly, whoever wrote it.
struct ChatReplyTests {
    /// The local model gets llama.cpp's grammar in place of the schema; any other endpoint the
    /// schema as OpenAI's `response_format`, and never a field it does not know.
    @Test func theGrammarGoesInPlaceOfTheSchemaOnlyWhenGiven() throws {
        func body(_ grammar: String?) throws -> [String: Any] {
            let data = try ChatEndpoint.body(
                model: "m", messages: [.user("Request: ls")], schema: IntentPrompt.schema, grammar: grammar,
                maxTokens: 9)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let openAI = try body(nil)
        let format = openAI["response_format"] as? [String: Any]
        #expect(openAI["grammar"] == nil && format?["type"] as? String == "json_schema")
        let local = try body(IntentPrompt.grammar)
        #expect(local["grammar"] as? String == IntentPrompt.grammar && local["response_format"] == nil)
        #expect(local["stream"] as? Bool == true && local["temperature"] as? Int == 0)
    }

    @Test func retryAfterIsWholeSecondsOrADateAndNeverMoreThanADay() {
        #expect(ChatReply.retryAfter("3") == 3)
        #expect(ChatReply.retryAfter(" 0 ") == 0)
        #expect(ChatReply.retryAfter("99999999999999999999") == 86400)
        for hostile in ["inf", "1e999", "-5", "1.5", "nan", "", "soon"] {
            #expect(ChatReply.retryAfter(hostile) == nil, "\(hostile)")
        }
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(ChatReply.retryAfter("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == 30)
        #expect(ChatReply.retryAfter("Tue, 14 Nov 2023 22:13:00 GMT", now: now) == 0)
        #expect(ChatReply.retryAfter("Wed, 14 Nov 2024 22:13:20 GMT", now: now) == 86400)
        // Found by the fuzz target (Fuzz/Sources/FuzzChatReply): an endpoint's Retry-After that
        // Foundation's date parser traps on ("Incorrect range") is no answer, not a crash.
        #expect(ChatReply.retryAfter("ct\u{0FAF}\t\r\u{0B}\r/zoneinfo/\u{7F} prncorrect\u{FFFD}", now: now) == nil)
    }

    /// Found by the fuzz target (Fuzz/Sources/FuzzChatReply): the key was masked before the
    /// error was cleaned, so a NUL or a zero-width space inside it hid it from the mask, and
    /// the cleaning joined it up again in the message shown.
    @Test func theKeyIsMaskedInTheMessageAsShown() {
        let body = Data("Incorrect API key provided: sk\u{0}-secret\u{200B}-123".utf8)
        #expect(throws: IntentError.refused(status: 401, detail: "Incorrect API key provided: ***")) {
            try ChatReply.content(status: 401, retryAfter: nil, body: body, hiding: "sk-secret-123")
        }
    }

    @Test func errorsInOpenAIsShapeAndOllamasAreWordedWithTheKeyMasked() {
        let openAI = Data(#"{"error": {"message": "Incorrect API key provided: sk-secret-123.", "type": "x"}}"#.utf8)
        #expect(throws: IntentError.refused(status: 401, detail: "Incorrect API key provided: ***.")) {
            try ChatReply.content(status: 401, retryAfter: nil, body: openAI, hiding: "sk-secret-123")
        }
        let ollama = Data(#"{"error": "model \"llama9\" not found, try pulling it first"}"#.utf8)
        #expect(throws: IntentError.status(404, detail: #"model "llama9" not found, try pulling it first"#)) {
            try ChatReply.content(status: 404, retryAfter: nil, body: ollama)
        }
        #expect(throws: IntentError.rateLimited(retryAfter: 2, waited: false)) {
            try ChatReply.content(status: 429, retryAfter: "2", body: Data())
        }
    }

    @Test func aRefusalIsProseAndAnEmptyMessageIsNoCommand() {
        let refusal = Data(
            #"{"choices": [{"message": {"content": null, "refusal": "I can't help with that."}, "finish_reason": "stop"}]}"#
                .utf8)
        #expect(throws: IntentError.prose("I can't help with that.")) {
            try ChatReply.content(status: 200, retryAfter: nil, body: refusal)
        }
        let empty = Data(#"{"choices": [{"message": {"content": ""}, "finish_reason": "stop"}]}"#.utf8)
        #expect(throws: IntentError.noCommand) { try ChatReply.content(status: 200, retryAfter: nil, body: empty) }
    }
}
