/// Why the edge engine's second ear (Whisper, in a child process) gave no text, as values:
/// `Failure` words them.
public enum WhisperProblem: Equatable, Sendable {
    /// The model the profile names (`whisper_model`) at `path` is not usable (`reason`: what
    /// the folder lacks).
    case badModel(path: String, reason: String)
    /// The runtime stopped before it was ready (`lastWords`: the last line of its stderr), or
    /// said why it cannot start (`words`: its own).
    case stoppedStarting(lastWords: String)
    case cannotStart(words: String)
    /// The recording could not be written for the runtime in `directory`.
    case cannotWriteRecording(directory: String)
    /// The request could not be put to the runtime, or the runtime stopped answering.
    case cannotTalk
    case stopped
    /// A line that is not a JSON object (`line`: its start), a reply without text, one with
    /// fewer scores than readings asked, or the runtime's own error (`words`: Whisper's).
    case notJSON(line: String)
    case noText
    case missingScores
    case said(words: String)
    /// The one runtime is busy with another recording.
    case busy
}
