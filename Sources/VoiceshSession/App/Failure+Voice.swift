/// The words for the user's voice: its recordings and learning it.
extension Failure {
    package static func describe(_ problem: VoiceStoreProblem) -> String {
        switch problem {
        case .cannotRead(let directory, let reason): "cannot read \(directory): \(reason)"
        case .cannotReadRecording(let base): "cannot read \(base).wav; check its permissions, or move it out"
        case .unusableRecording(let base, let error):
            "\(base).wav is not a usable recording: \(error.message); fix or remove it"
        case .cannotKeep(let directory, let reason): "cannot keep recordings under \(directory): \(reason)"
        case .cannotKeepOne(let directory, let reason): "cannot keep a recording under \(directory): \(reason)"
        case .noPairs(let folder): "no NAME.wav with NAME.txt beside it in \(folder)"
        }
    }

    package static func describe(_ problem: VoiceAdaptationProblem) -> String {
        switch problem {
        case .nothingToLearn:
            "nothing to learn from yet: run voicesh adapt --enroll 30, or dictate with history = \"text+audio\" in a profile"
        case .notLearnt(let error):
            "cannot learn the voice: \(reason(error)); the recordings are kept and the voice in use is unchanged"
        case .cannotLock(let path, let reason):
            "cannot take \(path) (one learner at a time): \(reason); the voice in use is unchanged"
        case .notLearntInBackground(let error):
            "cannot learn the voice: \(describe(error)); the voice in use is unchanged"
        }
    }
}
