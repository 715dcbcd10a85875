import Foundation
import VoiceshCore

/// The files the edge engine decodes with: a shell-talk language model (the shipped corpus,
/// the profile's vocabulary, the user's own dictation history) and a dictionary holding just
/// its words. Built once per distinct input and cached under the state directory.
struct EdgeModel {
    static let acousticModel = "/usr/share/pocketsphinx/model/en-us/en-us"
    static let stockDictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    let languageModel: String
    let dictionary: String
    /// Words that could not be given a pronunciation, and so cannot be recognised.
    let unpronounceable: [String]
    /// Whether this call built the files (false: they were found in the cache).
    var built = false

    /// What the edge engine needs and this machine lacks, first found first: pocketsphinx's
    /// acoustic model, then voicesh's shell corpus (nil: both are there).
    static func missing() -> EdgeProblem? {
        guard FileManager.default.fileExists(atPath: acousticModel) else {
            return .noAcousticModel(path: acousticModel)
        }
        guard !ShellCorpus.sentences.isEmpty else { return .noCorpus(searched: ShellCorpus.places("shell-corpus.txt")) }
        return nil
    }

    /// Builds (or finds in `cacheDirectory`) the model for these extra sentences and terms.
    static func prepare(vocabulary: [String], history: [String], cacheDirectory: String) throws(EngineError)
        -> EdgeModel
    {
        if let missing = missing() { throw .edge(missing) }
        let lines = lines(vocabulary: vocabulary, history: history)
        let directory = entry(lines: lines, cacheDirectory: cacheDirectory)
        let lm = directory + "/shell.lm"
        let dict = directory + "/shell.dict"
        let missingFile = directory + "/unpronounceable.txt"
        if FileManager.default.fileExists(atPath: dict) {
            let missing =
                (try? String(contentsOfFile: missingFile, encoding: .utf8))?.split(separator: "\n").map(String.init)
                ?? []
            return EdgeModel(languageModel: lm, dictionary: dict, unpronounceable: missing)
        }

        let sentences = lines.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        let pronunciations = Self.pronunciations(for: Set(sentences.joined()))
        var missing: [String] = []
        var speakable: [[String]] = []
        for words in sentences {
            let unspeakable = words.filter { pronunciations[$0] == nil }
            for word in unspeakable where !missing.contains(word) { missing.append(word) }
            if unspeakable.isEmpty { speakable.append(words) }
        }
        let model = NGramModel(sentences: speakable, priors: ShellUsage.priors, priorWeight: ShellUsage.weight)
        let entries = dictionaryLines(model.vocabulary, pronunciations)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try model.arpa.write(toFile: lm, atomically: true, encoding: .utf8)
            try missing.joined(separator: "\n").write(toFile: missingFile, atomically: true, encoding: .utf8)
            // The dictionary is written last: its presence marks a complete model.
            try (entries.joined(separator: "\n") + "\n").write(toFile: dict, atomically: true, encoding: .utf8)
        } catch {
            throw .edge(.cannotWriteModel(directory: directory, reason: error.localizedDescription))
        }
        return EdgeModel(languageModel: lm, dictionary: dict, unpronounceable: missing, built: true)
    }

    /// Whether the cache already holds the complete model for these inputs.
    static func isCached(vocabulary: [String], history: [String], cacheDirectory: String) -> Bool {
        let directory = entry(lines: lines(vocabulary: vocabulary, history: history), cacheDirectory: cacheDirectory)
        return FileManager.default.fileExists(atPath: directory + "/shell.dict")
    }

    private static func lines(vocabulary: [String], history: [String]) -> [String] {
        ShellCorpus.sentences + vocabulary.map { $0.lowercased() } + history.map { $0.lowercased() }
            + vocabulary.map { "sudo \($0.lowercased())" }
    }

    /// The cache folder for these lines. The key hashes the lines as they are: splitting
    /// every sentence into words only to hash them cost each session ~35 ms of CPU beside
    /// its first keystrokes.
    private static func entry(lines: [String], cacheDirectory: String) -> String {
        let key = String(
            stableHash(lines.joined(separator: "\n") + ShellUsage.text + "\(ShellUsage.weight)"), radix: 16)
        return cacheDirectory + "/edge-\(key)"
    }

    /// Pronunciations for `words`: the stock dictionary, then the shell lexicon, then
    /// espeak-ng's for words neither has (a profile's own terms). A word none can say is absent.
    static func pronunciations(for words: Set<String>) -> [String: [String]] {
        var pronunciations = loadStockDictionary()
        for (word, phones) in ShellLexicon.pronunciations { pronunciations[word] = phones }
        let unknown = words.filter { pronunciations[$0] == nil }
        for (word, phones) in Pronouncer.pronounce(unknown.sorted()) { pronunciations[word] = [phones] }
        return pronunciations
    }

    /// Dictionary lines in pocketsphinx's form: `word PH ONES`, then `word(2) …` for variants.
    static func dictionaryLines(_ words: [String], _ pronunciations: [String: [String]]) -> [String] {
        words.flatMap { word in
            (pronunciations[word] ?? []).enumerated().map { i, phones in
                i == 0 ? "\(word) \(phones)" : "\(word)(\(i + 1)) \(phones)"
            }
        }
    }

    /// The stock CMU dictionary: word → its pronunciations, variants in order.
    private static func loadStockDictionary() -> [String: [String]] {
        guard let text = try? String(contentsOfFile: stockDictionary, encoding: .utf8) else { return [:] }
        var result: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let head = line[..<space]
            let word = head.split(separator: "(").first.map(String.init) ?? String(head)
            result[word, default: []].append(String(line[line.index(after: space)...]))
        }
        return result
    }

    /// FNV-1a: stable across runs (Swift's Hasher is seeded per process).
    private static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
