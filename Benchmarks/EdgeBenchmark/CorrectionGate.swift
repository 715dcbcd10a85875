import BenchmarkSupport
import Foundation
import LocalRecognizer
import VoiceshCore

/// One label's fit in the gate's measurement.
struct GateScore {
    var kind: String
    var score: Double
    var margin: Double
}

/// The gate of learning from corrections (EDGE_BENCH_GATE=1, on development voices only): for
/// each recording, the text a user would have sent after correcting it (the true line), and
/// two that it does not say: another line of the set, and the line with one word changed.
/// Each is turned into spoken forms (`SpokenForms`, nearest the engine's words first) and
/// scored against the audio (`TranscriptAligner`); the tables give, for each threshold, how
/// many true labels pass and how many wrong ones do, by the forced score (the gate) and by
/// the margin over a free decode (for comparison).
func correctionGate(_ engine: PocketSphinxEngine, _ sets: [(speech: [Utterance], noise: [Utterance])]) async {
    let shell = SpokenShell()
    let aligner = TranscriptAligner(cacheDirectory: cache)
    let kinds = ["true", "other line", "one word changed"]
    var scores: [GateScore] = []
    var covered = 0, pickedSpoken = 0, total = 0
    for (voice, set) in zip(voices, sets) {
        let lines = set.speech.map(\.text)
        for (i, sample) in set.speech.enumerated() {
            let heard = await decode(engine, sample.audio).0 ?? ""
            let texts = [
                sample.text, lines[(i + lines.count / 2) % lines.count],
                oneWordChanged(sample.text, using: lines[(i + 1) % lines.count]),
            ]
            var kindOf: [String: String] = [:]
            var candidates: [String] = []
            for (kind, spoken) in zip(kinds, texts) {
                let forms = SpokenForms.candidates(for: shell.normalize(spoken), heard: heard)
                if kind == "true", forms.contains(sample.text) { covered += 1 }
                for form in forms where kindOf[form] == nil {
                    kindOf[form] = kind
                    candidates.append(form)
                }
            }
            total += 1
            let fits = (try? aligner.fits(sample.audio, candidates: candidates, free: true)) ?? []
            for kind in kinds {
                // The label a kind gives is its best-fitting form; none fitting at all is −∞.
                let best = fits.first { kindOf[$0.words] == kind }
                if kind == "true", best?.words == sample.text { pickedSpoken += 1 }
                scores.append(
                    GateScore(kind: kind, score: best?.score ?? -.infinity, margin: best?.margin ?? -.infinity))
                if environment["EDGE_BENCH_VERBOSE"] != nil {
                    let figures = best.map { String(format: "%.1f (margin %.1f)", $0.score, $0.margin ?? 0) } ?? "-∞"
                    print("\(voice) \(kind): \(best?.words ?? "-") \(figures) (heard: \(heard))")
                }
            }
        }
    }
    print("Learning from corrections: the alignment gate on \(total) recordings (\(voices.count) voices)\n")
    print(
        "The spoken line among the candidates made from its shell text: \(covered)/\(total); chosen by the alignment: \(pickedSpoken)/\(total)\n"
    )
    let measures: [(String, (GateScore) -> Double, [Double])] = [
        ("forced score per frame (the gate)", { $0.score }, [-10, -12, -14, -16, -18, -20, -22, -25, -30, -40]),
        ("margin over a free decode with the shell-talk model", { $0.margin }, [10, 5, 0, -5, -10, -20, -40, -60]),
    ]
    for (measure, value, thresholds) in measures {
        print("By the \(measure):\n")
        print(
            "| threshold | true labels kept (recall) | other line kept | one word changed kept | precision (1:1:1) | precision (true vs other line) |"
        )
        print("|---|---|---|---|---|---|")
        let of = kinds.map { kind in scores.filter { $0.kind == kind }.map(value) }
        for threshold in thresholds {
            let (t, o, c) = (
                of[0].filter { $0 >= threshold }.count, of[1].filter { $0 >= threshold }.count,
                of[2].filter { $0 >= threshold }.count
            )
            print(
                "| \(Int(threshold)) | \(t)/\(of[0].count) | \(o)/\(of[1].count) | \(c)/\(of[2].count) | \(percent(t, t + o + c)) | \(percent(t, t + o)) |"
            )
        }
        print(
            "\nQuantiles (10 / 25 / 50 / 75 / 90 %): true \(quantiles(of[0])); other line \(quantiles(of[1])); one word changed \(quantiles(of[2]))\n"
        )
    }
}

func quantiles(_ values: [Double]) -> String {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return "—" }
    return [0.1, 0.25, 0.5, 0.75, 0.9].map { q in
        let v = sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))]
        return v.isFinite ? String(format: "%.1f", v) : "-∞"
    }.joined(separator: " / ")
}

/// `line` with its last longer word replaced by a word of `other` that it lacks (a partly
/// rewritten line); a line with none to replace gets a word added.
func oneWordChanged(_ line: String, using other: String) -> String {
    var words = line.split(separator: " ").map(String.init)
    let symbolWords: Set<String> = [
        "dash", "dot", "slash", "pipe", "quote", "end", "star", "tilde", "underscore", "colon", "equals", "dollar",
        "greater", "than", "less", "append", "open", "close", "paren", "bracket", "brace", "ampersand", "semicolon",
        "hyphen", "comma", "sign", "backslash", "double", "single", "caps", "capital", "literal",
    ]
    let replacements = other.split(separator: " ").map(String.init).filter {
        $0.count > 2 && !symbolWords.contains($0) && !words.contains($0)
    }
    let replacement = replacements.max { $0.count < $1.count } ?? "banana"
    guard let target = words.indices.filter({ words[$0].count > 2 && !symbolWords.contains(words[$0]) }).last else {
        return line + " " + replacement
    }
    words[target] = replacement
    return words.joined(separator: " ")
}
