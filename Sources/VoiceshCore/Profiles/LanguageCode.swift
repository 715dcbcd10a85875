/// A profile's `language`: an ISO 639-1 code, optionally with a region (`en`, `en-US`,
/// `pt_BR`), and what each service accepts for it. Whisper-style servers take the bare code
/// and whisper-asr-webservice answers 500 to `en-US`; Deepgram takes its own regional codes;
/// AssemblyAI picks a model rather than a language.
public struct LanguageCode: Equatable, Sendable {
    /// `en`: lower case, one of Whisper's languages.
    public let base: String
    /// `US`: upper case, when the profile named one.
    public let region: String?

    /// Nil when `text` is not `xx` or `xx-YY` (any case, `-` or `_`) with `xx` a language
    /// Whisper knows.
    public init?(_ text: String) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" }).map(
            String.init)
        guard (1...2).contains(parts.count), let first = parts.first,
            Self.whisperLanguages.contains(first.lowercased())
        else { return nil }
        base = first.lowercased()
        if parts.count == 2 {
            let region = parts[1]
            guard (2...3).contains(region.count), region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            self.region = region.uppercased()
        } else {
            region = nil
        }
    }

    public var isEnglish: Bool { base == "en" }

    /// `en-US`, or `en`.
    public var tag: String { region.map { "\(base)-\($0)" } ?? base }

    /// Deepgram's code: the regional one when Deepgram has it (`en-GB`, `pt-BR`, `es-419`),
    /// else the bare language.
    public var deepgram: String {
        Self.deepgramRegional.contains(tag) ? tag : base
    }

    /// The languages AssemblyAI's `universal-streaming-multilingual` model streams.
    public static let assemblyAIMultilingual: Set<String> = ["en", "es", "fr", "de", "it", "pt"]

    /// Deepgram's regional codes (developers.deepgram.com, "Models & Languages").
    static let deepgramRegional: Set<String> = [
        "en-US", "en-AU", "en-GB", "en-IN", "en-NZ", "es-419", "fr-CA", "pt-BR", "pt-PT", "zh-CN", "zh-TW", "zh-HK",
        "nl-BE", "de-CH", "da-DK", "sv-SE", "ko-KR", "th-TH", "hi-Latn",
    ]

    /// The two-letter codes of openai-whisper's `LANGUAGES` (whisper/tokenizer.py).
    static let whisperLanguages: Set<String> = [
        "en", "zh", "de", "es", "ru", "ko", "fr", "ja", "pt", "tr", "pl", "ca", "nl", "ar", "sv", "it", "id", "hi",
        "fi", "vi", "he", "uk", "el", "ms", "cs", "ro", "da", "hu", "ta", "no", "th", "ur", "hr", "bg", "lt", "la",
        "mi", "ml", "cy", "sk", "te", "fa", "lv", "bn", "sr", "az", "sl", "kn", "et", "mk", "br", "eu", "is", "hy",
        "ne", "mn", "bs", "kk", "sq", "sw", "gl", "mr", "pa", "si", "km", "sn", "yo", "so", "af", "oc", "ka", "be",
        "tg", "sd", "gu", "am", "yi", "lo", "uz", "fo", "ht", "ps", "tk", "nn", "mt", "sa", "lb", "my", "bo", "tl",
        "mg", "as", "tt", "ln", "ha", "ba", "jw", "su",
    ]
}
