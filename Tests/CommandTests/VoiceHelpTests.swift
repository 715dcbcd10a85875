import Foundation
import TestFixtures
import Testing
import VoiceshCore

/// `voicesh help voice` prints the hands-free grammar, and the README gives the same table.
struct VoiceHelpTests {
    @Test func helpVoicePrintsTheGrammarTheREADMEShows() async throws {
        let cli = try CLI()
        let help = try await cli.ok("help", "voice").stdout
        let printed = try await cli.ok("voice").stdout
        let readme = try String(
            contentsOf: CLI.packageDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```\n" + VoiceGrammar.table + "\n```"))
        #expect(printed == VoiceGrammar.table + "\n")
        for line in VoiceGrammar.table.split(separator: "\n") {
            #expect(help.contains(line.trimmingCharacters(in: .whitespaces)), "help voice lacks: \(line)")
        }
        // Every phrase the table quotes is read by the grammar as what the table says it is.
        let grammar = VoiceGrammar()
        #expect(grammar.read("run it", listening: .line) == .answer(.run))
        #expect(grammar.read("control zulu", listening: .keys) == .keys(.init(names: ["ctrl-z"], pieces: [[0x1A]])))
    }
}
