import Foundation

extension ResourceLocator {
    /// For this process: its environment, and its program's real path (a symbolic link such as
    /// `/usr/local/bin/voicesh` → `/opt/voicesh/bin/voicesh` finds `/opt/voicesh/share`).
    public static var running: ResourceLocator {
        ResourceLocator(
            environment: ProcessInfo.processInfo.environment,
            executable: Bundle.main.executableURL?.resolvingSymlinksInPath().path)
    }

    /// The path of `name` in the first place that has it, or nil.
    public func locate(_ name: String, bundle: String) -> String? {
        locate(name, bundle: bundle) { FileManager.default.fileExists(atPath: $0) }
    }
}
