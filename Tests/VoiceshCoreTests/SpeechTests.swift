import Foundation
import Testing

@testable import VoiceshCore

struct SpeechTests {
    /// A voice-like sound: a glottal pulse train (pitch gliding 110–150 Hz) through two formant
    /// resonators, in syllables of 200 ms with 100 ms pauses, over a faint hiss.
    static func voice(seconds: Double) -> [Int16] {
        var generator = SystemRandomNumberGenerator()
        var y1 = 0.0, y2 = 0.0, z1 = 0.0, z2 = 0.0, phase = 0.0
        func resonator(_ f: Double, _ bandwidth: Double) -> (Double, Double) {
            let r = exp(-Double.pi * bandwidth / 16000)
            return (2 * r * cos(2 * Double.pi * f / 16000), -r * r)
        }
        let (a1, a2) = resonator(700, 110), (b1, b2) = resonator(1220, 130)
        return (0..<Int(16000 * seconds)).map { i in
            let t = Double(i) / 16000
            let pitch = 110 + 40 * (0.5 + 0.5 * sin(2 * Double.pi * 0.7 * t))
            phase += pitch / 16000
            let pulse = phase >= 1 ? 1.0 : 0.0
            if phase >= 1 { phase -= 1 }
            let y = pulse + a1 * y1 + a2 * y2
            (y2, y1) = (y1, y)
            let z = y + b1 * z1 + b2 * z2
            (z2, z1) = (z1, z)
            let syllable = t.truncatingRemainder(dividingBy: 0.3) < 0.2 ? 1.0 : 0.0
            return Int16(max(-32000, min(32000, 60 * z * syllable + Double.random(in: -20...20, using: &generator))))
        }
    }

    @Test func speechPresenceTellsSpeechFromNoiseTonesBreathAndClicks() {
        func presence(_ samples: [Int16]) -> SpeechPresence {
            var presence = SpeechPresence()
            presence.add(samples)
            return presence
        }
        var generator = SystemRandomNumberGenerator()
        let voice = presence(Self.voice(seconds: 2))
        #expect(voice.likelySpeech)
        #expect(voice.spreadDB > 30)
        #expect(voice.voicedSeconds > 0.5)

        // Steady noise, and digital silence.
        #expect(!presence((0..<32000).map { _ in Int16.random(in: -1500...1500, using: &generator) }).likelySpeech)
        #expect(!presence([Int16](repeating: 0, count: 32000)).likelySpeech)
        // A chord in bursts: loud and uneven, and periodic, but all its energy in three lines.
        let chord = (0..<32000).map { i in
            let t = Double(i) / 16000
            let on = t.truncatingRemainder(dividingBy: 0.4) < 0.3
            return Int16(on ? 3000 * (sin(2 * .pi * 262 * t) + sin(2 * .pi * 330 * t) + sin(2 * .pi * 392 * t)) : 0)
        }
        #expect(!presence(chord).likelySpeech)
        // Breath: noise bursts as loud as the voice, with no pitch.
        let breath = (0..<32000).map { i in
            (Double(i) / 16000).truncatingRemainder(dividingBy: 0.7) < 0.4
                ? Int16.random(in: -6000...6000, using: &generator) : Int16.random(in: -20...20, using: &generator)
        }
        #expect(!presence(breath).likelySpeech)
        // Keyboard clicks: 5 ms ticks, 120 ms apart.
        let clicks = (0..<32000).map { i in
            i % 1920 < 80
                ? Int16.random(in: -20000...20000, using: &generator) : Int16.random(in: -20...20, using: &generator)
        }
        #expect(!presence(clicks).likelySpeech)
    }

    /// The level floor, pinned where a quiet laptop microphone still counts: its loud frames
    /// at 0.0021–0.0046 RMS were thrown away when the floor stood at -50 dBFS.
    @Test func aQuietMicrophoneIsSpeechAndAFainterOneIsNot() {
        /// The voice with its loud (90th percentile) 10 ms frames at `level` RMS (0…1).
        func voice(at level: Double) -> SpeechPresence {
            let samples = Self.voice(seconds: 2)
            let frames = stride(from: 0, to: samples.count - 160, by: 160).map { start in
                (samples[start..<start + 160].reduce(0.0) { $0 + Double($1) * Double($1) } / 160).squareRoot()
            }.sorted()
            let scale = level * 32768 / frames[frames.count * 9 / 10]
            var presence = SpeechPresence()
            presence.add(samples.map { Int16((Double($0) * scale).rounded()) })
            return presence
        }
        #expect(SpeechPresence().minimumLevel == 0.001)
        #expect(voice(at: 0.0021).likelySpeech)
        #expect(voice(at: 0.0046).likelySpeech)
        #expect(!voice(at: 0.0005).likelySpeech)
    }

    @Test func segmentLinesFollowSpecA1() throws {
        let json =
            #"{"type":"transcript_segment","text":" git status ","speaker":"SPEAKER_01","start":0.5,"end":1.4,"is_final":true,"confidence":0.93}"#
        let segment = try #require(try TranscriptSegment.parse(line: json, number: 1))
        #expect(
            segment
                == TranscriptSegment(text: "git status", speaker: "SPEAKER_01", start: 0.5, end: 1.4, confidence: 0.93))
        let defaults = try #require(
            try TranscriptSegment.parse(line: #"{"type":"transcript_segment","text":"ls"}"#, number: 2))
        #expect(defaults == TranscriptSegment(text: "ls"))
        #expect(
            try TranscriptSegment.parse(line: "plain words from whisper-cli", number: 3)?.text
                == "plain words from whisper-cli")
        #expect(try TranscriptSegment.parse(line: "   ", number: 4) == nil)
        #expect(try TranscriptSegment.parse(line: #"{"type":"transcript_segment","text":"  "}"#, number: 5) == nil)
        #expect(throws: EngineError.command(.notASegment(line: 6, text: #"{"type":"transcript_segment""#))) {
            try TranscriptSegment.parse(line: #"{"type":"transcript_segment""#, number: 6)
        }
    }

    @Test func assemblerReplacesPartialsAndDropsRepeats() {
        var assembler = SegmentAssembler()
        assembler.add(TranscriptSegment(text: "git", isFinal: false))
        assembler.add(TranscriptSegment(text: "git stat", isFinal: false))
        #expect(assembler.liveText == "git stat")
        assembler.add(TranscriptSegment(text: "git status", start: 0, end: 1))
        assembler.add(TranscriptSegment(text: "git status", start: 0, end: 1))  // sent twice, counts once
        assembler.add(TranscriptSegment(text: "dash s", start: 1, end: 1.5))
        #expect(assembler.finals.map(\.text) == ["git status", "dash s"])
        #expect(assembler.partial == nil)
        #expect(Transcript(segments: assembler.finals).text == "git status dash s")
    }
}
