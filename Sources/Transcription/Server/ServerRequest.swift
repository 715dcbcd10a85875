import Foundation
import VoiceshCore

/// What to send to a Whisper-style server for one recording, per dialect
/// (specs/stt-protocols.md part B §3–4): the URL with its query, the form fields, and the
/// multipart field that carries the WAV.
struct ServerRequest: Equatable {
    var url: String
    var fileField: String
    var fields: [(String, String)]

    static func == (a: ServerRequest, b: ServerRequest) -> Bool {
        a.url == b.url && a.fileField == b.fileField && a.fields.map { "\($0)=\($1)" } == b.fields.map { "\($0)=\($1)" }
    }

    /// `prompt`: the text Whisper continues from (`ShellPrompt`); none for `transcribe`.
    init(config: EngineConfig, prompt: String = "") throws(EngineError) {
        let dialect = config.dialect ?? .openai
        guard let base = config.url else { throw .server(.noURL) }
        // Checked here too: a stored profile may carry a URL the HTTP client would trap on.
        do throws(URLProblem) {
            _ = try CheckedURL(base, schemes: ["http", "https"])
        } catch {
            throw .server(.badURL(base))
        }
        guard var components = URLComponents(string: base) else { throw .server(.badURL(base)) }
        if components.path.isEmpty || components.path == "/" { components.path = dialect.defaultPath }
        // Whisper-style servers take ISO 639-1 only (whisper-asr-webservice answers 500 to `en-US`).
        let language = LanguageCode(config.language)?.base ?? config.language
        switch dialect {
        case .openai:
            fileField = "file"
            let model = config.model ?? "whisper-1"
            // verbose_json says how likely each segment is silence (`no_speech_prob`) and how
            // sure Whisper was of it; the gpt-4o models answer only `json` (B3.1).
            if model.hasPrefix("gpt-4o") || model.hasPrefix("gpt-transcribe") {
                fields = [("model", model), ("response_format", "json"), ("language", language)]
            } else {
                fields = [
                    ("model", model), ("response_format", "verbose_json"), ("timestamp_granularities[]", "segment"),
                    ("timestamp_granularities[]", "word"), ("language", language),
                ]
            }
            if !prompt.isEmpty { fields.append(("prompt", prompt)) }
        case .whisperCpp:
            // whisper.cpp never reads `model` (the server's model is fixed at start-up); its
            // verbose_json has segment probabilities and words with theirs (B3.5).
            fileField = "file"
            fields = [("response_format", "verbose_json"), ("language", language)]
            if !prompt.isEmpty { fields.append(("prompt", prompt)) }
        case .asrWebservice:
            // Every option is a query parameter; the form carries only `audio_file`.
            fileField = "audio_file"
            fields = []
            var query = [
                URLQueryItem(name: "task", value: "transcribe"), URLQueryItem(name: "language", value: language),
                URLQueryItem(name: "output", value: "json"), URLQueryItem(name: "encode", value: "true"),
                // Each word with its probability beside the segments' (B4.1).
                URLQueryItem(name: "word_timestamps", value: "true"),
            ]
            if !prompt.isEmpty { query.append(URLQueryItem(name: "initial_prompt", value: prompt)) }
            components.queryItems = (components.queryItems ?? []) + query
            // Servers read `+` in a query as a space (`chmod +x` in the prompt).
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        case .transcribe:
            fileField = config.fileField ?? "file"
            fields = []
        }
        guard let url = components.string else { throw .server(.badURL(base)) }
        self.url = url
    }
}

/// Reads a server's reply into a transcript, or the dialect's error body into its message.
enum ServerReply {
    static func transcript(
        status: Int, body: Data, dialect: ServerDialect, responseKey: String?, duration: Double = 0
    ) throws(EngineError) -> Transcript {
        let object = try? JSONSerialization.jsonObject(with: body)
        guard (200..<300).contains(status) else {
            let detail =
                errorMessage(object)
                ?? String(decoding: body.prefix(200), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw .server(.status(status, detail: detail))
        }
        guard let dictionary = object as? [String: Any] else {
            throw .server(.notJSON(dialect, reply: String(decoding: body.prefix(80), as: UTF8.self)))
        }
        if let segments = dictionary["segments"] as? [[String: Any]], segments.contains(where: WhisperSegment.isScored)
        {
            let kept = segments.compactMap { WhisperSegment($0, words: dictionary["words"] as? [[String: Any]]) }
            guard !kept.isEmpty else { throw .noSpeech }
            return Transcript(segments: kept.map(\.segment))
        }
        let keys = dialect == .transcribe ? [responseKey ?? "text", "text", "transcript"] : ["text"]
        // whisper-asr-webservice's whisperx engine answers segments only, without `text`.
        let segments = (dictionary["segments"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
        guard let text = keys.lazy.compactMap({ dictionary[$0] as? String }).first ?? segments?.joined(separator: " ")
        else {
            throw .server(.noText(dialect, key: keys[0]))
        }
        let trimmed = tidy(text)
        guard !trimmed.isEmpty else { throw .noSpeech }
        return Transcript(segments: [TranscriptSegment(text: trimmed, end: duration)])
    }

    /// whisper.cpp puts a space before and a newline after each segment.
    static func tidy(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// OpenAI `{"error":{"message"}}`, whisper.cpp `{"error":"…"}`, FastAPI `{"detail":…}`.
    private static func errorMessage(_ object: Any?) -> String? {
        guard let dictionary = object as? [String: Any] else { return nil }
        if let error = dictionary["error"] as? [String: Any], let message = error["message"] as? String {
            return message
        }
        if let error = dictionary["error"] as? String { return error }
        if let detail = dictionary["detail"] as? String { return detail }
        if let detail = dictionary["detail"] { return "\(detail)" }
        return nil
    }
}
