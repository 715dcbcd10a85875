import ArgumentParser
import VoiceshSession

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Manage saved servers and their speech engines.",
        subcommands: [
            ProfileAdd.self, ProfileList.self, ProfileShow.self, ProfileSet.self, ProfileRename.self,
            ProfileRemove.self, ProfileImport.self, ProfileExport.self,
        ])
}

/// The profile name argument shared by the profile commands, completed from the database.
struct ProfileName: ParsableArguments {
    @Argument(help: "The profile's name.", completion: Completions.profileNames)
    var name: String
}
