import ArgumentParser
import Foundation
import ProfileFormat
import VoiceshCore

struct ConfigSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set keys of config.toml.",
        discussion: """
            voicesh config set send confirm; voicesh config set engine.kind server engine.url URL;
            voicesh config set engine.vocabulary kubectl,nginx; voicesh config set store postgresql://db/voicesh.
            Other lines and comments of the file stay as they are.
            """)

    @Argument(
        help: ArgumentHelp(
            "A key and its value, as `profile set` takes it (lists are comma-separated); more pairs may follow.",
            valueName: "key value"))
    var pairs: [String] = []

    func validate() throws {
        guard !pairs.isEmpty, pairs.count.isMultiple(of: 2) else { throw ValidationError("give KEY VALUE pairs") }
    }

    func run() throws {
        var edits: [(String, String?)] = []
        for i in stride(from: 0, to: pairs.count, by: 2) {
            let key = ConfigKey.dotted(pairs[i])
            edits.append((key, try Self.literal(pairs[i + 1], for: key)))
        }
        try ConfigFile(context: .live()).edit(edits)
    }

    /// The value as TOML, in the canonical spelling a profile would store (`F9` → `"f9"`).
    static func literal(_ text: String, for key: String) throws(ProfileProblems) -> String {
        func refuse(_ message: String) -> ProfileProblems {
            ProfileProblems(source: "config", problems: [.init(key: key, message: message)])
        }
        let kind: ConfigValue.Kind
        do throws(ProfileProblem) { kind = try Config.kind(of: key) } catch { throw refuse(error.message) }
        guard let parsed = kind.parse(text) else { throw refuse("\"\(text)\" is not \(kind.noun)") }
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

struct ConfigUnset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset", abstract: "Remove a key from config.toml: profiles then use the built-in value.")

    @OptionGroup var key: ConfigKey

    func run() throws {
        let key = key.dotted
        _ = try Config.kind(of: key)
        try ConfigFile(context: .live()).edit([(key, nil)])
    }
}

/// config.toml on disk, changed one key at a time and checked whole before it is written.
struct ConfigFile {
    var context: AppContext

    /// Sets (or, with nil, removes) each key, then writes the file if the whole of it reads well.
    func edit(_ edits: [(key: String, value: String?)]) throws {
        let path = context.location.configFile
        let files = FileManager.default
        let old = files.fileExists(atPath: path) ? try context.readText(path) : ""
        var new = old
        for (key, value) in edits {
            let (table, name) = Self.place(key)
            let edited = ConfigText.setting(name, in: table, to: value, text: new)
            guard edited != new || value != nil else { throw Failure.Command.message("\(key) is not set in \(path)") }
            new = edited
        }
        // The whole file is read back: a bad value is refused with its line before anything is written.
        _ = try ConfigTOML.config(fromText: new, source: path)
        do {
            try files.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(new.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure.Command.message("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The table and key name of a dotted config key: `defaults.engine.url` → (`defaults.engine`, `url`).
    static func place(_ key: String) -> (table: String, name: String) {
        guard key.hasPrefix(Config.defaultsTable + ".") else { return ("", key) }
        let rest = key.dropFirst(Config.defaultsTable.count + 1)
        for table in Profile.engineTables + [Profile.aliasTable] where rest.hasPrefix(table + ".") {
            return ("\(Config.defaultsTable).\(table)", String(rest.dropFirst(table.count + 1)))
        }
        return (Config.defaultsTable, String(rest))
    }
}
