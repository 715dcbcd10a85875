import ArgumentParser
import Foundation
import VoiceshSession

struct ConfigShow: VoiceshCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print config.toml.")

    func run(_ context: AppContext) throws {
        let file = context.location.configFile
        guard FileManager.default.fileExists(atPath: file) else {
            return context.console.error("no config file at \(file); make one with: voicesh config set KEY VALUE")
        }
        _ = try context.config()  // a broken file is reported with its line, not printed as if fine
        context.console.print("# \(file)")
        let text = try context.readText(file)
        context.console.print(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
