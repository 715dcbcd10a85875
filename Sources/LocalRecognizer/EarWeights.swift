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
        let own = voiceDirectory.flatMap(learnt(in:))
        return (own ?? shipped).map(EarFusion.init(weights:)) ?? EarFusion()
    }

    /// The weights learnt for this user, when they chose better than the weights this voicesh
    /// ships (`ChoiceLearner.Kept`); nil when there are none, or when they were learnt
    /// beside other shipped weights (then `adapt` learns them again).
    public static func learnt(in voiceDirectory: String) -> EarFusion.Weights? {
        guard let data = FileManager.default.contents(atPath: ChoiceLearner.file(in: voiceDirectory)),
            let beside = (try? JSONDecoder().decode(ChoiceLearner.Kept.self, from: data))?.shipped, beside == shipped
        else { return nil }
        return try? EarFusion.Weights.decode(data)
    }

    /// Weights from a file; nil when it is missing or not weights of this version.
    public static func read(_ path: String) -> EarFusion.Weights? {
        FileManager.default.contents(atPath: path).flatMap { try? EarFusion.Weights.decode($0) }
    }
}
