import Foundation

extension EarFusion {
    /// What a reading's weight is made of: what each ear says of it and of its own hearing of
    /// the take. The names, order and arithmetic are `scripts/fit-ear-choice`'s, which fits
    /// their weights.
    public enum Feature: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
        /// Whisper's log-likelihood of the reading, per token.
        case whisperScore = "whisper_score"
        /// The shell-talk model's log-probability of it as said, per word (natural log).
        case shellTalk = "shell_talk"
        /// pocketsphinx's best reading.
        case pocketsphinx
        /// Whisper's own reading.
        case whisper
        /// A line made of both ears' words.
        case spliced
        /// The log of pocketsphinx's posterior of its best reading (`Take.logPosterior`), on it.
        case pocketsphinxConfidence = "pocketsphinx_confidence"
        /// The lowest word confidence of that reading, on it.
        case pocketsphinxLowestWord = "pocketsphinx_lowest_word"
        /// Whisper's mean log-probability per token, on its own reading.
        case whisperConfidence = "whisper_confidence"
        /// Whisper's no-speech probability, on its own reading.
        case whisperNoSpeech = "whisper_no_speech"
        /// A headset's band, on pocketsphinx's reading and on Whisper's.
        case pocketsphinxNarrowband = "pocketsphinx_narrowband"
        case whisperNarrowband = "whisper_narrowband"

        /// Its value for one reading of a take.
        func value(_ reading: Reading, _ take: Take) -> Double {
            let pocketsphinx = reading.pocketsphinxRank == 0 ? 1.0 : 0
            let whisper = reading.whisperRank == 0 ? 1.0 : 0
            let band = take.narrowband ? 1.0 : 0
            switch self {
            case .whisperScore: return reading.whisperScore ?? 0
            case .shellTalk: return log(10) * (reading.shellTalk ?? 0)
            case .pocketsphinx: return pocketsphinx
            case .whisper: return whisper
            case .spliced: return reading.spliced ? 1 : 0
            case .pocketsphinxConfidence: return pocketsphinx * take.logPosterior
            case .pocketsphinxLowestWord: return pocketsphinx * (take.pocketsphinxLowestWord ?? 0)
            case .whisperConfidence: return whisper * (take.whisperLogProbability ?? 0)
            case .whisperNoSpeech: return whisper * (take.whisperNoSpeech ?? 0)
            case .pocketsphinxNarrowband: return pocketsphinx * band
            case .whisperNarrowband: return whisper * band
            }
        }
    }

    /// What says none of a take's readings is right.
    public enum NoneFeature: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
        case bias
        case pocketsphinxConfidence = "pocketsphinx_confidence"
        case whisperConfidence = "whisper_confidence"
        case whisperNoSpeech = "whisper_no_speech"
        case narrowband

        func value(_ take: Take) -> Double {
            switch self {
            case .bias: return 1
            case .pocketsphinxConfidence: return take.logPosterior
            case .whisperConfidence: return take.whisperLogProbability ?? 0
            case .whisperNoSpeech: return take.whisperNoSpeech ?? 0
            case .narrowband: return take.narrowband ? 1 : 0
            }
        }
    }

    /// The choice's weights: a conditional logit over a take's readings (fitted on takes where
    /// one is right), and beside it the log-odds that none is, so a reading's probability is the
    /// chance it is the right line. Fitted by
    /// `scripts/fit-ear-choice` on the benchmark's training takes, each voice family judged by
    /// weights fitted without it (the resource `ear-choice.json`; a user's own from `adapt`).
    public struct Weights: Codable, Equatable, Sendable {
        public var readings: [Feature: Double]
        public var none: [NoneFeature: Double]

        public init(readings: [Feature: Double], none: [NoneFeature: Double]) {
            self.readings = readings
            self.none = none
        }

        /// Weights as JSON, every feature given (a file from another version says so).
        public static func decode(_ data: Data) throws -> Weights {
            let weights = try JSONDecoder().decode(Weights.self, from: data)
            let missing =
                Feature.allCases.filter { weights.readings[$0] == nil }.map(\.rawValue)
                + NoneFeature.allCases.filter { weights.none[$0] == nil }.map(\.rawValue)
            guard missing.isEmpty else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "no weight for \(missing.joined(separator: ", "))"))
            }
            // A fit moves weights by a few units; a huge one would make every share infinite.
            let all = Array(weights.readings.values) + Array(weights.none.values)
            guard all.allSatisfy({ $0.isFinite && abs($0) <= 100 }) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a weight out of range"))
            }
            return weights
        }

        /// A reading's weight (its log-odds against the take's other readings).
        public func weight(_ reading: Reading, in take: Take) -> Double {
            Feature.allCases.reduce(0) { $0 + (readings[$1] ?? 0) * $1.value(reading, take) }
        }

        /// The log-odds that none of the take's readings is right.
        public func noneLogOdds(_ take: Take) -> Double {
            NoneFeature.allCases.reduce(0) { $0 + (none[$1] ?? 0) * $1.value(take) }
        }
    }
}
