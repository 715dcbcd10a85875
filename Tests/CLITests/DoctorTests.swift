import Foundation
import TestFixtures
import Testing

/// The built binary, once, as a user on this machine runs `voicesh doctor`: the models as
/// `scripts/setup` installed them, and ALSA's `default` device a `file` PCM in the test's own
/// ~/.asoundrc that replays a recording (these machines have no sound card), so the
/// microphone's level is a real reading through the same ALSA calls a microphone gets.
struct DoctorTests {
    @Test func theBinaryOnThisMachine() throws {
        let cli = try CLI()
        let speech = try SpeechFiles.speech("git status", in: cli)
        let raw = cli.home.appendingPathComponent("speech.raw").path
        try Shell.run("/usr/bin/sox", [speech, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        _ = try cli.file(
            ".asoundrc",
            "pcm.!default { type file; slave.pcm \"null\"; file \"/dev/null\"; infile \"\(raw)\"; format \"raw\" }\n")
        try cli.ok("profile", "add", "web", "--host", "web.example")
        let before = try StateSnapshot(cli.home)
        let result = try cli.run(
            ["doctor"], executable: CLI.binary.path,
            environment: ["VOICESH_WHISPER_HOME": "", "VOICESH_INTENT_HOME": ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7 && lines.allSatisfy { $0.hasPrefix("✓ ") }, "\(result.stdout)")
        // The recording's first 0.3 s: its room noise, quiet but not the silence of no input.
        #expect(
            result.stdout.contains("✓ microphone: ALSA device \"default\": 0.3 s heard, peak -"), "\(result.stdout)")
        #expect(!result.stdout.contains("silent"), "\(result.stdout)")
        #expect(try StateSnapshot(cli.home) == before)
    }
}
