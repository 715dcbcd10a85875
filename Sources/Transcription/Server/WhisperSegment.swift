import Foundation
import VoiceshCore

/// One segment of a Whisper `verbose_json` reply (OpenAI, whisper.cpp, whisper-asr-webservice),
/// judged as Whisper itself judges it: a segment that is probably silence is dropped, and its
/// words carry Whisper's probabilities.
struct WhisperSegment {
    var segment: TranscriptSegment

    /// Whisper's own thresholds (openai/whisper `transcribe`): a segment is silence when
    /// `no_speech_prob` > 0.6 and `avg_logprob` < -1; a `compression_ratio` above 2.4 means the
    /// decoder repeated itself (Whisper re-decodes hotter then; here it is a hallucination).
    static let noSpeechThreshold = 0.6
    static let logProbThreshold = -1.0
    static let compressionRatioThreshold = 2.4

    /// Whether the server scored its segments at all (else the voice-activity gate alone decides).
    static func isScored(_ segment: [String: Any]) -> Bool {
        segment["no_speech_prob"] is Double || segment["avg_logprob"] is Double
    }

    /// nil when the segment is empty or probably not speech. `words`: the reply's top-level
    /// word list (OpenAI), used when the segment has none of its own.
    init?(_ object: [String: Any], words topLevel: [[String: Any]]?) {
        let text = ServerReply.tidy(object["text"] as? String ?? "")
        guard !text.isEmpty else { return nil }
        let noSpeech = object["no_speech_prob"] as? Double
        let logProb = object["avg_logprob"] as? Double
        if let noSpeech, let logProb, noSpeech > Self.noSpeechThreshold, logProb < Self.logProbThreshold {
            return nil
        }
        if let ratio = object["compression_ratio"] as? Double, ratio > Self.compressionRatioThreshold { return nil }
        let start = object["start"] as? Double ?? 0
        let end = object["end"] as? Double ?? 0
        // exp(avg_logprob): the geometric mean of the segment's token probabilities.
        let segmentConfidence = logProb.map { min(1, max(0, exp($0))) }
        let own =
            (object["words"] as? [[String: Any]])
            ?? topLevel?.filter {
                guard let s = $0["start"] as? Double else { return false }
                return s >= start - 0.01 && s < max(end, start + 0.01)
            }
        let words =
            Self.words(own ?? [], matching: text)
            ?? text.split(separator: " ").map { TranscriptSegment.Word(String($0), confidence: segmentConfidence) }
        let known = words.compactMap(\.confidence)
        segment = TranscriptSegment(
            text: text, start: start, end: end,
            confidence: segmentConfidence ?? (known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)),
            words: words.map { word in
                // A word without a probability of its own takes the segment's.
                word.confidence == nil ? .init(word.text, confidence: segmentConfidence) : word
            })
    }

    /// The server's words as the segment's text splits them, each with its `probability`; Whisper
    /// tokens (" git", "hub") are joined into words at the spaces. nil when they do not spell
    /// the text.
    static func words(_ items: [[String: Any]], matching text: String) -> [TranscriptSegment.Word]? {
        let pieces = items.compactMap { item in
            (item["word"] as? String).map { ($0, item["probability"] as? Double) }
        }
        guard !pieces.isEmpty else { return nil }
        let spaced = pieces.contains { $0.0.hasPrefix(" ") }
        var words: [TranscriptSegment.Word] = []
        for (piece, probability) in pieces {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            if spaced, !piece.hasPrefix(" "), var last = words.popLast() {
                // A word is as sure as its least sure token.
                last.text += trimmed
                last.confidence = [last.confidence, probability].compactMap { $0 }.min()
                words.append(last)
            } else {
                words.append(.init(trimmed, confidence: probability))
            }
        }
        guard words.map(\.text) == text.split(separator: " ").map(String.init) else { return nil }
        return words
    }
}
