import Foundation
import VoiceshCore

/// A chat-completions reply, read as strictly as it is written (OpenAI's shape): the first
/// choice's message content, or the error the endpoint gave, in its own words.
enum ChatReply {
    private struct Completion: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable {
                var content: String?
                /// OpenAI's refusal, which comes with no content.
                var refusal: String?
            }
            var message: Message
            var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case message
                case finishReason = "finish_reason"
            }
        }
        var choices: [Choice]
    }

    /// OpenAI's error body, `{"error": {"message": …}}`, or Ollama's, `{"error": "…"}`.
    private struct ErrorBody: Decodable {
        var message: String?

        private struct Detail: Decodable { var message: String? }
        private enum Key: String, CodingKey { case error }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            message =
                (try? container.decode(Detail.self, forKey: .error))?.message
                ?? (try? container.decode(String.self, forKey: .error))
        }
    }

    /// `key`: masked in what the endpoint says before it is cut, since some echo the key
    /// back ("Incorrect API key provided: …").
    static func content(
        status: Int, retryAfter: String?, location: String? = nil, body: Data, hiding key: String? = nil
    ) throws(IntentError) -> String {
        guard status == 200 else {
            let said =
                (try? JSONDecoder().decode(ErrorBody.self, from: body))?.message
                ?? String(decoding: body.prefix(2000), as: UTF8.self)
            let cleaned = UntrustedText.excerpt(IntentAnswer.shown(said, hiding: key), limit: 120)
            let detail = cleaned.isEmpty ? "with no message" : cleaned
            switch status {
            case 300..<400:
                throw .redirected(status: status, to: location.map { UntrustedText.excerpt($0, limit: 80) })
            case 401, 403:
                if key?.isEmpty ?? true { throw .needsKey(status: status, detail: detail) }
                throw .refused(status: status, detail: detail)
            case 429: throw .rateLimited(retryAfter: Self.retryAfter(retryAfter), waited: false)
            default: throw .status(status, detail: detail)
            }
        }
        guard let completion = try? JSONDecoder().decode(Completion.self, from: body),
            let choice = completion.choices.first
        else {
            let start = IntentAnswer.shown(String(decoding: body.prefix(200), as: UTF8.self), hiding: key)
            throw .malformed("not a chat completion: \(UntrustedText.excerpt(start))")
        }
        if let refusal = choice.message.refusal, !refusal.isEmpty {
            throw .prose(UntrustedText.excerpt(IntentAnswer.shown(refusal, hiding: key), limit: 60))
        }
        guard let content = choice.message.content, !content.isEmpty else { throw .noCommand }
        // Cut at the token limit, the JSON is unfinished: say so, rather than "prose".
        if choice.finishReason == "length" { throw .malformed("the answer was cut at its length limit") }
        return content
    }

    /// `Retry-After` in seconds: a whole number of seconds or an HTTP date (RFC 9110), at most
    /// a day; anything else (`inf`, `1e999`, a negative number) is no answer at all.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy({ $0.isASCII && $0.isNumber }) { return min(Double(value.prefix(6)) ?? 86400, 86400) }
        // An HTTP date is short and ASCII (`Sun, 06 Nov 1994 08:49:37 GMT`): nothing else reaches
        // the date parser, which traps on some text (Foundation on Linux: "Incorrect range").
        guard value.count <= 40, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " ,:".contains($0)) })
        else { return nil }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { min(max(0, $0.timeIntervalSince(now)), 86400) }
    }
}
