import Foundation
import VoiceshCore

/// Spoken shell commands the edge engine's language model is built from: how people say
/// commands out loud, in the words the spoken-shell normaliser turns into shell text. The
/// lines are the resource `Resources/shell-corpus.txt`, written by scripts/generate-corpus.py
/// and kept disjoint from the benchmark's evaluation set (Benchmarks/EdgeBenchmark).
public enum ShellCorpus {
    /// The corpus's lines; empty when it is not found (`EdgeModel` then says so instead of
    /// building a model from nothing).
    public static let sentences: [String] =
        file.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }?.split(separator: "\n").map(String.init)
        ?? []

    static let file = resource("shell-corpus.txt")

    /// The SwiftPM resource folder that holds this target's files in a build tree.
    static let bundle = "voicesh_LocalRecognizer.resources"

    /// The path of one of the files voicesh ships for this target, or nil (`ResourceLocator`).
    static func resource(_ name: String) -> String? { ResourceLocator.running.locate(name, bundle: bundle) }

    /// Where `name` was looked for, for the line that says it is missing.
    static func places(_ name: String) -> String {
        ResourceLocator.running.candidates(name, bundle: bundle).joined(separator: ", ")
    }
}
