import Foundation
import Testing

@testable import LocalRecognizer

/// Telling a narrowband link from a wideband microphone, on signals made here.
struct ChannelDetectorTests {
    /// A second of tones at `frequencies` (Hz, 16 kHz sampling), each at `amplitude`.
    static func tones(_ frequencies: [Double], amplitude: Double = 3000, seconds: Double = 1) -> [Int16] {
        (0..<Int(seconds * 16000)).map { n in
            let t = Double(n) / 16000
            return Int16(frequencies.reduce(0.0) { $0 + amplitude * sin(2 * .pi * $1 * t) })
        }
    }

    /// White noise from a fixed seed (a linear congruential generator), at about `rms`.
    static func noise(_ count: Int, rms: Double, seed: UInt64 = 7) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) - 0.5) * rms * 3.46
        }
    }

    @Test func speechBandTonesAloneAreNarrowband() {
        #expect(ChannelDetector.channel(of: Self.tones([300, 800, 1500, 2500, 3300])) == .narrowband)
    }

    @Test func tonesAboveFourKilohertzMakeItWideband() {
        #expect(ChannelDetector.channel(of: Self.tones([300, 800, 1500, 2500, 3300, 5200, 6400])) == .wideband)
    }

    /// A wideband microphone's own hiss fills the high band even under loud low speech.
    @Test func quietWhiteHissUnderTheSpeechBandIsWideband() {
        let speech = Self.tones([300, 800, 1500, 2500, 3300], amplitude: 4000)
        let hiss = Self.noise(speech.count, rms: 20)
        #expect(ChannelDetector.channel(of: zip(speech, hiss).map { Int16(Double($0) + $1) }) == .wideband)
    }

    @Test func digitalSilenceAndAShortTakeDecideNothing() {
        #expect(ChannelDetector.channel(of: [Int16](repeating: 0, count: 32000)) == nil)
        #expect(ChannelDetector.channel(of: Self.tones([1000, 2500], seconds: 0.1)) == nil)
    }

    /// Audio handed over in 40 ms frames, as a recording arrives, decides as the whole does.
    @Test func framesAddUpToTheWhole() {
        let audio = Self.tones([500, 2750, 6094])
        var detector = ChannelDetector()
        for start in stride(from: 0, to: audio.count, by: 640) {
            detector.add(Array(audio[start..<min(audio.count, start + 640)]))
        }
        #expect(detector.channel == .wideband)
        #expect(abs(detector.ratioDB - Self.ratio(of: audio)) < 0.01)
    }

    static func ratio(of audio: [Int16]) -> Double {
        var detector = ChannelDetector()
        detector.add(audio)
        return detector.ratioDB
    }
}

/// The per-device channel file.
struct ChannelMemoryTests {
    @Test func devicesAreRememberedApartAndANewChannelReplacesTheOld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "voicesh-memory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("channels").path
        let headset = try #require(ChannelMemory(file: file, device: "bluealsa:DEV=00:11:22,PROFILE=sco"))
        let laptop = try #require(ChannelMemory(file: file, device: "default"))
        #expect(headset.recall() == nil)
        headset.remember(.narrowband, mean: [41.5, -5.25])
        laptop.remember(.wideband, mean: [30, 1])
        #expect(headset.recall() == .init(channel: .narrowband, mean: [41.5, -5.25]))
        #expect(laptop.recall() == .init(channel: .wideband, mean: [30, 1]))
        headset.remember(.wideband, mean: [40, 0])
        #expect(headset.recall() == .init(channel: .wideband, mean: [40, 0]))
        #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count == 2)
    }

    @Test func aNameTheFileCannotHoldIsRefused() {
        #expect(ChannelMemory(file: "/tmp/x", device: "a\tb") == nil)
        #expect(ChannelMemory(file: "/tmp/x", device: "") == nil)
    }
}
