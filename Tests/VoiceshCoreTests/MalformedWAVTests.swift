import Testing

@testable import VoiceshCore

/// Hostile WAV headers: each is one FormatError, never a crash or a huge allocation.
struct MalformedWAVTests {
    /// A RIFF/WAVE file whose header says what the test wants, with `data` as its data chunk.
    static func wav(
        tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 16000, bits: UInt16 = 16,
        dataSize: UInt32? = nil, data: [UInt8] = [UInt8](repeating: 0, count: 3200)
    ) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        // Byte rate and block align as a careless writer computes them: wrapping, never checked.
        let fmt =
            le16(tag) + le16(channels) + le32(rate) + le32(rate &* UInt32(channels) &* UInt32(bits / 8))
            + le16(channels &* bits / 8) + le16(bits)
        let body =
            Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + fmt + Array("data".utf8)
            + le32(dataSize ?? UInt32(data.count)) + data
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    static let cases: [(name: String, bytes: [UInt8], error: WAV.FormatError)] = [
        ("rate 1", wav(rate: 1), .rateOutOfRange(1)),
        ("rate 0", wav(rate: 0), .rateOutOfRange(0)),
        ("rate 7999", wav(rate: 7999), .rateOutOfRange(7999)),
        ("rate 4 GHz", wav(rate: 4_000_000_000), .rateOutOfRange(4_000_000_000)),
        ("rate 192001", wav(rate: 192_001), .rateOutOfRange(192_001)),
        ("0 channels", wav(channels: 0), .channelCount(0)),
        ("65535 channels", wav(channels: 65535), .channelCount(65535)),
        ("0-bit samples", wav(bits: 0), .unsupported(tag: 1, bits: 0)),
        ("12-bit samples", wav(bits: 12), .unsupported(tag: 1, bits: 12)),
        ("format 85 (MP3)", wav(tag: 85), .unsupported(tag: 85, bits: 16)),
        ("no RIFF", Array("not a wav at all".utf8), .notWAV),
        ("empty", [], .notWAV),
        ("header only", Array(wav().prefix(12)), .noData),
        ("cut in fmt", Array(wav().prefix(24)), .truncatedFormat),
    ]

    @Test(arguments: cases) func refusedInOneLine(name: String, bytes: [UInt8], error: WAV.FormatError) {
        #expect(throws: error, "\(name)") {
            _ = try WAV.decode(bytes).speechSamples()
        }
    }

    /// Each refusal in its one line (`AudioError.badFile` and the top print it).
    static let worded: [(WAV.FormatError, String)] = [
        (.notWAV, "not a WAV file (no RIFF/WAVE header)"),
        (.truncatedFormat, "truncated fmt chunk"),
        (.dataBeforeFormat, "data chunk before fmt chunk"),
        (.noData, "no data chunk"),
        (
            .rateOutOfRange(4_000_000_000),
            "its sample rate 4000000000 Hz is outside 8–192 kHz; convert it, e.g. sox IN -r 16000 OUT.wav"
        ),
        (.channelCount(65535), "it claims 65535 channels; voicesh reads 1 to 32"),
        (.unsupported(tag: 85, bits: 16), "WAV format 85 with 16-bit samples is not supported"),
    ]

    @Test(arguments: worded) func wordedOnce(error: WAV.FormatError, message: String) {
        #expect(error.message == message)
    }

    /// A data chunk that claims 4 GB holds what the file holds; the allocation follows the file.
    @Test func sizesFollowTheFile() throws {
        let decoded = try WAV.decode(Self.wav(dataSize: 0xFFFF_FFF0))
        #expect(decoded.samples.count == 1600)
        let odd = try WAV.decode(Self.wav(data: [1, 2, 3]))
        #expect(odd.samples.count == 1)
        let edges = try [8000, 192_000].map { try WAV.decode(Self.wav(rate: UInt32($0))).sampleRate }
        #expect(edges == [8000, 192_000])
        let wide = try WAV.decode(Self.wav(channels: 32, data: [UInt8](repeating: 0, count: 64 * 10)))
        #expect(wide.speechSamples(rate: 16000).count == 10)
    }
}
