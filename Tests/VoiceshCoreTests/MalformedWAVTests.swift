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

    static func rate(_ hz: Int) -> String {
        "its sample rate \(hz) Hz is outside 8–192 kHz; convert it, e.g. sox IN -r 16000 OUT.wav"
    }

    static let cases: [(name: String, bytes: [UInt8], message: String)] = [
        ("rate 1", wav(rate: 1), rate(1)),
        ("rate 0", wav(rate: 0), rate(0)),
        ("rate 7999", wav(rate: 7999), rate(7999)),
        ("rate 4 GHz", wav(rate: 4_000_000_000), rate(4000000000)),
        ("rate 192001", wav(rate: 192_001), rate(192001)),
        ("0 channels", wav(channels: 0), "it claims 0 channels; voicesh reads 1 to 32"),
        ("65535 channels", wav(channels: 65535), "it claims 65535 channels; voicesh reads 1 to 32"),
        ("0-bit samples", wav(bits: 0), "WAV format 1 with 0-bit samples is not supported"),
        ("12-bit samples", wav(bits: 12), "WAV format 1 with 12-bit samples is not supported"),
        ("format 85 (MP3)", wav(tag: 85), "WAV format 85 with 16-bit samples is not supported"),
        ("no RIFF", Array("not a wav at all".utf8), "not a WAV file (no RIFF/WAVE header)"),
        ("empty", [], "not a WAV file (no RIFF/WAVE header)"),
        ("header only", Array(wav().prefix(12)), "no data chunk"),
        ("cut in fmt", Array(wav().prefix(24)), "truncated fmt chunk"),
    ]

    @Test(arguments: cases) func refusedInOneLine(name: String, bytes: [UInt8], message: String) {
        #expect(throws: WAV.FormatError(message: message), "\(name)") {
            _ = try WAV.decode(bytes).speechSamples()
        }
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
