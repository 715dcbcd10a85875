import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ProfileRename: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a profile; its history follows it.")

    @OptionGroup var profile: ProfileName

    @Argument(help: "The new name.")
    var newName: String

    func run(_ context: AppContext) throws {
        if let reason = Profile.nameProblem(newName) { throw ProfileProblem(key: "name", message: reason) }
        try context.openStore().renameProfile(profile.name, to: newName)
        context.console.error("renamed profile \"\(profile.name)\" to \"\(newName)\"")
    }
}
