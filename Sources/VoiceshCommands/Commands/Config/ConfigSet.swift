import ArgumentParser
import Foundation
import ProfileFormat
import VoiceshCore
import VoiceshSession

struct ConfigSet: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set keys of config.toml.",
        discussion: """
            voicesh config set send confirm; voicesh config set engine.kind server engine.url URL; voicesh config set engine.vocabulary kubectl,nginx; voicesh config set store postgresql://db/voicesh. Other lines and comments of the file stay as they are.
            """)

    @Argument(
        help: ArgumentHelp(
            "A key and its value, as `profile set` takes it (lists are comma-separated); more pairs may follow.",
            valueName: "key value"))
    var pairs: [String] = []

    func validate() throws {
        guard !pairs.isEmpty, pairs.count.isMultiple(of: 2) else { throw ValidationError("give KEY VALUE pairs") }
    }

    func run(_ context: AppContext) throws {
        var edits: [(String, String?)] = []
        for i in stride(from: 0, to: pairs.count, by: 2) {
            let key = ConfigKey.dotted(pairs[i])
            edits.append((key, try Self.literal(pairs[i + 1], for: key)))
        }
        try ConfigFile(context: context).edit(edits)
    }

    /// The value as TOML, in the canonical spelling a profile would store (`F9` → `"f9"`).
    static func literal(_ text: String, for key: String) throws(ProfileProblems) -> String {
        func refuse(_ message: String) -> ProfileProblems {
            ProfileProblems(source: "config", problems: [.init(key: key, message: message)])
        }
        let kind: ConfigValue.Kind
        do throws(ProfileProblem) { kind = try Config.kind(of: key) } catch { throw refuse(error.message) }
        guard let parsed = kind.parse(text) else {
            throw refuse("\"\(UntrustedText.excerpt(text))\" is not \(kind.noun)")
        }
        if key.hasPrefix(IntentSettings.table + ".") {
            var sample = IntentSettings()
            do throws(ProfileProblem) {
                try sample.set(String(key.dropFirst(IntentSettings.table.count + 1)), to: parsed)
            } catch {
                throw refuse(error.message)
            }
            return Profile.toml(parsed)
        }
        if key == "store" {
            if let problem = Config.storeProblem(text) { throw refuse(problem) }
            return Profile.toml(parsed)
        }
        let profileKey = String(key.dropFirst(Config.defaultsTable.count + 1))
        var sample = Profile(name: "defaults", host: "localhost")
        do throws(ProfileProblem) { try sample.set(profileKey, to: parsed) } catch { throw refuse(error.message) }
        return Profile.toml(sample.value(of: profileKey) ?? parsed)
    }
}
