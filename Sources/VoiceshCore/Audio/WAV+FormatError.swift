extension WAV {
    /// Why bytes are not a WAV file voicesh reads.
    public enum FormatError: Error, Equatable, Sendable {
        /// No RIFF/WAVE header.
        case notWAV
        case truncatedFormat
        case dataBeforeFormat
        case noData
        /// A sample rate outside `supportedRates`, in Hz.
        case rateOutOfRange(Int)
        /// A channel count outside 1…`maxChannels`.
        case channelCount(Int)
        /// A format tag and sample width `samples` cannot read.
        case unsupported(tag: Int, bits: Int)

        /// The one wording, used where a file is played (`AudioError.badFile`) and at the top.
        public var message: String {
            switch self {
            case .notWAV: "not a WAV file (no RIFF/WAVE header)"
            case .truncatedFormat: "truncated fmt chunk"
            case .dataBeforeFormat: "data chunk before fmt chunk"
            case .noData: "no data chunk"
            case .rateOutOfRange(let rate):
                "its sample rate \(rate) Hz is outside 8–192 kHz; convert it, e.g. sox IN -r 16000 OUT.wav"
            case .channelCount(let count): "it claims \(count) channels; voicesh reads 1 to \(WAV.maxChannels)"
            case .unsupported(let tag, let bits): "WAV format \(tag) with \(bits)-bit samples is not supported"
            }
        }
    }
}
