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
        if local.isRepository == true {
            local.branches = branches(in: local.directory ?? ".", environment: environment)
        }
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

    /// The repository's branches, local and remote-tracking, as the remote's gatherer lists them.
    /// Git reads the user's own configuration (a `safe.directory` there lets it list a
    /// repository another user owns), and refuses as it would for them.
    static func branches(in directory: String, environment: [String: String]) -> [String] {
        let refs = ["for-each-ref", "--count=200", "--format=%(refname:short)", "refs/heads", "refs/remotes"]
        let own = environment.filter { ["HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL"].contains($0.key) }
        return output(of: "/usr/bin/env", ["git"] + refs, in: directory, environment: environment, adding: own)?.split(
            separator: "\n"
        )
        .map(String.init) ?? []
    }

    /// What the common tools here take, read by the gathering script's own `options` part, as a
    /// session reads the remote's; none when the script or `sh` cannot be run.
    static func options(environment: [String: String]) -> [String: ToolOptions] {
        guard let script = ContextGatherer.loadScript(),
            let text = output(
                of: "/bin/sh", ["-c", "VOICESH_DIR=\nVOICESH_PARTS=options\n" + script], environment: environment)
        else { return [:] }
        return RemoteContext(scriptOutput: text)?.options ?? [:]
    }

    /// What a program here prints (as much as a gatherer's output may be), run in `directory`
    /// with this PATH (and `more`) in the C locale; nil when it cannot be run or fails.
    private static func output(
        of executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String],
        adding more: [String: String] = [:]
    ) -> String? {
        let process = Process()
        process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = more.merging(["PATH": environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data.prefix(RemoteContext.Limit.bytes), as: UTF8.self)
    }
}
