import Foundation

/// A test's own state directory, and the files, scripts and environment a voicesh command
/// there is given, whether it runs as the binary or in this process.
package protocol TestHome {
    var home: URL { get }
}

extension TestHome {
    /// A new, empty directory for one test.
    package static func makeHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    package var database: String { home.appendingPathComponent("voicesh.sqlite").path }

    /// Overwrites 4 KiB at offset 8192, a page inside the database file: damaged inside, as a
    /// disk or a crash can leave it (SQLite's own check finds it; reads of other pages work).
    package func damageDatabase() throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()
    }

    /// Another process holding the database's write lock (`BEGIN IMMEDIATE`) for a minute, from
    /// `after` seconds on; with no delay, returned once it holds it. The caller terminates it.
    package func holdWriteLock(after delay: Double = 0) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            "import sqlite3,sys,time; time.sleep(float(sys.argv[2])); "
                + "c=sqlite3.connect(sys.argv[1], isolation_level=None); "
                + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(60)",
            database, String(delay),
        ]
        let ready = Pipe()
        holder.standardOutput = ready
        try holder.run()
        if delay == 0 { _ = ready.fileHandleForReading.availableData }  // "locked"
        return holder
    }

    package var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        // The tests' own agent and prompts only: never the developer's.
        for name in ["SSH_AUTH_SOCK", "SSH_ASKPASS", "SSH_ASKPASS_REQUIRE", "DISPLAY", "VOICESH_CONFIG"] {
            env[name] = nil
        }
        env["SWIFT_BACKTRACE"] = "enable=no"
        // Unsure words underlined, not bracketed, whatever the runner's own NO_COLOR (an empty one
        // counts as unset); the tests of the bracketed form set it themselves.
        env["NO_COLOR"] = ""
        env["VOICESH_HOME"] = home.path
        env["HOME"] = home.path
        // pocketsphinx alone unless a test asks for the second ear (`WhisperTests`).
        env["VOICESH_WHISPER_HOME"] = "off"
        // No local intent model either (a session would start it): the tests of it name where it is.
        env["VOICESH_INTENT_HOME"] = "off"
        // A kept intent model's socket in the home, so the model ends when the home goes.
        env["XDG_RUNTIME_DIR"] = home.path

        env["PATH"] = "\(PackagePaths.products.path):\(env["PATH"] ?? "/usr/bin:/bin")"
        return env
    }

    /// Writes a file under the test's home and returns its path.
    package func file(_ name: String, _ text: String) throws -> String {
        let url = home.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Writes an executable script under the test's home and returns its path.
    package func script(_ name: String, _ text: String) throws -> String {
        let path = try file(name, text)
        chmod(path, 0o755)
        return path
    }
}
