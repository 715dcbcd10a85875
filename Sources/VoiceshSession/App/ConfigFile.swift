import Foundation
import ProfileFormat
import Store
import VoiceshCore

/// config.toml on disk, changed one key at a time and checked whole before it is written.
package struct ConfigFile {
    package var context: AppContext

    package init(context: AppContext) { self.context = context }

    /// Sets (or, with nil, removes) each key, then writes the file if the whole of it reads well.
    package func edit(_ edits: [(key: String, value: String?)]) throws {
        let path = context.location.configFile
        let files = FileManager.default
        let old = files.fileExists(atPath: path) ? try context.readText(path) : ""
        var new = old
        for (key, value) in edits {
            let (table, name) = Self.place(key)
            let edited = ConfigText.setting(name, in: table, to: value, text: new)
            guard edited != new || value != nil else { throw ConfigFileProblem.notSet(key: key, path: path) }
            new = edited
        }
        // The whole file is read back: a bad value is refused with its line before anything is written.
        _ = try ConfigTOML.config(fromText: new, source: path)
        let directory = (path as NSString).deletingLastPathComponent
        if !context.configChosen { try FileSecurity.prepare(directory: directory) }
        do {
            if context.configChosen { try files.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try Data(new.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ConfigFileProblem.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// The table and key name of a dotted config key: `defaults.engine.url` → (`defaults.engine`, `url`).
    package static func place(_ key: String) -> (table: String, name: String) {
        if key.hasPrefix(IntentSettings.table + ".") {
            return (IntentSettings.table, String(key.dropFirst(IntentSettings.table.count + 1)))
        }
        guard key.hasPrefix(Config.defaultsTable + ".") else { return ("", key) }
        let rest = key.dropFirst(Config.defaultsTable.count + 1)
        for table in Profile.engineTables + [Profile.aliasTable] where rest.hasPrefix(table + ".") {
            return ("\(Config.defaultsTable).\(table)", String(rest.dropFirst(table.count + 1)))
        }
        return (Config.defaultsTable, String(rest))
    }
}
