import Foundation
import VoiceshCore

/// This machine's directory and PATH as the remote's gatherer reports a server's (names only):
/// the context `voicesh intent --here` sends; its tools' options kept a week (`ToolOptionsCache`).
package enum LocalContext {
    package static func here(_ context: AppContext) -> RemoteContext {
        let (environment, cache) = (context.environment, ToolOptionsCache(location: context.location))
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
        if found.contains("git") { local.isRepository = inRepository(local.directory ?? ".") }
        local.options = cache.load(host: ToolOptionsCache.here)
        if local.options.isEmpty {
            local.options = options(environment: environment)
            cache.save(local.options, host: ToolOptionsCache.here)
        }
        return local
    }

    /// Whether `directory` or a folder above it holds `.git` (a work tree, or a worktree's file).
    static func inRepository(_ directory: String) -> Bool {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return true }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return false }
            folder = parent
        }
    }

    /// What the common tools here take, read by the gathering script's own `options` part, as a
    /// session reads the remote's; none when the script or `sh` cannot be run.
    static func options(environment: [String: String]) -> [String: ToolOptions] {
        guard let script = ContextGatherer.loadScript() else { return [:] }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "VOICESH_DIR=\nVOICESH_PARTS=options\n" + script]
        shell.environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C"]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        shell.standardInput = FileHandle.nullDevice
        do { try shell.run() } catch { return [:] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        let text = String(decoding: data.prefix(RemoteContext.Limit.bytes), as: UTF8.self)
        return RemoteContext(scriptOutput: text)?.options ?? [:]
    }
}
