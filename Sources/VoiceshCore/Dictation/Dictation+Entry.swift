import Foundation

extension Dictation {
    /// The history row for an entry the machine saves. `engine` names the engine when none
    /// gave text; the words are those of the reading the text came from (Tab).
    public init(
        _ entry: DictationStateMachine.Entry, profile: String, engine: String, startedAt: Date, audioSeconds: Double
    ) {
        let heard = entry.take.heard
        let readings = heard?.readings ?? []
        let reading = entry.reading ?? 0
        self.init(
            profile: profile, engine: heard?.engine ?? engine, fallbackEngine: heard?.fallbackEngine,
            startedAt: startedAt, audioSeconds: audioSeconds, latencyMs: entry.take.latencyMs, rawText: entry.rawText,
            finalText: entry.text, outcome: entry.outcome, error: entry.error, confidence: heard?.confidence,
            words: readings.indices.contains(reading) ? readings[reading].words : [])
        self.reading = entry.reading
        self.readings = entry.readings
        intent = entry.take.intent
    }
}
