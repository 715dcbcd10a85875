import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// pocketsphinx's N-best as Tab's readings: real pocketsphinx on speech flite synthesises.
struct AlternativesTests {
    static func transcribe(_ text: String, in folder: URL) async throws -> Transcript {
        let audio = try QuotedEnglishTests.speech(text, in: folder)
        let engine = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: folder.path)
        let stream = AsyncStream<AudioFrame> { continuation in
            for frame in AudioFrame.frames(of: audio) { continuation.yield(frame) }
            continuation.finish()
        }
        return try await engine.transcribe(EngineRequest(stream)) { _ in }
    }

    /// The lattice has other paths: they come back as distinct readings after the best one, each
    /// with its words scored on the one 0…1 scale, and shell text made of them is distinct too.
    @Test func theLatticesNextReadingsAreDistinctAlternatives() async throws {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let transcript = try await Self.transcribe("git checkout dash b feature", in: folder)
        let best = transcript.text
        let others = transcript.alternatives.map(\.text)
        #expect(!others.isEmpty, "best: \(best)")
        #expect(others.count <= PocketSphinxEngine.alternativeLimit)
        #expect(!others.contains(best) && Set(others).count == others.count, "\(best) / \(others)")
        for alternative in transcript.alternatives {
            let words = alternative.words
            #expect(words.map(\.text).joined(separator: " ") == alternative.text)
            #expect(words.allSatisfy { ($0.confidence ?? -1) >= 0 && ($0.confidence ?? 2) <= 1 }, "\(words)")
            #expect(!alternative.text.contains("<") && !alternative.text.contains("("), "\(alternative.text)")
        }
        let readings = Reading.readings(of: transcript, normalize: { SpokenShell().normalize($0) })
        #expect(readings.first?.text == SpokenShell().normalize(best))
        #expect(Set(readings.map(\.text)).count == readings.count && readings.count <= Reading.shownLimit)
        #expect(readings.count > 1, "\(readings.map(\.text))")
    }

    /// Each word's confidence is its posterior combined with how far the other readings agree
    /// on it (`WordAgreement.fitted`); a word they dispute is less sure than one they share.
    @Test func wordsTheReadingsDisagreeOnAreLessSure() async throws {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = try QuotedEnglishTests.speech("git checkout dash b feature", in: folder)
        func run(_ scoring: WordAgreement.Fit) async throws -> Transcript {
            let engine = PocketSphinxEngine(
                vocabulary: [], history: [], cacheDirectory: folder.path, scoring: scoring)
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in AudioFrame.frames(of: audio) { continuation.yield(frame) }
                continuation.finish()
            }
            return try await engine.transcribe(EngineRequest(stream)) { _ in }
        }
        let posterior = try await run(.posteriorOnly)
        let fitted = try await run(WordAgreement.fitted)
        #expect(posterior.text == fitted.text)
        let agreement = WordAgreement.agreement(
            posterior.words.map(\.text), posterior.alternatives.map { $0.text.split(separator: " ").map(String.init) })
        #expect(
            agreement.contains { $0 < 1 }, "the readings agree on every word: \(posterior.alternatives.map(\.text))")
        for (i, a) in agreement.enumerated() {
            let p = try #require(posterior.words[i].confidence)
            let combined = try #require(fitted.words[i].confidence)
            #expect(abs(combined - WordAgreement.fitted.confidence(posterior: p, agreement: a)) < 1e-9)
            if a < 1 {
                let agreed = WordAgreement.fitted.confidence(posterior: p, agreement: 1)
                #expect(combined < agreed, "\(posterior.words[i].text): \(combined) vs \(agreed)")
            }
        }
    }
}
