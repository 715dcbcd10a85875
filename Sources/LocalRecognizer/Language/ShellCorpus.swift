import Foundation

/// Spoken shell commands the edge engine's language model is built from: how people say
/// commands out loud, in the words the spoken-shell normaliser turns into shell text. The
/// lines are the resource `Resources/shell-corpus.txt`, written by scripts/generate-corpus.py
/// and kept disjoint from the benchmark's evaluation set (Benchmarks/EdgeBenchmark).
public enum ShellCorpus {
    /// The corpus's lines; empty when its resource folder is not beside the program
    /// (`EdgeModel` then says so instead of building a model from nothing).
    public static let sentences: [String] =
        (try? String(contentsOfFile: file, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []

    /// Where SwiftPM puts the target's resources: a folder beside the program (or the test
    /// bundle). Looked up here rather than through `Bundle.module`, which stops the process
    /// when the folder is missing.
    static let file = resource("shell-corpus.txt")

    /// The path of one of the target's resources (the first place that has it).
    static func resource(_ name: String) -> String {
        let folder = "voicesh_LocalRecognizer.resources/" + name
        let places = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        let found = places.compactMap { $0?.appendingPathComponent(folder).path }
        return found.first { FileManager.default.fileExists(atPath: $0) } ?? found.first ?? folder
    }
}
