import VoiceshCore

extension Dictation {
    /// The row takes what an engine run heard: its text, raw text, engine, fallback, confidence and words.
    mutating func take(_ heard: Heard) {
        engine = heard.engine
        fallbackEngine = heard.fallbackEngine
        rawText = heard.rawText
        finalText = heard.text
        confidence = heard.confidence
        words = heard.words
    }
}
