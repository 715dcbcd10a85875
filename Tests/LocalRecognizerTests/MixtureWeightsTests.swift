import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// The conversion sphinxtrain needs before it can adapt Debian's en-us model.
struct MixtureWeightsTests {
    static let sendump = "/usr/share/pocketsphinx/model/en-us/en-us/sendump"

    @Test func debiansSendumpBecomesMixtureWeightsSphinxtrainReads() throws {
        let bytes = try MixtureWeights.fromSendump([UInt8](Data(contentsOf: URL(fileURLWithPath: Self.sendump))))
        // A Sphinx-III header, the byte-order word on a 4-byte boundary, then the sizes.
        let end = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("endhdr\n".utf8)) }) + 7
        #expect(bytes.starts(with: Array("s3\nversion 1.0\n".utf8)))
        #expect(end % 4 == 0)
        func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        #expect(word(end) == 0x1122_3344)
        let (senones, features, densities) = (word(end + 4), word(end + 8), word(end + 12))
        #expect([senones, features, densities] == [Int]([5126, 3, 128]))  // the en-us model's mdef and ptm codebooks
        #expect(word(end + 16) == senones * features * densities)
        #expect(bytes.count == end + 20 + senones * features * densities * 4)

        // Every senone's weights over one feature stream are a distribution (quantised: a little under 1).
        let floats = bytes[(end + 20)...].withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        for mixture in stride(from: 0, to: floats.count, by: densities) {
            let sum = floats[mixture..<mixture + densities].reduce(0, +)
            #expect((0.85...1.0).contains(sum), "mixture \(mixture / densities) sums to \(sum)")
        }
    }

    @Test func aTruncatedSendumpIsRefused() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sendump)))
        let expected = EngineError.learning(.badSendump(.wrongLength))
        #expect(throws: expected) { _ = try MixtureWeights.fromSendump(Array(bytes.prefix(bytes.count / 2))) }
    }
}
