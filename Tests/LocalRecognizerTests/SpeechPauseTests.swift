import Foundation
import Testing

import VoiceshCore

/// A pause in the speech is found as the audio arrives, once per pause, and never in a
/// recording of no speech or of a click.
struct SpeechPauseTests {
    /// `seconds` of a voiced-like sound at `level` RMS (0…1) over a faint hiss, or of the
    /// hiss alone (the same every run).
    static func sound(_ seconds: Double, level: Double) -> [Int16] {
        (0..<Int(seconds * 16000)).map { i in
            let tone = level * 32768 * 1.4 * sin(2 * .pi * 140 * Double(i) / 16000)
            let hiss = Double((i &* 7919) % 61 - 30)
            return Int16(clamping: Int(tone + hiss))
        }
    }

    static func floor(_ seconds: Double) -> [Int16] { sound(seconds, level: 0) }

    /// Fed in 20 ms frames, as a recording arrives: where each pause was found, in seconds.
    static func pauses(in samples: [Int16], _ pause: inout SpeechPause) -> [Double] {
        stride(from: 0, to: samples.count, by: 320).compactMap { start in
            pause.add(Array(samples[start..<min(start + 320, samples.count)])).map { Double($0) / 16000 }
        }
    }

    @Test func aPauseAfterSpeechIsFoundOnceUntilSpeechComesAgain() {
        var pause = SpeechPause()
        let line = Self.floor(0.3) + Self.sound(0.8, level: 0.1) + Self.floor(0.6)
        let found = Self.pauses(in: line, &pause)
        #expect(found.count == 1)
        #expect(abs((found.first ?? 0) - 1.35) < 0.03, "\(found)")  // 0.25 s after the speech ended
        #expect(pause.isPaused)
        let more = Self.sound(0.5, level: 0.05) + Self.floor(0.4)
        var after = Self.pauses(in: Array(more.prefix(8000)), &pause)
        #expect(after.isEmpty && !pause.isPaused)
        after = Self.pauses(in: Array(more.dropFirst(8000)), &pause)
        #expect(after.count == 1 && pause.isPaused, "\(after)")
    }

    @Test func aGapInsideALineIsNoPause() {
        var pause = SpeechPause()
        let line = Self.floor(0.3) + Self.sound(0.4, level: 0.1) + Self.floor(0.15) + Self.sound(0.4, level: 0.1)
        #expect(Self.pauses(in: line, &pause).isEmpty)
    }

    @Test func noSpeechAndAClickHaveNoPause() {
        var pause = SpeechPause()
        #expect(Self.pauses(in: Self.floor(2), &pause).isEmpty)
        pause = SpeechPause()
        #expect(Self.pauses(in: Self.floor(0.5) + Self.sound(0.05, level: 0.3) + Self.floor(1), &pause).isEmpty)
        // Too faint to be a voice at all.
        pause = SpeechPause()
        #expect(Self.pauses(in: Self.floor(0.3) + Self.sound(0.8, level: 0.0005) + Self.floor(0.6), &pause).isEmpty)
    }
}
