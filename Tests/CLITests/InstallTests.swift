import Foundation
import TestFixtures
import Testing

/// `make install` and `make uninstall` as a user runs them, with this build's binary: the
/// installed program runs with no source tree and no build directory around, finds its data
/// through its own path, and its man pages and completions work in their tools.
struct InstallTests {
    /// `make install` (or another target) with this build's binary; make writes the man pages
    /// (scripts/generate-man) and the completion scripts from it into a folder of their own.
    static func make(_ target: String, _ variables: [String: String]) throws {
        let built = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-built-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: built) }
        let all = variables.merging([
            "BUILT": CLI.productsDirectory.path, "BUILT_MAN": built.appendingPathComponent("man").path,
            "BUILT_COMPLETIONS": built.appendingPathComponent("completions").path,
        ]) { own, _ in own }
        let result = try Shell.run(
            "/usr/bin/make",
            ["--no-print-directory", "-C", CLI.packageDirectory.path, target] + all.map { "\($0.key)=\($0.value)" })
        #expect(result.status == 0, "make \(target): \(result.stderr)")
    }

    /// Runs `program` in `directory` with nothing of the developer's environment: no source
    /// tree, no build directory on PATH, a home of its own.
    static func bare(
        _ program: String, _ arguments: [String], in directory: String, home: String, _ extra: [String: String] = [:]
    )
        throws -> CLI.Result
    {
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(extra) { _, new in new }
        return try Shell.run(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", directory, program] + arguments, environment: environment)
    }

    /// Every regular file under `directory`, relative to it.
    static func files(under directory: String) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: Set<String> = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.insert(path)
            }
        }
        return found
    }

    static func wav(in cli: CLI) throws -> String {
        let wav = cli.home.appendingPathComponent("git-status.wav").path
        try FileManager.default.copyItem(
            atPath: CLI.packageDirectory.appendingPathComponent("scripts/git-status.wav").path, toPath: wav)
        return wav
    }

    @Test func installedProgramFindsItsDataWithNoSourceTree() throws {
        let cli = try CLI()
        let stage = cli.home.appendingPathComponent("stage").path
        try Self.make("install", ["DESTDIR": stage])
        let prefix = stage + "/usr/local"
        let installed = Self.files(under: prefix)
        for file in [
            "bin/voicesh", "share/voicesh/shell-corpus.txt", "share/voicesh/shell-usage.txt",
            "share/voicesh/gather-context.sh", "share/voicesh/whisper-ear.py", "share/voicesh/moonshine-ear.py",
            "share/voicesh/ear_protocol.py", "share/voicesh/ear-choice.json",
            "share/voicesh/intent-server.py", "share/voicesh/intent-examples.tsv",
            "share/man/man1/voicesh.1",
            "share/man/man1/voicesh-connect.1",
            "share/man/man5/voicesh-profile.5", "share/man/man5/voicesh-config.5",
            "share/bash-completion/completions/voicesh", "share/zsh/site-functions/_voicesh",
            "share/fish/vendor_completions.d/voicesh.fish",
        ] {
            #expect(installed.contains(file), "make install did not install \(file): \(installed.sorted())")
        }
        #expect(!installed.contains { $0.contains(".resources") }, "a SwiftPM bundle was installed: \(installed)")

        let wav = try Self.wav(in: cli)
        let home = cli.home.path
        let state = ["VOICESH_HOME": cli.home.appendingPathComponent("state").path]
        let run = try Self.bare(prefix + "/bin/voicesh", ["transcribe", wav], in: home, home: home, state)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "git status\n")

        // Through a symbolic link elsewhere: the data is found from the program's real path.
        let links = cli.home.appendingPathComponent("links").path
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: links + "/voicesh", withDestinationPath: prefix + "/bin/voicesh")
        let linked = try Self.bare(links + "/voicesh", ["transcribe", wav], in: home, home: home, state)
        #expect(linked.stdout == "git status\n", "\(linked.stderr)")

        // A lone copy of the program has no data beside it: one line says what to do...
        let lone = cli.home.appendingPathComponent("lone").path
        try FileManager.default.createDirectory(atPath: lone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: prefix + "/bin/voicesh", toPath: lone + "/voicesh")
        let nowhere = state.merging(["XDG_DATA_DIRS": lone]) { _, new in new }
        let missing = try Self.bare(lone + "/voicesh", ["transcribe", wav], in: home, home: home, nowhere)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("shell corpus is missing"), "\(missing.stderr)")
        #expect(missing.stderr.contains("VOICESH_DATA_DIR"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        // ...and the XDG data directories, or VOICESH_DATA_DIR, lead it to the installed data.
        for place in [
            ["XDG_DATA_DIRS": "/nonexistent:" + prefix + "/share"], ["VOICESH_DATA_DIR": prefix + "/share/voicesh"],
        ] {
            let found = try Self.bare(
                lone + "/voicesh", ["transcribe", wav], in: home, home: home, state.merging(place) { _, new in new })
            #expect(found.stdout == "git status\n", "\(place): \(found.stderr)")
        }
    }

    @Test func everyManualPageRendersWithoutWarnings() throws {
        let cli = try CLI()
        let stage = cli.home.appendingPathComponent("stage").path
        try Self.make("install", ["DESTDIR": stage, "PREFIX": "/usr"])
        let man = stage + "/usr/share/man"
        let pages = Self.files(under: man).sorted()
        // One page per command, named as git names its own (voicesh-profile-add.1).
        for path in try CommandTree.paths(dump: try cli.ok("--experimental-dump-help").stdout) {
            let page = "man1/" + (["voicesh"] + path).joined(separator: "-") + ".1"
            #expect(pages.contains(page), "no man page \(page): \(pages)")
        }
        #expect(pages.contains("man5/voicesh-profile.5") && pages.contains("man5/voicesh-config.5"))
        for page in pages {
            let result = try Shell.run(
                "/usr/bin/man", ["--warnings", "-l", man + "/" + page],
                environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": cli.home.path])
            #expect(result.status == 0 && result.stderr.isEmpty, "man -l \(page): \(result.stderr)")
            #expect(result.stdout.contains("NAME"), "man -l \(page) rendered nothing: \(result.stdout)")
        }
        let top = try Shell.run(
            "/usr/bin/man", ["-l", man + "/man1/voicesh.1"], environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
        #expect(top.stdout.contains("Speak into a remote shell"), "\(top.stdout)")
    }

    /// Each shell finds the installed script where it looks, and it completes through the
    /// installed program (profile names come from the database).
    @Test func completionsLoadInTheirShells() throws {
        let cli = try CLI()
        let stage = cli.home.appendingPathComponent("stage").path
        try Self.make("install", ["DESTDIR": stage])
        let prefix = stage + "/usr/local", share = prefix + "/share"
        let home = cli.home.path
        let path = ["PATH": prefix + "/bin:/usr/bin:/bin"]
        for name in ["prod-eu", "prod-us", "staging"] {
            let add = try Self.bare(
                prefix + "/bin/voicesh", ["profile", "add", name, "--host", "h"], in: home, home: home)
            #expect(add.status == 0, "\(add.stderr)")
        }
        let bash = try Self.bare(
            "/bin/bash",
            [
                "--norc", "-c",
                """
                source "$0"
                COMP_LINE='voicesh profile show prod'; COMP_POINT=${#COMP_LINE}
                COMP_WORDS=(voicesh profile show prod); COMP_CWORD=3
                _voicesh
                printf '%s\\n' "${COMPREPLY[@]}"
                """, share + "/bash-completion/completions/voicesh",
            ], in: home, home: home, path)
        #expect(
            bash.stdout.split(separator: "\n").sorted() == ["prod-eu", "prod-us"], "bash: \(bash.stdout) \(bash.stderr)"
        )
        // zsh finds _voicesh on its fpath and compinit binds it to voicesh (its #compdef line).
        let zsh = try Self.bare(
            "/usr/bin/zsh",
            [
                "-f", "-c",
                "fpath=(\"$0\" $fpath); autoload -Uz compinit; compinit -u -d \"$HOME/zcompdump\"; "
                    + "print -r -- $_comps[voicesh]; autoload +X _voicesh && print loaded",
                share + "/zsh/site-functions",
            ], in: home, home: home, path)
        #expect(zsh.stdout == "_voicesh\nloaded\n", "zsh: \(zsh.stdout) \(zsh.stderr)")
        // fish loads voicesh.fish from its completion path when voicesh is completed (its
        // profile names come through `commandline`, which fish refuses outside a terminal).
        let fish = try Self.bare(
            "/usr/bin/fish",
            [
                "--no-config", "-c",
                "set fish_complete_path $argv[1] $fish_complete_path; complete --do-complete 'voicesh con'",
                share + "/fish/vendor_completions.d",
            ], in: home, home: home, path)
        #expect(
            fish.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) } == [
                "config", "connect", "context",
            ],
            "fish: \(fish.stdout) \(fish.stderr)")
    }

    /// With PREFIX=~/.local the data directory is also where the user's own data lives:
    /// uninstall takes back what install put there and nothing else.
    @Test func uninstallLeavesTheUsersData() throws {
        let cli = try CLI()
        let home = cli.home.path
        let prefix = home + "/.local"
        try Self.make("install", ["PREFIX": prefix])
        let installed = Self.files(under: prefix)
        #expect(installed.contains("share/voicesh/shell-corpus.txt"), "\(installed.sorted())")
        let add = try Self.bare(
            prefix + "/bin/voicesh", ["profile", "add", "prod", "--host", "prod.example.com"], in: home, home: home)
        #expect(add.status == 0, "\(add.stderr)")
        let users = Self.files(under: prefix).subtracting(installed)
        #expect(users.contains("share/voicesh/voicesh.sqlite"), "\(users.sorted())")

        try Self.make("uninstall", ["PREFIX": prefix])
        #expect(Self.files(under: prefix) == users)
        // The profile is still there for the next voicesh (this build's).
        let list = try Self.bare(CLI.binary.path, ["profile", "list"], in: home, home: home)
        #expect(list.stdout.contains("prod.example.com"), "\(list.stdout) \(list.stderr)")
    }
}
