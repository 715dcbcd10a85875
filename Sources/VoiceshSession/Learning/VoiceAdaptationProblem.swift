import VoiceshCore

/// Why `voicesh adapt` learnt no voice; the voice in use is unchanged. `Failure` words it.
package enum VoiceAdaptationProblem: Error, Equatable {
    /// No recordings kept and no confirmed dictation with its recording.
    case nothingToLearn
    /// Learning failed; the recordings are kept.
    case notLearnt(EngineError)
    /// The lock beside the voice (one learner at a time) could not be taken.
    case cannotLock(path: String, reason: String)
    /// The background learner (held-back score) failed.
    case notLearntInBackground(EngineError)
}
