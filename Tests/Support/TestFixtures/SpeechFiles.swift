import Foundation

/// Recordings for the tests, synthesised with espeak-ng and sox.
package enum SpeechFiles {
    /// Speech for `text` as a 16 kHz WAV with pink noise under it (a microphone's floor).
    package static func speech(_ text: String, voice: String = "en-us", speed: Int = 150, in cli: some TestHome)
        throws -> String
    {
        let base = cli.home.appendingPathComponent("speech-\(UUID().uuidString.prefix(6))").path
        try Shell.run("/usr/bin/espeak-ng", ["-v", voice, "-s", String(speed), "-w", base + "-raw.wav", text])
        try Shell.run("/usr/bin/sox", ["-R", base + "-raw.wav", "-r", "16000", base + "-16k.wav", "pad", "0.3", "0.3"])
        let seconds = try Shell.run("/usr/bin/soxi", ["-D", base + "-16k.wav"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try Shell.run(
            "/usr/bin/sox",
            ["-R", "-n", "-r", "16000", "-c", "1", base + "-noise.wav", "synth", seconds, "pinknoise", "vol", "0.004"])
        try Shell.run("/usr/bin/sox", ["-R", "-m", base + "-16k.wav", base + "-noise.wav", base + ".wav"])
        return base + ".wav"
    }

    /// `voice(seconds:at:)` as `name` in the test's home; its path.
    package static func voice(seconds: Double, in home: some TestHome, named name: String) throws -> String {
        let path = home.home.appendingPathComponent(name).path
        try voice(seconds: seconds, at: path)
        return path
    }

    /// Exactly `seconds` of espeak-ng speech (a sentence said over and over, pauses between)
    /// over the same noise floor, at `path`: audio for engines that must hear a voice, since
    /// every engine is behind the recording's own voice-activity check (`SpeechGate`).
    package static func voice(seconds: Double, at path: String) throws {
        let base = path + "-voice"
        try Shell.run(
            "/usr/bin/espeak-ng", ["-v", "en-us", "-s", "150", "-w", base + "-raw.wav", "show me the git status"])
        try Shell.run(
            "/usr/bin/sox",
            [
                "-R", base + "-raw.wav", "-r", "16000", "-b", "16", base + "-16k.wav", "pad", "0.15", "0.15", "repeat",
                "30", "trim", "0", String(seconds),
            ])
        try Shell.run(
            "/usr/bin/sox",
            [
                "-R", "-n", "-r", "16000", "-c", "1", "-b", "16", base + "-noise.wav", "synth", String(seconds),
                "pinknoise", "vol", "0.004",
            ])
        try Shell.run("/usr/bin/sox", ["-R", "-m", base + "-16k.wav", base + "-noise.wav", "-b", "16", path])
    }
}
