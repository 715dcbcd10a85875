import Foundation
import Testing

@testable import VoiceshCore

struct SpeechTests {
    @Test func arpaProbabilitiesSumToOnePerContext() throws {
        let model = NGramModel(sentences: [["git", "status"], ["git", "push"], ["git", "status"], ["ls"]])
        let arpa = model.arpa
        #expect(arpa.hasPrefix("\\data\\\nngram 1=6\n"))  // git status push ls </s>, and <s>
        #expect(arpa.hasSuffix("\\end\\\n"))
        // p(w | git) over the seen followers plus the backed-off rest must be 1.
        var unigram: [String: Double] = [:], bigram: [String: Double] = [:], backoff: [String: Double] = [:]
        var section = 0
        for line in arpa.split(separator: "\n") {
            if line.hasPrefix("\\1-grams") {
                section = 1
            } else if line.hasPrefix("\\2-grams") {
                section = 2
            } else if line.hasPrefix("\\3-grams") {
                section = 3
            }
            let parts = line.split(separator: " ")
            guard let logP = Double(parts.first ?? ""), parts.count >= section + 1 else { continue }
            if section == 1 {
                unigram[String(parts[1])] = pow(10, logP)
                if parts.count == 3 { backoff[String(parts[1])] = pow(10, Double(parts[2])!) }
            } else if section == 2 {
                bigram[parts[1...2].joined(separator: " ")] = pow(10, logP)
            }
        }
        let words = ["git", "status", "push", "ls", "</s>"]
        let total = words.reduce(0.0) { sum, w in sum + (bigram["git \(w)"] ?? backoff["git"]! * unigram[w]!) }
        #expect(abs(total - 1) < 0.01)
        #expect(abs(words.reduce(0.0) { $0 + unigram[$1]! } - 1) < 0.001)
        #expect(model.vocabulary == ["<s>", "git", "ls", "push", "status"].filter { $0 != "<s>" })
    }

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
