import ArgumentParser
import VoiceshCore

struct ProfileRename: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a profile; its history follows it.")

    @OptionGroup var profile: ProfileName

    @Argument(help: "The new name.")
    var newName: String

    func run() throws {
        if let reason = Profile.nameProblem(newName) { throw ProfileProblem(key: "name", message: reason) }
        try AppContext.live().openStore().renameProfile(profile.name, to: newName)
        Console.error("renamed profile \"\(profile.name)\" to \"\(newName)\"")
    }
}
