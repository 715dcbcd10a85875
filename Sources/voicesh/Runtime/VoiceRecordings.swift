import Foundation
import LocalRecognizer
import VoiceshCore

/// A folder of recordings with their words: `NAME.wav` beside `NAME.txt` (the words spoken,
/// in the spoken form: "git status dash s"). `voicesh adapt --from` reads one; the user's
/// own, under the voice directory, keeps what enrollment and `--from` gave for later runs.
struct VoiceRecordings {
    let directory: String

    /// Every pair in the folder, in name order; a WAV without its text is left out.
    func samples() throws -> [SpeakerAdaptation.Sample] {
        let fm = FileManager.default
        guard fm.fileExists(atPath: directory) else { return [] }
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".wav") }.sorted()
        } catch {
            throw Failure.Command.message("cannot read \(directory): \(error.localizedDescription)")
        }
        return try names.compactMap { name in
            let base = directory + "/" + String(name.dropLast(4))
            guard let text = try? String(contentsOfFile: base + ".txt", encoding: .utf8) else { return nil }
            let wav = try Data(contentsOf: URL(fileURLWithPath: base + ".wav"))
            return SpeakerAdaptation.Sample(
                samples: try WAV.decode([UInt8](wav)).speechSamples(),
                text: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Adds a recording under the next free number.
    func add(wav: Data, text: String) throws {
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let taken = Set(try fm.contentsOfDirectory(atPath: directory))
            let name = (1...).lazy.map { String(format: "%04d", $0) }.first { !taken.contains($0 + ".wav") }!
            try wav.write(to: URL(fileURLWithPath: "\(directory)/\(name).wav"))
            try (text + "\n").write(toFile: "\(directory)/\(name).txt", atomically: true, encoding: .utf8)
        } catch {
            throw Failure.Command.message("cannot keep the recording under \(directory): \(error.localizedDescription)")
        }
    }
}
