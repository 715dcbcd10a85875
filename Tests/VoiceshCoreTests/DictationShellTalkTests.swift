import Foundation
import Testing

@testable import VoiceshCore

/// What a dictation teaches the shell-talk model that steers every ear.
struct DictationShellTalkTests {
    static func take(heard: String, sent: String, _ outcome: Dictation.Outcome) -> Dictation {
        Dictation(
            profile: "prod", engine: "edge", startedAt: Date(), audioSeconds: 2, rawText: heard, finalText: sent,
            outcome: outcome)
    }

    /// A corrected line teaches the correction as said, never the mishearing.
    @Test func aCorrectionTeachesWhatWasSent() throws {
        let edited = Self.take(heard: "sudo system kill restart nginx", sent: "sudo systemctl restart nginx", .edited)
        let said = try #require(edited.shellTalk())
        #expect(SpokenShell().normalize(said) == "sudo systemctl restart nginx" && !said.contains("kill"), "\(said)")
        let flags = Self.take(heard: "git log dash and ten", sent: "git log -n 10", .edited)
        #expect(flags.shellTalk() == "git log dash n ten")
    }

    /// A line Whisper wrote teaches the words the model has; one sent as heard, its words.
    @Test func aWrittenLineTeachesItsSpokenWords() {
        #expect(Self.take(heard: "git log -n 10", sent: "git log -n 10", .ran).shellTalk() == "git log dash n ten")
        #expect(Self.take(heard: "ls dash l a", sent: "ls -la", .inserted).shellTalk() == "ls dash l a")
        // The profile's aliases say a line as the user does.
        let deploy = Self.take(heard: "deploy prod", sent: "./deploy.sh prod", .ran)
        #expect(deploy.shellTalk(aliases: ["deploy": "./deploy.sh"]) == "deploy prod")
    }

    /// A take not sent, a correction no one can say, and an intent's command teach nothing.
    @Test func whatWasNotSaidOrSentTeachesNothing() {
        #expect(Self.take(heard: "rm dash r f", sent: "rm -rf", .discarded).shellTalk() == nil)
        #expect(Self.take(heard: "git status", sent: "", .failed).shellTalk() == nil)
        #expect(Self.take(heard: "make deploy", sent: "makeDeploy ünïcode", .edited).shellTalk() == nil)
        var intent = Self.take(heard: "how do i list big files", sent: "du -ah . | sort -h", .inserted)
        intent.intent = IntentTake(request: "how do i list big files")
        #expect(intent.shellTalk() == nil)
    }
}
