import Foundation
import TestFixtures
import Testing

/// `voicesh --version` says the version, the commit it was built from and its engines; the
/// commit is read at build time by scripts/build-info (through the BuildInfo plugin).
struct VersionTests {
    static func git(_ arguments: String...) throws -> String {
        let result = try Shell.run("/usr/bin/git", ["-C", CLI.packageDirectory.path] + arguments)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What scripts/build-info writes for the package in `directory`.
    static func buildInfo(_ directory: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("build-info-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Shell.run(
            "/bin/sh", [CLI.packageDirectory.appendingPathComponent("scripts/build-info").path, directory, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        return try String(contentsOf: file, encoding: .utf8)
    }

    @Test func versionSaysTheCommitAndTheEngines() throws {
        let lines = try CLI().ok("--version").stdout.split(separator: "\n").map(String.init)
        let head = try Self.git("rev-parse", "--short=12", "HEAD")
        #expect(lines.count == 2, "\(lines)")
        let first = try #require(lines.first)
        #expect(first.hasPrefix("voicesh 0.1.0 (commit \(head)"), "built from another commit? \(first)")
        #expect(first == "voicesh 0.1.0 (commit \(head))" || first == "voicesh 0.1.0 (commit \(head)-dirty)")
        #expect(
            lines.last
                == "engines: edge (pocketsphinx, command), server (openai, whisper.cpp, asr-webservice, transcribe), "
                + "stream (assemblyai, deepgram, generic)")
    }

    @Test func buildInfoMarksAChangedTreeDirty() throws {
        let changes = try Self.git("status", "--porcelain", "--untracked-files=no")
        let head = try Self.git("rev-parse", "--short=12", "HEAD")
        let expected = changes.isEmpty ? head : head + "-dirty"
        #expect(try Self.buildInfo(CLI.packageDirectory.path).contains("static let name = \"\(expected)\""))
    }

    /// A tarball made with `git archive` carries its commit (export-subst); one without says none.
    @Test func aTarballWithoutGitStillBuilds() throws {
        let cli = try CLI()
        let tree = cli.home.appendingPathComponent("tarball").path
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        let archive = try Shell.run(
            "/bin/sh",
            ["-c", "git -C \"$0\" archive HEAD Plugins/BuildInfo | tar -x -C \"$1\"", CLI.packageDirectory.path, tree])
        #expect(archive.status == 0, "\(archive.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tree + "/.git"))
        let head = try Self.git("rev-parse", "--short=12", "HEAD")
        #expect(try Self.buildInfo(tree).contains("static let name = \"\(head)\""))
        try FileManager.default.removeItem(atPath: tree + "/Plugins/BuildInfo/COMMIT")
        #expect(try Self.buildInfo(tree).contains("static let name = \"\""))
    }
}
