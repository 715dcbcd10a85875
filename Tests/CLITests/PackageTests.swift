import Foundation
import TestFixtures
import Testing

/// The Debian package on this machine: installed with dpkg, run from /usr/bin, removed, and
/// nothing of it left but the user's data. The package is the release build scripts/test
/// makes before the tests (`scripts/package-deb .build/deb`): a release build cannot run
/// inside `swift test`. The test removes the package again whatever happens in between.
struct PackageTests {
    static let debs = CLI.packageDirectory.appendingPathComponent(".build/deb")

    /// dpkg and friends, as root (through `sudo -n` when the tests are not root).
    static func root(_ program: String, _ arguments: [String]) throws -> CLI.Result {
        getuid() == 0 ? try Shell.run(program, arguments) : try Shell.run("/usr/bin/sudo", ["-n", program] + arguments)
    }

    static func status() throws -> String {
        try Shell.run("/usr/bin/dpkg-query", ["-W", "-f=${Status}", "voicesh"]).stdout
    }

    @Test func installsRunsAndRemovesCleanly() throws {
        let found = (try? FileManager.default.contentsOfDirectory(atPath: Self.debs.path)) ?? []
        let deb = try #require(
            found.filter { $0.hasPrefix("voicesh_") && $0.hasSuffix(".deb") }.sorted().last,
            "no package in .build/deb: run scripts/package-deb .build/deb first")
        try #require(
            !(try Self.status()).contains("installed"),
            "voicesh is already installed on this machine (dpkg -l voicesh): remove it first; this test installs its own"
        )

        let install = try Self.root("/usr/bin/dpkg", ["-i", Self.debs.appendingPathComponent(deb).path])
        defer { _ = try? Self.root("/usr/bin/dpkg", ["-r", "voicesh"]) }
        try #require(install.status == 0, "dpkg -i: \(install.stderr)")
        let listed = try Shell.run("/usr/bin/dpkg", ["-L", "voicesh"]).stdout.split(separator: "\n").map(String.init)
        #expect(listed.contains("/usr/bin/voicesh") && listed.contains("/usr/share/voicesh/shell-corpus.txt"))
        #expect(
            listed.contains("/usr/share/man/man1/voicesh.1.gz") && listed.contains("/usr/share/doc/voicesh/copyright"))

        let cli = try CLI()
        let home = cli.home.path
        let version = try InstallTests.bare("/usr/bin/voicesh", ["--version"], in: home, home: home)
        #expect(
            version.stdout == (try cli.ok("--version").stdout), "a stale package? run scripts/package-deb .build/deb")
        let wav = try InstallTests.wav(in: cli)
        let run = try InstallTests.bare("/usr/bin/voicesh", ["transcribe", wav], in: home, home: home)
        #expect(run.stdout == "git status\n", "\(run.stderr)")
        let man = try Shell.run(
            "/usr/bin/man", ["-l", "/usr/share/man/man1/voicesh.1.gz"], environment: ["MANWIDTH": "80"])
        #expect(man.stdout.contains("Speak into a remote shell"))
        let add = try InstallTests.bare(
            "/usr/bin/voicesh", ["profile", "add", "prod", "--host", "h"], in: home, home: home)
        #expect(add.status == 0, "\(add.stderr)")
        // What the user made: a profile in the database, and the edge model's cache.
        let users = InstallTests.files(under: home + "/.local/share/voicesh").union(
            InstallTests.files(under: home + "/.cache/voicesh").map { "cache/" + $0 })
        #expect(users.contains("voicesh.sqlite"), "\(users.sorted())")

        let remove = try Self.root("/usr/bin/dpkg", ["-r", "voicesh"])
        #expect(remove.status == 0, "dpkg -r: \(remove.stderr)")
        #expect(!(try Self.status()).contains("installed"))
        let left = listed.filter { path in
            var isDirectory: ObjCBool = false
            // Directories others share (/usr/bin, /usr/share/man/man1) stay; voicesh's own go.
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && (!isDirectory.boolValue || path.hasSuffix("/voicesh"))
        }
        #expect(left.isEmpty, "left behind: \(left)")
        let kept = InstallTests.files(under: home + "/.local/share/voicesh").union(
            InstallTests.files(under: home + "/.cache/voicesh").map { "cache/" + $0 })
        #expect(kept == users, "the user's data changed: \(users.sorted()) → \(kept.sorted())")
    }
}
