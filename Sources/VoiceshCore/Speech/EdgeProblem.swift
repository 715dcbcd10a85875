/// Why the edge engine (pocketsphinx with its shell-talk model) gave no text, as values:
/// `Failure` words them.
public enum EdgeProblem: Equatable, Sendable {
    /// No acoustic model at `path` (Debian's pocketsphinx-en-us is not installed).
    case noAcousticModel(path: String)
    /// voicesh's shell corpus is not among its data (`searched`: the places looked in).
    case noCorpus(searched: String)
    /// The shell-talk model could not be written under `directory` (`reason`: the system's words).
    case cannotWriteModel(directory: String, reason: String)
    /// pocketsphinx refused its arguments, or could not load the acoustic model at `path`.
    case configurationRejected
    case cannotLoadModel(path: String)
    /// pocketsphinx refused this dictation's context at `step`.
    case contextRefused(ContextStep)
    /// The context model could not be handed to pocketsphinx in shared memory (`reason`: the
    /// system's words, when it gave any).
    case contextNotInMemory(reason: String?)
    /// The one decoder is busy with another recording.
    case busy
}

/// Where pocketsphinx refused a dictation's context.
public enum ContextStep: Equatable, Sendable {
    /// Loading the dictionary with the context's words added.
    case words
    /// Reading the context's small language model, combining it with the base model, and
    /// searching with the two.
    case read
    case combine
    case search
}
