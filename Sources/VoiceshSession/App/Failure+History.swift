import AudioCapture

/// The words for the history commands and `listen`.
extension Failure {
    package static func describe(_ problem: HistoryProblem) -> String {
        switch problem {
        case .noRecording(let id): "dictation \(id) has no kept recording (its profile keeps text only)"
        case .noRecordingToRetry(let id): "dictation \(id) has no kept recording to retry"
        case .retryFailed(let error): "\(describe(error)); the recording is still kept"
        case .intentRetryFailed(let error): "\(describe(error)); the request is still kept"
        case .outputExists(let file): "\(file) exists; pass --force to overwrite it, or name another file"
        case .notCleared: "not cleared; run with --yes to clear without a terminal to confirm on"
        case .cannotPlay(let id, let error):
            switch error {
            case .cannotOpen(let device, let reason), .failed(let device, let reason):
                "cannot play on \(device): \(reason); pick another with --device, or write it to a file: "
                    + "voicesh history export-audio \(id) out.wav"
            case .badFile: "\(describe(error)), or write it to a file: voicesh history export-audio \(id) out.wav"
            }
        }
    }

    package static func describe(_ unwritten: HistoryWriter.Unwritable) -> String {
        "the history could not be written: \(describe(unwritten.error))"
    }

    package static func describe(_ problem: ListenProblem) -> String {
        switch problem {
        case .notTranscribed(let error, let kept): "\(error ?? "nothing was heard"); " + describe(kept)
        }
    }

    /// What `listen` says of how it ended, when it says anything (its text is on stdout).
    package static func describe(_ end: Listening.End) -> String? {
        switch end {
        case .printed: nil
        case .cancelled: "cancelled; nothing transcribed"
        case .interrupted(let kept, let stage): "\(signalled(while: stage)); \(describe(kept))"
        case .historyUnwritten(let error): "\(describe(error)); the text above is not in the history"
        }
    }

    /// How a signal ended `listen`: its line on stderr, and the reason its kept row gives.
    package static func signalled(while stage: Listening.Stage) -> String {
        switch stage {
        case .recording: "stopped by a signal while recording"
        case .transcribing: "stopped by a signal while transcribing"
        }
    }

    private static func describe(_ kept: ListenProblem.Kept) -> String {
        switch kept {
        case .inHistory(let id): "the recording is kept: voicesh history retry \(id)"
        case .nothing: "nothing was kept"
        case .inFile(let path, let profile, let unwritten):
            (unwritten.map { "\(describe($0)); " } ?? "")
                + "the recording is kept in \(path): voicesh transcribe \(path) --profile \(profile) tries it again"
        case .lost(let unwritten):
            (unwritten.map { "\(describe($0)); " } ?? "") + "the recording could not be kept anywhere"
        }
    }
}
