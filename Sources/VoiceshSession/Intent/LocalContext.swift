import Foundation
import VoiceshCore

/// This machine's directory and PATH as the remote's gatherer reports a server's (names only):
/// the context `voicesh intent --here` sends.
package enum LocalContext {
    package static func here(environment: [String: String]) -> RemoteContext {
        let files = FileManager.default
        var local = RemoteContext()
        local.directory = files.currentDirectoryPath
        let names = (try? files.contentsOfDirectory(atPath: local.directory ?? ".")) ?? []
        local.entries = names.sorted().prefix(RemoteContext.Limit.entries).map { name in
            var isFolder: ObjCBool = false
            _ = files.fileExists(atPath: name, isDirectory: &isFolder)
            return isFolder.boolValue ? name + "/" : name
        }
        // One level down, as the remote's gatherer lists it: up to 300 names in the folders
        // that are not hidden.
        let folders = local.entries.filter { $0.hasSuffix("/") && !$0.hasPrefix(".") }
        local.inside = Array(
            folders.lazy.flatMap { folder in
                ((try? files.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + $0 }
            }.prefix(RemoteContext.Limit.inside))
        // Every program on the PATH, as the remote's gatherer reports them: the prompt names the
        // notable ones, and the check before showing (`IntentCheck`) looks up the rest.
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let found = Set(path.flatMap { (try? files.contentsOfDirectory(atPath: $0)) ?? [] })
        local.commands = Array(found.sorted().prefix(RemoteContext.Limit.commands))
        local.truncated = found.count > RemoteContext.Limit.commands || names.count > RemoteContext.Limit.entries
        return local
    }
}
