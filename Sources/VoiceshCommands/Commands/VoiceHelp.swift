import ArgumentParser
import VoiceshCore
import VoiceshSession

/// `voicesh voice` (and `voicesh help voice`): the spoken grammar of `hands_free = true`.
struct VoiceHelp: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Print the spoken grammar of hands-free mode (hands_free = true).",
        discussion: VoiceGrammar.table)

    func run(_ context: AppContext) throws {
        context.console.print(VoiceGrammar.table)
    }
}
