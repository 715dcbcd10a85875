import ArgumentParser
import VoiceshCore
import VoiceshSession

/// `voicesh voice` (and `voicesh help voice`): the spoken grammar of `hands_free = true`.
struct VoiceHelp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Print the spoken grammar of hands-free mode (hands_free = true).",
        discussion: VoiceGrammar.table)

    func run() throws {
        Console.print(VoiceGrammar.table)
    }
}
