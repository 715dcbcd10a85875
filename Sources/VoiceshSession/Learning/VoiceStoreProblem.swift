import VoiceshCore

/// A folder of NAME.wav + NAME.txt recordings (the user's own under the voice directory, or
/// one given to `adapt --from`) that cannot be read or added to. `Failure` words it.
package enum VoiceStoreProblem: Error, Equatable {
    case cannotRead(directory: String, reason: String)
    /// `base` is the pair's path without its extension.
    case cannotReadRecording(base: String)
    case unusableRecording(base: String, WAV.FormatError)
    case cannotKeep(directory: String, reason: String)
    /// One recording could not be kept under the next free number.
    case cannotKeepOne(directory: String, reason: String)
    /// `adapt --from` a folder without a single pair (as typed).
    case noPairs(folder: String)
}
