import ArgumentParser
import VoiceshCore
import VoiceshSession

struct HistoryRetry: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Transcribe a kept recording again and print the text.",
        usage: "voicesh history retry [<options>] <id>",
        discussion: """
            Uses the dictation's profile's engine unless told otherwise. On success the row gets the new text and its recording is let go (unless the profile keeps audio); on failure both stay. A row whose text was shown (and perhaps edited or sent) keeps that text: the new text is written as a row of its own.
            """)

    @Argument(help: "The dictation's id (voicesh history lists them).")
    var id: Int64

    @Option(help: "Use this profile's engine instead.", completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Use the built-in offline engine (edge) instead.")
    var engine: BuiltInEngine?

    @Option(help: "Run this local recogniser command instead ({wav} stands for the recording).")
    var command: String?

    @Option(help: "Seconds to wait for the text.")
    var timeout: Double?

    enum BuiltInEngine: String, ExpressibleByArgument, CaseIterable {
        case edge
    }

    func validate() throws {
        if [profile != nil, engine != nil, command != nil].filter({ $0 }).count > 1 {
            throw ValidationError("pick one of --profile, --engine and --command")
        }
    }

    func run(_ context: AppContext) throws {
        let retry = Retry(id: id, profile: profile, builtIn: engine != nil, command: command, timeout: timeout)
        if try !retry.run(context) { throw ExitCode(Listen.historyUnwritten) }
    }
}
