import Foundation
import GRDB
import VoiceshCore

/// A `dictation` row; the recording, when kept, lives in `dictationAudio`.
struct DictationRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "dictation"

    var id: Int64?
    var profile: String
    var engine: String
    var fallbackEngine: String?
    var startedAt: Date
    var audioSeconds: Double
    var latencyMs: Int?
    var rawText: String
    var finalText: String
    var outcome: Dictation.Outcome
    var error: String?
    var confidence: Double?
    /// The engine's words and confidences as JSON (`[{"text","confidence"}]`), null when none.
    var words: String?
    /// Which reading was taken, of how many (v10).
    var reading: Int?
    var readings: Int?
    /// An intent take's request, explanation, model and endpoint as JSON (v11), null otherwise.
    var intent: String?
    var uid: String
    var revision: Int

    init(_ d: Dictation, revision: Int = 0) {
        id = d.id
        uid = (d.uid ?? UUID()).uuidString.lowercased()
        self.revision = revision
        profile = d.profile
        engine = d.engine
        fallbackEngine = d.fallbackEngine
        startedAt = d.startedAt
        audioSeconds = d.audioSeconds
        latencyMs = d.latencyMs
        // The engine's words and errors come from outside: stored without escape sequences.
        rawText = UntrustedText.clean(d.rawText)
        finalText = UntrustedText.clean(d.finalText)
        outcome = d.outcome
        error = d.error.map(UntrustedText.cleanLines)
        confidence = d.confidence
        words = Self.encode(d.words)
        reading = d.reading
        readings = d.readings
        intent = d.intent?.stored
    }

    /// The words as stored: their text without escape sequences, like the rest of the row.
    static func encode(_ words: [TranscriptSegment.Word]) -> String? {
        guard !words.isEmpty else { return nil }
        let clean = words.map { TranscriptSegment.Word(UntrustedText.clean($0.text), confidence: $0.confidence) }
        return (try? JSONEncoder().encode(clean)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func decode(_ words: String?) -> [TranscriptSegment.Word] {
        guard let words else { return [] }
        return (try? JSONDecoder().decode([TranscriptSegment.Word].self, from: Data(words.utf8))) ?? []
    }

    func dictation(hasAudio: Bool) -> Dictation {
        var d = Dictation(
            id: id, profile: profile, engine: engine, fallbackEngine: fallbackEngine, startedAt: startedAt,
            audioSeconds: audioSeconds, latencyMs: latencyMs, rawText: rawText, finalText: finalText,
            outcome: outcome, error: error, confidence: confidence, words: Self.decode(words))
        d.reading = reading
        d.readings = readings
        d.intent = IntentTake(stored: intent)
        d.hasAudio = hasAudio
        d.uid = UUID(uuidString: uid)
        return d
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A kept recording, as WAV bytes.
struct DictationAudioRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "dictationAudio"
    var dictationId: Int64
    var wav: Data
}

extension Dictation.Outcome: DatabaseValueConvertible {}
extension SendPolicy: DatabaseValueConvertible {}
extension HistoryPolicy: DatabaseValueConvertible {}
