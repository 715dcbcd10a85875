// Server engine benchmark: the normaliser alone on Whisper-style renderings of the spoken
// commands of the edge benchmark (renderings.tsv beside this file, which says where they come
// from). A rendering counts when it becomes exactly the shell text the speaker meant; the WER
// is over the shell text's space-separated words.
// Prints figures; asserts nothing.
//
//   swift run ServerBenchmark [renderings.tsv]
import Foundation
import VoiceshCore

// Another renderings file may be named, e.g. a real model's outputs (Benchmarks/whisper_bench.py).
let file =
    CommandLine.arguments.count > 1
    ? URL(fileURLWithPath: CommandLine.arguments[1])
    : URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("renderings.tsv")
let rows = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    .filter { !$0.hasPrefix("#") }
    .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    .filter { $0.count == 4 }

let shell = SpokenShell()
var styles: [String] = []
var counts: [String: (exact: Int, total: Int, errors: Int, words: Int)] = [:]
var misses: [String] = []
for row in rows {
    let (style, written, expected) = (row[2], row[3], row[1])
    let got = shell.normalize(written)
    if counts[style] == nil { styles.append(style) }
    var count = counts[style] ?? (0, 0, 0, 0)
    count.total += 1
    let meant = expected.split(separator: " ")
    count.errors += wordEdits(got.split(separator: " "), meant)
    count.words += meant.count
    if got == expected { count.exact += 1 } else { misses.append("\(style)\t\(written)\t→ \(got)\t(want \(expected))") }
    counts[style] = count
}

/// Substitutions, insertions and deletions that turn `got` into `meant` (Levenshtein over words).
func wordEdits(_ got: [Substring], _ meant: [Substring]) -> Int {
    var previous = Array(0...meant.count)
    for (i, word) in got.enumerated() {
        var current = [i + 1]
        for (j, want) in meant.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (word == want ? 0 : 1)))
        }
        previous = current
    }
    return previous[meant.count]
}

func percent(_ part: Int, _ whole: Int) -> String { String(format: "%.1f%%", 100 * Double(part) / Double(whole)) }
let commands = Dictionary(rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { a, _ in a })
let spokenRight = commands.filter { shell.normalize($0.key) == $0.value }.count
print("renderings: \(rows.count) of \(commands.count) spoken commands")
print(
    "for comparison, the spoken words themselves (the edge engine's input): \(spokenRight) of \(commands.count) exact")
print("| style | exact | of | exact match | WER |")
print("|---|---|---|---|---|")
for style in styles {
    let count = counts[style]!
    print(
        "| \(style) | \(count.exact) | \(count.total) | \(percent(count.exact, count.total)) "
            + "| \(percent(count.errors, count.words)) |")
}
let exact = counts.values.reduce(0) { $0 + $1.exact }
let errors = counts.values.reduce(0) { $0 + $1.errors }
let words = counts.values.reduce(0) { $0 + $1.words }
print("| all | \(exact) | \(rows.count) | \(percent(exact, rows.count)) | \(percent(errors, words)) |")
print("misses:")
for miss in misses { print("  \(miss)") }
