/// Why learning the user's voice (`voicesh adapt`, the learning after a session) did not
/// give a new voice, as values: `Failure` words them.
public enum LearningProblem: Equatable, Sendable {
    /// `path`, a tool from Debian's `package`, is not installed.
    case missingTool(path: String, package: String)
    /// A working directory could not be created, or a training file written there
    /// (`reason`: the system's words).
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String)
    /// The acoustic model at `model` has no readable `sendump`, or one that is not mixture weights.
    case noSendump(model: String)
    case badSendump(SendumpDefect)
    /// A training tool could not be started (`reason`: the system's words), or exited with
    /// `status` (`lastError`: its last ERROR or FATAL line).
    case cannotRun(program: String, reason: String)
    case toolFailed(tool: String, status: Int32, lastError: String?)
    /// No recording could be learnt from (`firstSkipped`: why the first was left out).
    case nothingToLearn(firstSkipped: String?)
    /// Too few recordings to hold one back to score with: `count` of at least `needed`.
    case tooFewRecordings(count: Int, needed: Int)
    /// The model written at `path` lacks some of its files.
    case incompleteModel(path: String)
    /// The adapted model, or the new voice, could not be put in place at `path`.
    case cannotInstallModel(path: String, reason: String)
    case cannotInstallVoice(path: String, reason: String)
    /// The learning status could not be written at `path`.
    case cannotWriteStatus(path: String)
    /// The aligner's dictionary could not be written under `directory`.
    case cannotWriteDictionary(directory: String)
}

/// What is wrong with an acoustic model's `sendump` (its mixture weights).
public enum SendumpDefect: Equatable, Sendable {
    case noTitle
    /// Clustered weights, which voicesh does not read.
    case clustered
    /// Its sizes do not match its length (a truncated file).
    case wrongLength
}
