import Foundation
import Testing

@testable import VoiceshCore

/// The calibrated choice: readings weighed by what each ear says of them and of its own
/// hearing of the take, and those weights fitted to a user's recordings.
struct EarFusionWeightsTests {
    /// Weights that trust each ear as far as it says it heard well (Whisper's score and its own
    /// confidence, pocketsphinx's posterior), and that one reading is always right.
    static let trusting = EarFusion.Weights(
        readings: Dictionary(
            uniqueKeysWithValues: EarFusion.Feature.allCases.map { feature in
                (
                    feature,
                    [.whisperScore: 1, .whisper: 2, .whisperConfidence: 4, .pocketsphinxConfidence: 3][feature]
                        ?? 0.0
                )
            }),
        none: Dictionary(uniqueKeysWithValues: EarFusion.NoneFeature.allCases.map { ($0, $0 == .bias ? -50 : 0.0) }))

    /// pocketsphinx's best and Whisper's own reading of one take.
    static func readings(pocketsphinx: String, whisper: String) -> [EarFusion.Reading] {
        [
            .init(shell: pocketsphinx, whisperScore: -1.5, pocketsphinxRank: 0),
            .init(shell: whisper, whisperScore: -1.0, whisperRank: 0),
        ]
    }

    @Test func theEarThatSaysItHeardWellIsChosen() {
        let fusion = EarFusion(weights: Self.trusting)
        let readings = Self.readings(pocketsphinx: "make lean", whisper: "make clean")
        // Whisper sure of its words, pocketsphinx unsure: Whisper's.
        let sure = EarFusion.Take(pocketsphinxConfidence: 0.1, whisperLogProbability: -0.1)
        #expect(fusion.choose(readings, take: sure) == 1)
        // Whisper unsure, pocketsphinx sure: the same readings, pocketsphinx's.
        let unsure = EarFusion.Take(pocketsphinxConfidence: 0.9, whisperLogProbability: -0.9)
        #expect(fusion.choose(readings, take: unsure) == 0)
        // Tab's order is the same weights'.
        #expect(fusion.ranked(readings, take: unsure) == [0, 1])
    }

    /// Whisper's next beam readings are offered on Tab by the same weights, never chosen: even
    /// one it scores above everything stays behind the ears' own readings.
    @Test func whispersNextBeamReadingsAreTabsNotTheChoices() {
        let fusion = EarFusion(weights: Self.trusting)
        var readings = Self.readings(pocketsphinx: "make lean", whisper: "make clean")
        readings.append(.init(shell: "make clear", whisperScore: -0.1, whisperRank: 1))
        let take = EarFusion.Take(pocketsphinxConfidence: 0.9, whisperLogProbability: -0.9)
        #expect(fusion.choose(readings, take: take) == 0)
        #expect(fusion.choosable(readings) == [0, 1])
        #expect(fusion.ranked(readings, take: take) == [2, 0, 1])
        // The same words pocketsphinx proposed too are its reading, and may be chosen.
        readings[2].pocketsphinxRank = 0
        readings[0].pocketsphinxRank = 1
        #expect(fusion.choose(readings, take: take) == 2)
    }

    @Test func aReadingsProbabilityIsItsShareTimesTheChanceOneIsRight() throws {
        var weights = Self.trusting
        let readings = Self.readings(pocketsphinx: "git status", whisper: "get status")
        let take = EarFusion.Take(pocketsphinxConfidence: 0.9, whisperLogProbability: -0.9)
        let shares = try [0, 1].map {
            try #require(EarFusion(weights: weights).probability($0, of: readings, take: take))
        }
        #expect(abs(shares.reduce(0, +) - 1) < 1e-9)
        #expect(shares[0] > shares[1])
        // Even odds that neither is right halve each.
        weights.none[.bias] = 0
        let halved = try #require(EarFusion(weights: weights).probability(0, of: readings, take: take))
        #expect(abs(halved - shares[0] / 2) < 1e-9)
        // No weights, no probability.
        #expect(EarFusion().probability(0, of: readings, take: take) == nil)
    }

    @Test func weightsFromAnotherVersionAreRefused() throws {
        let full = try JSONEncoder().encode(Self.trusting)
        #expect(try EarFusion.Weights.decode(full) == Self.trusting)
        var partial = Self.trusting
        partial.readings[.whisperNoSpeech] = nil
        #expect(throws: DecodingError.self) { try EarFusion.Weights.decode(try JSONEncoder().encode(partial)) }
        #expect(throws: DecodingError.self) {
            try EarFusion.Weights.decode(Data(#"{"readings": {"loudness": 1}, "none": {}}"#.utf8))
        }
    }

    /// A user whose Whisper readings are right even when pocketsphinx is sure: the fitted
    /// weights choose more of them, and a few recordings move the weights less than many.
    @Test func fittingMovesTheChoiceTowardTheUsersRightLines() throws {
        let examples = (0..<20).map { i in
            EarFusion.Example(
                readings: Self.readings(pocketsphinx: "ls dash \(i)", whisper: "ls -\(i)"),
                take: EarFusion.Take(pocketsphinxConfidence: 0.9, whisperLogProbability: -0.9), right: "ls -\(i)")
        }
        let shipped = EarFusion(weights: Self.trusting)
        #expect(shipped.chosenRight(examples) == 0)
        let fitted = try #require(shipped.fitted(to: examples))
        #expect(fitted.chosenRight(examples) == 20)
        // And surer of them: what breaks a tie in chosen lines when a user's weights are checked.
        #expect(fitted.likelihood(examples) > shipped.likelihood(examples))
        #expect(fitted.likelihood(examples) < 0 && EarFusion().likelihood(examples) == 0)
        let few = try #require(shipped.fitted(to: Array(examples.prefix(2))))
        func moved(_ fusion: EarFusion) -> Double {
            EarFusion.Feature.allCases.reduce(0) {
                $0 + abs((fusion.weights?.readings[$1] ?? 0) - (Self.trusting.readings[$1] ?? 0))
            }
        }
        #expect(moved(few) < moved(fitted))
        // Nothing to learn from: the weights it started from.
        #expect(shipped.fitted(to: [])?.weights == Self.trusting)
        #expect(EarFusion().fitted(to: examples) == nil)
    }
}
