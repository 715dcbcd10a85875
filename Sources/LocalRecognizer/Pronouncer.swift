import Foundation

/// Pronunciations for words no dictionary has (a profile's own terms: terraform, grafana …),
/// from espeak-ng's phonemes (`--ipa`), mapped onto the CMU phones the acoustic model knows.
/// A word whose phonemes do not all map is left out rather than guessed.
enum Pronouncer {
    static let espeak = "/usr/bin/espeak-ng"

    /// CMU phones for each word that espeak-ng could pronounce.
    static func pronounce(_ words: [String]) -> [String: String] {
        let candidates = words.filter { word in !word.isEmpty && word.allSatisfy { $0.isLetter && $0.isASCII } }
        guard !candidates.isEmpty, FileManager.default.isExecutableFile(atPath: espeak) else { return [:] }
        // One espeak-ng for all the words: one line in, one line of phonemes out.
        let lines = ipa(candidates.joined(separator: "\n") + "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= candidates.count else { return [:] }
        var result: [String: String] = [:]
        for (word, line) in zip(candidates, lines) {
            if let phones = cmuPhones(ipa: String(line)) { result[word] = phones }
        }
        return result
    }

    private static func ipa(_ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: espeak)
        process.arguments = ["-v", "en-us", "-q", "--ipa", "--sep=_"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `k_j_ˈuː_b_ɛ_k_t_əl` → `K Y UW B EH K T AH L`; nil when a phoneme has no CMU match.
    static func cmuPhones(ipa: String) -> String? {
        var phones: [String] = []
        let tokens = ipa.split(whereSeparator: { $0 == "_" || $0.isWhitespace })
        for token in tokens {
            let bare = token.filter { !"ˈˌ".contains($0) }
            guard !bare.isEmpty, bare != "ʔ" else { continue }
            guard let mapped = map[bare] else { return nil }
            phones += mapped.split(separator: " ").map(String.init)
        }
        return phones.isEmpty ? nil : phones.joined(separator: " ")
    }

    private static let map: [String: String] = [
        "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "ɡ": "G", "g": "G", "f": "F", "v": "V", "θ": "TH",
        "ð": "DH", "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "m": "M", "n": "N", "ŋ": "NG", "l": "L",
        "ɹ": "R", "r": "R", "j": "Y", "w": "W", "tʃ": "CH", "dʒ": "JH", "x": "HH", "ɾ": "T", "n̩": "AH N", "l̩": "AH L",
        "iː": "IY", "i": "IY", "ɪ": "IH", "ᵻ": "IH", "ɛ": "EH", "e": "EH", "æ": "AE", "a": "AA", "ɑː": "AA", "ɑ": "AA",
        "ɒ": "AA", "ɔː": "AO", "ɔ": "AO", "ʊ": "UH", "uː": "UW", "u": "UW", "ʌ": "AH", "ə": "AH", "ɐ": "AH",
        "ɚ": "ER", "ɜː": "ER", "ɜ": "ER", "eɪ": "EY", "aɪ": "AY", "ɔɪ": "OY", "aʊ": "AW", "oʊ": "OW", "əʊ": "OW",
        "əl": "AH L", "ɑːɹ": "AA R", "ɔːɹ": "AO R", "ɪɹ": "IH R", "ʊɹ": "UH R", "ɛɹ": "EH R", "iə": "IY AH",
        "ɪə": "IH R", "eə": "EH R", "ʊə": "UH R", "aɪɚ": "AY ER", "aɪə": "AY ER", "oːɹ": "AO R", "o": "OW", "oː": "OW",
    ]
}
