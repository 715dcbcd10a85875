/// Where the files voicesh ships (the edge engine's corpus, the context script) are found at
/// run time, from the environment and the program's real path alone; the caller says which
/// places exist. `Bundle.module` is not used: on Linux it stops the process when its folder
/// is missing.
///
/// In order: `$VOICESH_DATA_DIR` (tests); `../share/voicesh` beside the real program
/// (`make install`, the Debian package); the folder SwiftPM copies beside the program it built
/// (`swift build`, `swift test`), before the XDG data directories so a build tree never reads
/// an installed copy's older files; then `$XDG_DATA_HOME/voicesh` and each of `$XDG_DATA_DIRS`.
public struct ResourceLocator: Sendable {
    let environment: [String: String]
    /// The running program's path with every symbolic link resolved, if known.
    let executable: String?

    public init(environment: [String: String], executable: String?) {
        self.environment = environment
        self.executable = executable
    }

    /// Every place `name` may be, best first. `bundle` is the SwiftPM resource folder that holds
    /// it in a build tree (`voicesh_LocalRecognizer.resources`).
    public func candidates(_ name: String, bundle: String) -> [String] {
        var directories: [String] = []
        if let dir = environment["VOICESH_DATA_DIR"], !dir.isEmpty { directories.append(dir) }
        if let program = executable.map(Self.parent) {
            directories.append(Self.parent(program) + "/share/voicesh")
            directories.append(program + "/" + bundle)
        }
        // The XDG base directory spec: relative paths are invalid and ignored.
        let home = environment["HOME"].map { $0 == "/" ? "" : $0 } ?? ""
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        let xdg = [dataHome] + dataDirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        directories += xdg.map { $0 + "/voicesh" }
        var seen: Set<String> = []
        return directories.filter { seen.insert($0).inserted }.map { $0 + "/" + name }
    }

    /// The first place that has `name`, or nil.
    public func locate(_ name: String, bundle: String, exists: (String) -> Bool) -> String? {
        candidates(name, bundle: bundle).first(where: exists)
    }

    /// `/a/b/c` → `/a/b`; `/a` → `` (the root, to which `/share` is appended).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
