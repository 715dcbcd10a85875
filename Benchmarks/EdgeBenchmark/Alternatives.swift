import BenchmarkSupport
import Foundation
import LocalRecognizer
import VoiceshCore

/// Tab's readings and the calibrated unsure marks (EDGE_BENCH_ALTERNATIVES=1): how often the
/// right shell line is the best reading, and how often it is among the readings Tab shows
/// (`Reading.shownLimit`); then every heard word of the best reading against the words said:
/// wrong words marked unsure (recall) and right words marked, at `Doubt.threshold`.
/// EDGE_BENCH_DUMP=FILE also writes, per take as it is heard, the words said, the best reading's
/// words with their posteriors alone (the engine then scores by the posterior alone; the
/// readings do not depend on it) and the distinct alternatives, one JSON line each: what the
/// combination in `WordAgreement.fitted` was fitted on (development voices only).
func alternativesTable(_ sets: [(speech: [Utterance], noise: [Utterance])], dump: String?) async throws {
    let scoring = dump == nil ? WordAgreement.fitted : .posteriorOnly
    let engine = PocketSphinxEngine(
        vocabulary: [], history: [], cacheDirectory: cache, quotedEnglish: secondPass, scoring: scoring)
    try engine.load()
    let shell = SpokenShell()
    let out: FileHandle? =
        if let dump, FileManager.default.createFile(atPath: dump, contents: nil) {
            FileHandle(forWritingAtPath: dump)
        } else { nil }
    var (takes, top, shown, offered) = (0, 0, 0, 0)
    var scored: [(confidence: Double, right: Bool)] = []
    for (voice, set) in zip(voices, sets) {
        for sample in set.speech {
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in AudioFrame.frames(of: sample.audio) { continuation.yield(frame) }
                continuation.finish()
            }
            takes += 1
            guard let transcript = try? await engine.transcribe(EngineRequest(stream), events: { _ in }) else {
                continue
            }
            let said = sample.text.split(separator: " ").map(String.init)
            let words = transcript.words
            if let out {
                struct Line: Encodable {
                    var voice: String
                    var said: [String]
                    var best: [String]
                    var posteriors: [Double?]
                    var alternatives: [[String]]
                }
                let line = Line(
                    voice: voice, said: said, best: words.map(\.text), posteriors: words.map(\.confidence),
                    alternatives: transcript.alternatives.map { $0.text.split(separator: " ").map(String.init) })
                out.write(try JSONEncoder().encode(line) + Data("\n".utf8))
            }
            let right = shell.normalize(sample.text)
            let readings = Reading.readings(of: transcript, normalize: shell.normalize)
            if readings.first?.text == right { top += 1 }
            if readings.contains(where: { $0.text == right }) { shown += 1 }
            if readings.count > 1 { offered += 1 }
            for (word, ok) in zip(words, rightWords(said, words.map(\.text))) {
                scored.append((word.confidence ?? 1, ok))
            }
        }
    }
    try out?.close()
    print("Readings (Tab), \(takes) takes; shown at most \(Reading.shownLimit) readings each\n")
    print("| right shell line | takes |")
    print("|---|---|")
    print("| the best reading | \(percent(top, takes)) |")
    print("| among the readings shown | \(percent(shown, takes)) |")
    print("| takes with more than one reading | \(percent(offered, takes)) |\n")
    let wrong = scored.filter { !$0.right }
    let marked = scored.filter { $0.confidence < Doubt.threshold }
    let hits = marked.filter { !$0.right }.count
    print("Unsure words (posterior with the readings' agreement), \(scored.count) words heard, \(wrong.count) wrong\n")
    print("| threshold | marked unsure | precision | recall (wrong marked) | right words marked |")
    print("|---|---|---|---|---|")
    for threshold in [0.5, 0.6, 0.7, 0.8, 0.9] {
        let marked = scored.filter { $0.confidence < threshold }
        let hits = marked.filter { !$0.right }.count
        print(
            "| \(threshold) | \(marked.count) | \(percent(hits, marked.count)) | \(percent(hits, wrong.count)) | "
                + "\(percent(marked.count - hits, scored.count - wrong.count)) |")
    }
    print(
        "\nAt Doubt.threshold \(Doubt.threshold): recall \(percent(hits, wrong.count)), right words marked "
            + "\(percent(marked.count - hits, scored.count - wrong.count))\n")
}
