import Foundation
import TestFixtures
import Testing
import VoiceshCore

@testable import VoiceshSession

/// This machine's context as `voicesh intent --here` sends it, with the options of its real
/// tools read by the gathering script's own `options` part.
struct LocalContextTests {
    @Test func theRealToolsOptionsAreRead() throws {
        let options = LocalContext.options(environment: ["PATH": "/usr/bin:/bin"])
        let sort = try #require(options["sort"], "\(options.keys.sorted())")
        #expect(sort.short["t"] == true && sort.short["k"] == true && sort.short["n"] == false, "\(sort.short)")
        #expect(sort.long.contains("numeric-sort") && sort.long.contains("field-separator"))
        #expect(sort.unknown(in: ["-t,", "-k2,2n", "-rn", "--reverse"]) == [])
        #expect(sort.unknown(in: ["-Q", "--natural"]) == ["-Q", "--natural"])
        let tar = try #require(options["tar"])
        #expect(tar.unknown(in: ["-xzf", "backup.tar.gz", "-C", "out"]) == [])
        #expect(tar.unknown(in: ["-xzqf", "backup.tar.gz"]) == ["-q"])
        let head = try #require(options["head"])
        #expect(
            head.unknown(in: ["-n", "5"]) == [] && head.unknown(in: ["-5"]) == [] && head.unknown(in: ["-c20"]) == [])
        let sed = try #require(options["sed"])
        #expect(sed.unknown(in: ["-i.bak", "-E", "s/a/b/"]) == [])
        // Every tool asked for that is here was read, and read as having options.
        let here = ToolOptions.asked.filter { FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }
        #expect(Set(options.keys) == Set(here), "\(Set(here).subtracting(options.keys))")
        #expect(options.values.allSatisfy { !$0.short.isEmpty || !$0.long.isEmpty })
    }

    @Test func aRepositoryIsFoundFromAFolderInside() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("repo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("src/deep"), withIntermediateDirectories: true)
        #expect(LocalContext.inRepository(root.appendingPathComponent("src/deep").path))
        #expect(!LocalContext.inRepository(FileManager.default.temporaryDirectory.path))
    }

    /// A repository's branches, as a session's gatherer lists a remote's: what the prompt names
    /// and the check holds a command's branches to.
    @Test func aRepositorysBranchesAreListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("repo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        func git(_ arguments: [String]) throws {
            let run = try Shell.run(
                "/usr/bin/git", ["-C", root.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
        }
        try git(["init", "-q", "-b", "main"])
        try git(["commit", "-q", "--allow-empty", "-m", "first"])
        try git(["branch", "feature-login"])
        let environment = ["PATH": "/usr/bin:/bin"]
        #expect(LocalContext.branches(in: root.path, environment: environment) == ["feature-login", "main"])
        #expect(LocalContext.branches(in: FileManager.default.temporaryDirectory.path, environment: environment) == [])
    }
}
