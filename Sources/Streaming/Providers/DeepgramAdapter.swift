import Foundation
import VoiceshCore

/// Deepgram live streaming (specs B2): options in the query with lowercase booleans,
/// `Authorization: Token <key>` or `Bearer <token>`, and `Results` joined from `is_final`
/// up to `speech_final`.
public struct DeepgramAdapter: ProviderAdapter {
    public var url: String
    public var model: String
    public var language: String
    public var vocabulary: [String]

    public init(config: EngineConfig) {
        url = config.url ?? StreamProvider.deepgram.defaultURL ?? ""
        model = config.model ?? "nova-3"  // the SDK requires a model (B2.4)
        language = LanguageCode(config.language)?.deepgram ?? config.language
        vocabulary = config.vocabulary
    }

    public var provider: StreamProvider { .deepgram }
    public var frameMilliseconds: Int { 40 }  // 20–250 ms recommended (B2.7)
    public var maxFrameMilliseconds: Int { 250 }
    public var maxRate: Double? { 1.25 }  // "a maximum of 1.25x realtime" (B2.7)
    public var padsLastFrame: Bool { false }
    // Idle for 10 s closes with NET-0001; KeepAlive 3–5 s before that (B2.7).
    public var keepAlive: (message: String, seconds: Double)? { (#"{"type":"KeepAlive"}"#, 5) }
    public var finishMessages: [String] { [#"{"type":"Finalize"}"#, #"{"type":"CloseStream"}"#] }

    public func request(credential: Credential?) -> ConnectionRequest {
        var query = [
            ("model", model), ("encoding", "linear16"), ("sample_rate", String(AudioFormat.speech.sampleRate)),
            ("channels", "1"), ("language", language), ("interim_results", "true"), ("endpointing", "300"),
            ("utterance_end_ms", "1000"), ("smart_format", "false"),
        ]
        // Lists are repeated keys (B2.4). Only Nova-3 takes `keyterm`; older models answer 400
        // to it and take `keywords` instead.
        query += vocabulary.map { (model.lowercased().hasPrefix("nova-3") ? "keyterm" : "keywords", $0) }
        var headers: [ConnectionRequest.Header] = []
        switch credential {
        case .key(let key): headers.append(.init(name: "Authorization", value: "Token \(key)"))
        case .token(let token): headers.append(.init(name: "Authorization", value: "Bearer \(token)"))
        case nil: break
        }
        return ConnectionRequest(url: Wire.url(url, query: query), headers: headers)
    }

    /// Finished utterances, the finals of the one in progress, and the latest interim.
    private var utterances: [TranscriptSegment] = []
    private var finals: [TranscriptSegment] = []
    private var interim = ""

    public mutating func receive(_ text: String) throws(EngineError) -> [StreamEvent] {
        let message = try Wire.object(text, from: provider)
        switch message["type"] as? String {
        case "Results":
            let channel = message["channel"] as? [String: Any]
            let alternatives = channel?["alternatives"] as? [[String: Any]]
            guard let best = alternatives?.first, let transcript = best["transcript"] as? String else {
                throw .stream(.incomplete(.results, text: String(text.prefix(80))))
            }
            if message["is_final"] as? Bool == true {
                // Each final covers only audio since the last final; empty ones are silence, and
                // unsure ones are taken for noise.
                let confidence = best["confidence"] as? Double
                if !transcript.isEmpty, (confidence ?? 1) >= Wire.minimumFinalConfidence {
                    let words = Wire.words(
                        best["words"] as? [[String: Any]] ?? [], keys: ["punctuated_word", "word"],
                        matching: transcript,
                        fallback: confidence)
                    finals.append(TranscriptSegment(text: transcript, confidence: confidence, words: words))
                }
                interim = ""
                if message["speech_final"] as? Bool == true { closeUtterance() }
            } else {
                interim = transcript
            }
            return [.partial(live)]
        case "UtteranceEnd":
            closeUtterance()
            return []
        case "Metadata":
            return [.ended]  // sent after CloseStream, after the last Results (B2.5)
        case "Error":
            let words = [message["description"], message["message"]].compactMap { $0 as? String }
            throw .stream(.said(.deepgram, code: nil, words: words))
        default:
            return []  // SpeechStarted and unknown types
        }
    }

    private mutating func closeUtterance() {
        if let utterance = Wire.joined(finals) { utterances.append(utterance) }
        finals = []
    }

    private var live: String { Wire.join((utterances + finals).map(\.text) + [interim]) }

    public var transcript: Transcript {
        Transcript(segments: utterances + [Wire.joined(finals)].compactMap { $0 })
    }

    public func error(closeCode: Int?, reason: String) -> EngineError? {
        guard let closeCode else { return .stream(.dropped(.deepgram, url: url)) }
        let ending: StreamEnding
        switch (closeCode, reason) {
        case (1000, _): return nil
        case (1008, _): ending = .audioUndecodable
        case (1011, let r) where r.contains("NET-0001"): ending = .idle
        case (1011, _): ending = .serverError
        default: ending = .other
        }
        return .stream(.ended(.deepgram, ending, .close(closeCode, reason: reason)))
    }
}
