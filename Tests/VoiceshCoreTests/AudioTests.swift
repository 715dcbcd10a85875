import Foundation
import Testing

@testable import VoiceshCore

struct AudioTests {
    /// A WAV file in any sample format, built by hand: what other tools write.
    static func wav(tag: Int, bits: Int, rate: Int, channels: Int, samples: [Double]) -> [UInt8] {
        var data: [UInt8] = []
        for x in samples {
            switch (tag, bits) {
            case (1, 8): data.append(UInt8(max(0, min(255, (x * 127 + 128).rounded()))))
            case (1, 16): withUnsafeBytes(of: Int16((x * 32767).rounded()).littleEndian) { data += $0 }
            case (1, 24):
                let v = Int32((x * 8_388_607).rounded())
                data += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)]
            case (1, 32): withUnsafeBytes(of: Int32((x * 2_147_483_647).rounded()).littleEndian) { data += $0 }
            case (3, 32): withUnsafeBytes(of: Float(x).bitPattern.littleEndian) { data += $0 }
            default: withUnsafeBytes(of: x.bitPattern.littleEndian) { data += $0 }
            }
        }
        var out = Array("RIFF".utf8)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out += $0 } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { out += $0 } }
        u32(4 + 8 + 16 + 8 + 8 + data.count + 8)
        out += Array("WAVE".utf8)
        out += Array("LIST".utf8)  // a chunk readers must skip
        u32(4)
        out += Array("INFO".utf8)
        out += Array("fmt ".utf8)
        u32(16)
        u16(tag)
        u16(channels)
        u32(rate)
        u32(rate * channels * bits / 8)
        u16(channels * bits / 8)
        u16(bits)
        out += Array("data".utf8)
        u32(data.count)
        return out + data
    }

    static func sine(_ frequency: Double, rate: Int, seconds: Double, amplitude: Double = 0.5) -> [Double] {
        (0..<Int(Double(rate) * seconds)).map { amplitude * sin(2 * .pi * frequency * Double($0) / Double(rate)) }
    }

    static func rms(_ s: [Int16]) -> Double {
        (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, s.count))).squareRoot() / 32768
    }

    @Test func pcm16RoundTrips() throws {
        let samples: [Int16] = [0, 1, -1, 32767, -32768, 1234, -4321]
        let decoded = try WAV.decode(WAV.encode(samples))
        #expect(decoded.sampleRate == 16000)
        #expect(decoded.channels == 1)
        #expect(decoded.speechSamples() == samples)
    }

    @Test(arguments: [(1, 8), (1, 16), (1, 24), (1, 32), (3, 32), (3, 64)])
    func everyCommonSampleFormatDecodes(tag: Int, bits: Int) throws {
        let tone = Self.sine(440, rate: 16000, seconds: 0.5)
        let decoded = try WAV.decode(Self.wav(tag: tag, bits: bits, rate: 16000, channels: 1, samples: tone))
        #expect(decoded.frameCount == tone.count)
        let worst = zip(decoded.samples, tone).map { abs(Double($0) - $1) }.max() ?? 1
        #expect(worst < (bits == 8 ? 0.01 : 0.0005))
    }

    @Test func stereoIsMixedToMono() throws {
        let left = Self.sine(440, rate: 16000, seconds: 0.2)
        let interleaved: [Double] = left.flatMap { [$0, 0.0] }  // right channel silent
        let decoded = try WAV.decode(Self.wav(tag: 1, bits: 16, rate: 16000, channels: 2, samples: interleaved))
        #expect(decoded.channels == 2)
        let mono = decoded.speechSamples()
        #expect(mono.count == left.count)
        #expect(abs(Self.rms(mono) - 0.25 / 2.0.squareRoot()) < 0.005)  // half amplitude
    }

    @Test(arguments: [44100, 48000, 8000, 22050])
    func resamplingKeepsTheTone(rate: Int) throws {
        let decoded = try WAV.decode(
            Self.wav(tag: 3, bits: 32, rate: rate, channels: 1, samples: Self.sine(1000, rate: rate, seconds: 1)))
        let speech = decoded.speechSamples()
        #expect(abs(speech.count - 16000) <= 1)
        let middle = Array(speech[2000..<14000])  // away from the edges
        #expect(abs(Self.rms(middle) - 0.5 / 2.0.squareRoot()) < 0.01)
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 1500) <= 4)  // 1 kHz over 0.75 s: 1500 zero crossings
    }

    @Test func downsamplingDoesNotAlias() throws {
        // 12 kHz is above the 8 kHz Nyquist limit of 16 kHz audio: it must vanish, not fold to 4 kHz.
        let decoded = try WAV.decode(
            Self.wav(tag: 3, bits: 32, rate: 48000, channels: 1, samples: Self.sine(12000, rate: 48000, seconds: 1)))
        let speech = Array(decoded.speechSamples()[1000..<15000])
        #expect(Self.rms(speech) < 0.005)
    }

    @Test func badFilesGetAReason() {
        #expect(throws: WAV.FormatError.notWAV) {
            try WAV.decode(Array("hello".utf8))
        }
        let noData = Array(Self.wav(tag: 1, bits: 16, rate: 16000, channels: 1, samples: []).prefix(48))
        #expect(throws: WAV.FormatError.self) { try WAV.decode(noData) }
        #expect(throws: WAV.FormatError.unsupported(tag: 2, bits: 4)) {
            try WAV.decode(Self.wav(tag: 2, bits: 4, rate: 8000, channels: 1, samples: [0, 0]))
        }
    }

    @Test func framesCoverTheRecording() {
        let samples = (0..<1000).map { Int16($0) }
        let frames = AudioFrame.frames(of: samples, milliseconds: 40)
        #expect(frames.map(\.start) == [0, 640])
        #expect(frames.flatMap(\.samples) == samples)
    }
}
