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
            guard let wav = FileManager.default.contents(atPath: base + ".wav") else {
                throw Failure.Command.message("cannot read \(base).wav; check its permissions, or move it out")
            }
            do throws(WAV.FormatError) {
                return SpeakerAdaptation.Sample(
                    samples: try WAV.decode([UInt8](wav)).speechSamples(),
                    text: text.trimmingCharacters(in: .whitespacesAndNewlines))
            } catch {
                throw Failure.Command.message(
                    "\(base).wav is not a usable recording: \(error.message); fix or remove it")
            }
        }
    }

    /// Keeps recordings under the next free numbers, leaving out any already kept (the same
    /// WAV bytes and words: running `--from` twice must not count a recording twice). Returns
    /// how many were new.
    @discardableResult
    func add(_ recordings: [(wav: Data, text: String)]) throws -> Int {
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let names = Set(try fm.contentsOfDirectory(atPath: directory))
            var known = Set(
                names.filter { $0.hasSuffix(".wav") }.compactMap { name -> Data? in
                    let base = directory + "/" + name.dropLast(4)
                    guard let wav = fm.contents(atPath: base + ".wav"), let text = fm.contents(atPath: base + ".txt")
                    else { return nil }
                    return wav + text
                })
            var number = 1
            var added = 0
            for (wav, text) in recordings where known.insert(wav + Data((text + "\n").utf8)).inserted {
                while names.contains(String(format: "%04d.wav", number)) { number += 1 }
                let base = directory + String(format: "/%04d", number)
                try wav.write(to: URL(fileURLWithPath: base + ".wav"))
                try (text + "\n").write(toFile: base + ".txt", atomically: true, encoding: .utf8)
                number += 1
                added += 1
            }
            return added
        } catch {
            throw Failure.Command.message("cannot keep recordings under \(directory): \(error.localizedDescription)")
        }
    }
}
