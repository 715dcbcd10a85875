import ArgumentParser
import VoiceshCore
import VoiceshSession

struct Listen: VoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record, transcribe with a profile's engine, and print the shell text (dictation for scripts).",
        usage: "voicesh listen [<options>]",
        discussion: """
            Records until the toggle key or Enter (Esc or ctrl-c cancels, also while the engine works), --seconds, the end of --audio-file, or the profile's auto_stop after speech. The text goes to standard output and into the history; when the engine fails the recording is kept for `voicesh history retry`. When the history cannot be written the text is still printed, stderr says so, and the exit status is 3.
            """)

    /// The text was printed but the history could not be written.
    static let historyUnwritten: Int32 = 3

    @Option(
        help: "Use this profile's engine (default: the built-in offline engine).", completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Stop after this many seconds.")
    var seconds: Double?

    @OptionGroup(title: "Audio")
    var audio: AudioOptions

    func run(_ context: AppContext) throws {
        let end = try Listening.run(context: context, profile: profile, seconds: seconds, audio: audio)
        if let words = Failure.describe(end) { context.console.error("voicesh: \(words)") }
        switch end {
        case .printed: return
        case .cancelled, .interrupted: throw ExitCode(130)
        case .historyUnwritten: throw ExitCode(Self.historyUnwritten)
        }
    }
}
