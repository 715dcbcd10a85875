import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// The gate of learning from corrections: real pocketsphinx forced alignment on flite speech,
/// against the text that was said and texts that were not.
struct TranscriptAlignerTests {
    @Test func theSaidTextPassesAndARewriteDoesNot() throws {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let aligner = TranscriptAligner(cacheDirectory: folder.path)
        let audio = try QuotedEnglishTests.speech("git status dash s", in: folder)
        let fits = try aligner.fits(
            audio, candidates: ["git status dash s", "kubectl get pods dash n default", "git stash list"])
        let said = try #require(fits.first { $0.words == "git status dash s" })
        #expect(fits.first == said, "\(fits)")
        #expect(said.score >= TranscriptAligner.threshold, "\(fits)")
        let rewrite = fits.first { $0.words == "kubectl get pods dash n default" }
        #expect((rewrite?.score ?? -.infinity) < TranscriptAligner.threshold, "\(fits)")
        #expect(try aligner.label(audio, candidates: ["git status dash s"]) == "git status dash s")
        #expect(try aligner.label(audio, candidates: ["kubectl get pods dash n default"]) == nil)
    }

    /// A corrected line with a word the shell model lacks: the aligner gives it a pronunciation.
    @Test func aWordOutsideTheShellModelIsAlignedToo() throws {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let aligner = TranscriptAligner(cacheDirectory: folder.path)
        let audio = try QuotedEnglishTests.speech("cat pineapple dot txt", in: folder)
        let candidates = SpokenForms.candidates(for: "cat pineapple.txt")
        #expect(candidates.first == "cat pineapple dot txt")
        #expect(try aligner.label(audio, candidates: candidates) == "cat pineapple dot txt")
        #expect(try aligner.label(audio, candidates: ["docker compose up dash d"]) == nil)
        #expect(try aligner.fits([], candidates: candidates).isEmpty)
    }
}
