import Foundation
import PackagePlugin

/// Says which commit voicesh is built from: before every build, `scripts/build-info` writes
/// `BuildInfo.swift` from git (rewritten only when it changes, so nothing recompiles for it).
/// A prebuild command, because the tree can change between builds without any input SwiftPM
/// tracks (a commit, an edit that makes it `-dirty`).
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let package = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Reading the commit voicesh is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    package.appending(path: "scripts/build-info").path(percentEncoded: false),
                    package.path(percentEncoded: false),
                    output.appending(path: "BuildInfo.swift").path(percentEncoded: false),
                ],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                outputFilesDirectory: output)
        ]
    }
}
