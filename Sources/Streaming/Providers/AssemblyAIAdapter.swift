import Foundation
import VoiceshCore

/// AssemblyAI Universal-Streaming v3 (specs B1): the profile in the query string, a key in
/// `Authorization` or a temporary token in `?token=`, 50 ms frames at real time, and `Turn`
/// messages keyed by `turn_order`, final at `end_of_turn`.
public struct AssemblyAIAdapter: ProviderAdapter {
    public var url: String
    public var model: String
    public var vocabulary: [String]

    public init(config: EngineConfig) {
        url = config.url ?? StreamProvider.assemblyai.defaultURL ?? ""
        // The newer docs say speech_model is required (B1.4): always send it.
        // English has its own model; the other languages it streams need the multilingual one.
        let english = LanguageCode(config.language)?.isEnglish ?? true
        model = config.model ?? (english ? "universal-streaming-english" : "universal-streaming-multilingual")
        vocabulary = config.vocabulary
    }

    public var provider: StreamProvider { .assemblyai }
    public var frameMilliseconds: Int { 50 }
    public var maxFrameMilliseconds: Int { 1000 }
    public var maxRate: Double? { 1 }
    public var padsLastFrame: Bool { true }
    public var keepAlive: (message: String, seconds: Double)? { nil }
    // ForceEndpoint ends the current turn; Terminate flushes it and ends with `Termination` (B1.7).
    public var finishMessages: [String] { [#"{"type":"ForceEndpoint"}"#, #"{"type":"Terminate"}"#] }

    public func request(credential: Credential?) -> ConnectionRequest {
        var query = [
            ("speech_model", model), ("sample_rate", String(AudioFormat.speech.sampleRate)),
            ("encoding", "pcm_s16le"),
        ]
        if !vocabulary.isEmpty { query.append(("keyterms_prompt", Wire.json(array: vocabulary))) }
        var headers: [ConnectionRequest.Header] = []
        switch credential {
        case .key(let key): headers.append(.init(name: "Authorization", value: key))  // the raw key, no scheme (B1.2)
        case .token(let token): query.append(("token", token))
        case nil: break
        }
        return ConnectionRequest(url: Wire.url(url, query: query), headers: headers)
    }

    /// Turns by `turn_order`: the text so far, whether `end_of_turn` has arrived, and the
    /// final turn's words with their confidence and its mean.
    private var turns: [Int: (text: String, final: Bool, words: [TranscriptSegment.Word], confidence: Double?)] = [:]

    public mutating func receive(_ text: String) throws(EngineError) -> [StreamEvent] {
        let message = try Wire.object(text, from: provider)
        // An `Error` arrives before the close that follows it; its code says what kind it is
        // (4001: a refused key is unavailable, not a failure). The legacy shape has no code.
        if let error = message["error"] as? String {
            guard let code = message["error_code"] as? Int else {
                throw .stream(.said(.assemblyai, code: nil, words: [error]))
            }
            throw Self.problem(.error(code, message: error)).map(EngineError.stream)
                ?? .stream(.said(.assemblyai, code: nil, words: [error]))
        }
        switch message["type"] as? String {
        case "Turn":
            guard let order = message["turn_order"] as? Int, let transcript = message["transcript"] as? String else {
                throw .stream(.incomplete(.turn, text: String(text.prefix(80))))
            }
            let endOfTurn = message["end_of_turn"] as? Bool ?? false
            // `transcript` holds only finalized words; the word being spoken is in `words` (B1.6).
            let words = message["words"] as? [[String: Any]] ?? []
            var pending = words.filter { ($0["word_is_final"] as? Bool) == false }.compactMap { $0["text"] as? String }
            // u3-rt-pro's partials put the unfinished words in `transcript` too ("My name is—",
            // every word non-final), where Universal-Streaming's leave it empty: shown once.
            if !transcript.isEmpty, pending.count == words.count { pending = [] }
            // A second end-of-turn message (the formatted one) replaces the first; a late
            // partial never replaces a final.
            if turns[order]?.final == true, !endOfTurn { return [] }
            let said = endOfTurn ? transcript : Wire.join([transcript] + pending)
            let scored = words.compactMap { $0["confidence"] as? Double }
            let confidence = scored.isEmpty ? nil : scored.reduce(0, +) / Double(scored.count)
            turns[order] = (
                said, endOfTurn,
                endOfTurn
                    ? Wire.words(words, keys: ["text"], matching: transcript, fallback: confidence) : [],
                confidence
            )
            return [.partial(live)]
        case "Termination":
            return [.ended]
        default:
            return []  // Begin, SpeechStarted, Warning and unknown types (B1.6: ignore)
        }
    }

    private var live: String { Wire.join(turns.sorted { $0.key < $1.key }.map(\.value.text)) }

    /// The turns' text; an unsure turn (its words' mean confidence under the floor) is noise.
    public var transcript: Transcript {
        Transcript(
            segments: turns.sorted { $0.key < $1.key }.map(\.value).filter {
                !$0.text.isEmpty && ($0.confidence ?? 1) >= Wire.minimumFinalConfidence
            }.map { TranscriptSegment(text: $0.text, confidence: $0.confidence, words: $0.words) })
    }

    public func error(closeCode: Int?, reason: String) -> EngineError? {
        guard let closeCode else { return .stream(.dropped(.assemblyai, url: url)) }
        return Self.problem(.close(closeCode, reason: reason)).map(EngineError.stream)
    }

    /// What a close code or an `Error` message's `error_code` means; nil for a normal close.
    static func problem(_ signal: StreamSignal) -> StreamProblem? {
        let ending: StreamEnding
        switch signal.code {
        case 1000: return nil
        // 1008 and the SDKs' 4001–4003 (B1.9): the key or token was refused.
        case 1008, 4001, 4002, 4003: ending = .keyRefused
        case 3005, 1011, 1013: ending = .serverError
        case 3006, 4100, 4101: ending = .controlMessageRejected
        case 3007, 4029, 4032, 4033, 4000: ending = .audioRejected
        case 3008, 4008: ending = .sessionExpired
        case 3009, 4102: ending = .tooManySessions
        default: ending = .other
        }
        return .ended(.assemblyai, ending, signal)
    }
}

extension Wire {
    /// A JSON array of strings, as AssemblyAI's `keyterms_prompt` takes it (B1.4).
    static func json(array: [String]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: array, options: [.withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
