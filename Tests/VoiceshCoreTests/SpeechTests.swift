import Foundation
import Testing

@testable import VoiceshCore

struct SpeechTests {
    @Test func speechPresenceTellsSpeechFromSteadyNoise() {
        var noise = SpeechPresence()
        var generator = SystemRandomNumberGenerator()
        noise.add((0..<32000).map { _ in Int16.random(in: -1500...1500, using: &generator) })
        #expect(!noise.likelySpeech)

        var speech = SpeechPresence()
        let quiet = (0..<8000).map { _ in Int16.random(in: -100...100, using: &generator) }
        let loud = (0..<8000).map { i in Int16(8000 * sin(Double(i) * 0.2)) }
        speech.add(quiet + loud + quiet + loud)
        #expect(speech.likelySpeech)
        #expect(speech.spreadDB > 30)

        var silence = SpeechPresence()
        silence.add([Int16](repeating: 0, count: 32000))
        #expect(!silence.likelySpeech)
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
        #expect(throws: EngineError.badOutput("line 6 is not a transcript_segment: {\"type\":\"transcript_segment\"")) {
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
