/// Why the user's recogniser command (or another program voicesh runs for speech) gave no
/// text, as values: `Failure` words them.
public enum CommandProblem: Equatable, Sendable {
    /// The recording could not be written where the command reads it.
    case cannotWriteRecording(reason: String)
    /// No pipes for the child's output (the process is out of descriptors).
    case noPipes
    /// `program` could not be started.
    case cannotRun(program: String, reason: String)
    /// The command exited with `status`; `lastLine`: the last line it wrote to stderr.
    case exited(status: Int32, lastLine: String?)
    /// Line `line` of its output is a JSON object but not a transcript_segment (`text`: its start).
    case notASegment(line: Int, text: String)
}
