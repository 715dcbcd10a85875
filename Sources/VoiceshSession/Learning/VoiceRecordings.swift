import Foundation
import LocalRecognizer
import VoiceshCore

/// A folder of recordings with their words: `NAME.wav` beside `NAME.txt` (the words spoken,
/// in the spoken form: "git status dash s"). `voicesh adapt --from` reads one; the user's
/// own, under the voice directory, keeps what enrollment and `--from` gave for later runs.
package struct VoiceRecordings {
    package let directory: String

    package init(directory: String) { self.directory = directory }

    /// Every pair in the folder, in name order; a WAV without its text is left out. `read`
    /// hears how many WAVs (of `count`) have been looked at.
    package func samples(read: (Int) -> Void = { _ in }) throws -> [SpeakerAdaptation.Sample] {
        let fm = FileManager.default
        guard fm.fileExists(atPath: directory) else { return [] }
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".wav") }.sorted()
        } catch {
            throw VoiceStoreProblem.cannotRead(directory: directory, reason: error.localizedDescription)
        }
        return try names.enumerated().compactMap { index, name in
            defer { read(index + 1) }
            let base = directory + "/" + String(name.dropLast(4))
            guard let text = try? String(contentsOfFile: base + ".txt", encoding: .utf8) else { return nil }
            guard let wav = FileManager.default.contents(atPath: base + ".wav") else {
                throw VoiceStoreProblem.cannotReadRecording(base: base)
            }
            do throws(WAV.FormatError) {
                return SpeakerAdaptation.Sample(
                    samples: try WAV.decode([UInt8](wav)).speechSamples(),
                    text: text.trimmingCharacters(in: .whitespacesAndNewlines))
            } catch {
                throw VoiceStoreProblem.unusableRecording(base: base, error)
            }
        }
    }

    /// How many recordings the folder holds.
    package var count: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".wav") }.count
    }

    /// Keeps one recording under the next free number, the user's only (0600, in a 0700
    /// folder). The words claim the number (`O_EXCL`, so two sessions never share one) and
    /// the WAV appears complete, by rename: a reader sees whole pairs or nothing.
    package func keep(_ wav: Data, words: String) throws {
        let fm = FileManager.default
        do {
            try fm.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw VoiceStoreProblem.cannotKeep(directory: directory, reason: error.localizedDescription)
        }
        var number = count + 1
        while true {
            let base = directory + String(format: "/%04d", number)
            let fd = open(base + ".txt", O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if fd < 0 {
                guard errno == EEXIST else { break }
                number += 1
                continue
            }
            let text = Array((words + "\n").utf8)
            let wrote = write(fd, text, text.count) == text.count
            close(fd)
            guard wrote, fm.createFile(atPath: base + ".part", contents: wav, attributes: [.posixPermissions: 0o600]),
                rename(base + ".part", base + ".wav") == 0
            else { break }
            return
        }
        throw VoiceStoreProblem.cannotKeepOne(directory: directory, reason: String(cString: strerror(errno)))
    }

    /// Keeps recordings under the next free numbers, leaving out any already kept (the same
    /// WAV bytes and words: running `--from` twice must not count a recording twice). Returns
    /// how many were new.
    @discardableResult
    package func add(_ recordings: [(wav: Data, text: String)]) throws -> Int {
        let fm = FileManager.default
        do {
            try fm.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let names = Set(try fm.contentsOfDirectory(atPath: directory))
            var known = Set(
                names.filter { $0.hasSuffix(".wav") }.compactMap { name -> Data? in
                    let base = directory + "/" + name.dropLast(4)
                    guard let wav = fm.contents(atPath: base + ".wav"), let text = fm.contents(atPath: base + ".txt")
                    else { return nil }
                    return wav + text
                })
            var added = 0
            // Each claims its number as `keep` does: a session keeping one meanwhile is never
            // overwritten, nor its words paired with another's audio.
            for (wav, text) in recordings where known.insert(wav + Data((text + "\n").utf8)).inserted {
                try keep(wav, words: text)
                added += 1
            }
            return added
        } catch {
            throw VoiceStoreProblem.cannotKeep(directory: directory, reason: error.localizedDescription)
        }
    }
}
