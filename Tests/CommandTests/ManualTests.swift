import Foundation
import TestFixtures
import Testing
import VoiceshCore

/// The hand-written pages, voicesh-profile(5) and voicesh-config(5), say what voicesh reads:
/// each key of the registry the parser uses is described, and nothing else is.
struct ManualTests {
    static func page(_ name: String) throws -> String {
        try String(contentsOf: CLI.packageDirectory.appendingPathComponent("man/" + name), encoding: .utf8)
    }

    /// The terms a page describes in its sections of keys: `.TP` followed by `.B term`.
    static func terms(_ page: String) -> [String] {
        var section = "", previous = "", found: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".SH ") { section = String(line) }
            if previous == ".TP", line.hasPrefix(".B "), section.contains("KEYS") || section.contains("[engine]") {
                found.append(String(line.dropFirst(3)))
            }
            previous = String(line)
        }
        return found
    }

    @Test func profilePageDescribesEveryKey() throws {
        let page = try Self.page("voicesh-profile.5")
        let keys = Profile.fields.map(\.key) + EngineConfig.fields.map(\.key)
        #expect(Self.terms(page).sorted() == keys.sorted())
        for table in Profile.engineTables + [Profile.aliasTable] {
            #expect(page.contains("[\(table)]"), "voicesh-profile(5) does not describe [\(table)]")
        }
    }

    @Test func configPageDescribesEveryKey() throws {
        let page = try Self.page("voicesh-config.5")
        let defaults = Config.defaultsTable
        let tables = ["[\(defaults)]"] + (Profile.engineTables + [Profile.aliasTable]).map { "[\(defaults).\($0)]" }
        #expect(Self.terms(page).sorted() == (Config.topLevelKeys + tables + ["[\(IntentSettings.table)]"]).sorted())
        for key in IntentSettings.fields.map(\.key) {
            #expect(
                page.contains("\n.B \(key)\n") || page.contains(".BR \(key) "), "voicesh-config(5) lacks intent.\(key)")
        }
        // The keys [defaults] takes are listed where it is described.
        let inherited = Profile.fields.map(\.key).filter { !ProfileDefaults.profileOnlyKeys.contains($0) }
        for key in inherited + EngineConfig.fields.map(\.key) {
            #expect(page.contains(".BR \(key) ,") || page.contains(".BR \(key) ."), "voicesh-config(5) lacks \(key)")
        }
    }

    @Test(arguments: ["voicesh-profile.5", "voicesh-config.5"])
    func rendersWithoutWarnings(page: String) throws {
        let path = CLI.packageDirectory.appendingPathComponent("man/" + page).path
        let result = try Shell.run(
            "/usr/bin/man", ["--warnings", "-l", path], environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
