import ArgumentParser
import Foundation
import VoiceshSession

struct ConfigShow: VoiceshCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print config.toml.")

    func run(_ context: AppContext) throws {
        let file = context.location.configFile
        guard FileManager.default.fileExists(atPath: file) else {
            return Console.error("no config file at \(file); make one with: voicesh config set KEY VALUE")
        }
        _ = try context.config()  // a broken file is reported with its line, not printed as if fine
        Console.print("# \(file)")
        let text = try context.readText(file)
        Console.print(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
