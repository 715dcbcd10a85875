import Foundation
import VoiceshCore

/// The two-ear choice's fitted weights (`EarFusion.Weights`): the user's own, learnt by
/// `voicesh adapt` (`ChoiceLearner`), else the resource `ear-choice.json` that
/// `scripts/fit-ear-choice` fitted on the benchmark's training takes.
public enum EarWeights {
    /// The shipped weights; nil when the file is missing or unreadable (an install without
    /// voicesh's data: the choice then keeps the rule it had before weights).
    public static let shipped: EarFusion.Weights? = ShellCorpus.resource("ear-choice.json").flatMap(read)

    /// The choice a session makes: with the weights learnt for this user (in `voiceDirectory`)
    /// when there are some, else the shipped ones. The user's are fitted for Whisper base (the
    /// ear `adapt` hears with): a session with another ear passes no directory.
    public static func fusion(voiceDirectory: String?) -> EarFusion {
        let own = voiceDirectory.flatMap { read(ChoiceLearner.file(in: $0)) }
        return (own ?? shipped).map(EarFusion.init(weights:)) ?? EarFusion()
    }

    /// Weights from a file; nil when it is missing or not weights of this version.
    public static func read(_ path: String) -> EarFusion.Weights? {
        FileManager.default.contents(atPath: path).flatMap { try? EarFusion.Weights.decode($0) }
    }
}
