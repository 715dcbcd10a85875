// Edge engine benchmark: the shell-talk model against stock pocketsphinx on spoken commands
// it has never seen (EvaluationSet, disjoint from ShellCorpus), in three espeak-ng voices
// with a microphone-like noise floor. Prints figures; asserts nothing.
//
//   swift run -c release EdgeBenchmark
import Foundation
import LocalRecognizer
import VoiceshCore

let voices = ["en-us", "en-gb", "en-us+f3"]
let work = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-edge-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

func run(_ program: String, _ arguments: [String]) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = arguments
    p.standardError = FileHandle.nullDevice
    p.standardOutput = FileHandle.nullDevice
    try? p.run()
    p.waitUntilExit()
}

/// espeak-ng speech at 16 kHz with 0.3 s of room tone around it and pink noise under it.
func synthesise(_ text: String, voice: String, index: Int) throws -> [Int16] {
    let base = work.appendingPathComponent("\(index)-\(voice)").path
    run("/usr/bin/espeak-ng", ["-v", voice, "-s", "150", "-w", base + "-raw.wav", text])
    run("/usr/bin/sox", [base + "-raw.wav", "-r", "16000", "-c", "1", base + "-16k.wav", "pad", "0.3", "0.3"])
    let clean = try WAV.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + "-16k.wav")))).speechSamples()
    var rng = SystemRandomNumberGenerator()
    var pink = 0.0
    return clean.map { s in  // a little low-passed noise, about -48 dBFS
        pink = 0.97 * pink + 0.03 * Double.random(in: -1...1, using: &rng)
        return Int16(max(-32768, min(32767, Double(s) + pink * 3000)))
    }
}

func wordErrors(_ reference: [String], _ hypothesis: [String]) -> Int {
    var row = Array(0...hypothesis.count)
    for (i, r) in reference.enumerated() {
        var previous = row[0]
        row[0] = i + 1
        for (j, h) in hypothesis.enumerated() {
            let current = row[j + 1]
            row[j + 1] = r == h ? previous : 1 + min(previous, row[j], row[j + 1])
            previous = current
        }
    }
    return row[hypothesis.count]
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

let corpus = Set(ShellCorpus.sentences)
let overlap = EvaluationSet.sentences.filter(corpus.contains)
print(
    "evaluation set: \(EvaluationSet.sentences.count) commands × \(voices.count) voices; in the training corpus: \(overlap.count)"
)

var synthesised: [(text: String, audio: [Int16])] = []
let limit = Int(ProcessInfo.processInfo.environment["EDGE_BENCH_LIMIT"] ?? "") ?? Int.max
for (i, text) in EvaluationSet.sentences.prefix(limit).enumerated() {
    for voice in voices { synthesised.append((text, try synthesise(text, voice: voice, index: i))) }
}
let samples = synthesised
let audioSeconds = Double(samples.reduce(0) { $0 + $1.audio.count }) / 16000

struct Figures {
    var name = ""
    var load = 0.0, decode = 0.0, tail: [Double] = []
    var errors = 0, words = 0, exact = 0, exactShell = 0, noSpeech = 0
    var utterances = 0

    /// Adds another run's counts (the adapted models are measured voice by voice).
    mutating func add(_ other: Figures) {
        load = max(load, other.load)
        decode += other.decode
        tail += other.tail
        errors += other.errors
        words += other.words
        exact += other.exact
        exactShell += other.exactShell
        noSpeech += other.noSpeech
        utterances += other.utterances
    }
}

/// When the engine asked for a frame after the last one: it had decoded everything by then.
final class EndMark: @unchecked Sendable {
    var time = Date()
    var frames: ArraySlice<AudioFrame> = []
}

func measure(_ name: String, _ engine: PocketSphinxEngine, _ samples: [(text: String, audio: [Int16])]) async throws
    -> Figures
{
    var f = Figures(name: name)
    let loadStart = Date()
    try engine.load()
    f.load = Date().timeIntervalSince(loadStart)
    for sample in samples {
        let started = Date()
        let end = EndMark()
        end.frames = AudioFrame.frames(of: sample.audio)[...]
        // Frames are handed over as the engine asks for them; the tail is from its asking past
        // the last frame (the end of the recording) to the text.
        let stream = AsyncStream<AudioFrame>(unfolding: {
            if let next = end.frames.popFirst() { return next }
            end.time = Date()
            return nil
        })
        let result: Result<Transcript, EngineError>
        do {
            result = .success(try await engine.transcribe(stream) { _ in })
        } catch {
            result = .failure(error)
        }
        let hypothesis = (try? result.get())?.text ?? ""
        if ProcessInfo.processInfo.environment["EDGE_BENCH_VERBOSE"] != nil {
            print("\(name): \(sample.text) → \(hypothesis)")
        }
        if case .failure(.noSpeech) = result { f.noSpeech += 1 }
        let finished = Date()
        f.decode += finished.timeIntervalSince(started)
        f.tail.append(finished.timeIntervalSince(end.time) * 1000)
        let reference = sample.text.split(separator: " ").map(String.init)
        let words = hypothesis.split(separator: " ").map(String.init)
        f.errors += wordErrors(reference, words)
        f.words += reference.count
        if words == reference { f.exact += 1 }
        f.utterances += 1
        let shell = SpokenShell()
        if shell.normalize(hypothesis) == shell.normalize(sample.text) { f.exactShell += 1 }
    }
    return f
}

let cache = work.appendingPathComponent("cache").path
let shell = try await measure(
    "shell-talk model", PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: cache), samples)
let shellMemory = peakMemoryMiB()
let stock = try await measure("stock en-us model", PocketSphinxEngine.stock(), samples)

/// The shell-talk model with the acoustic model adapted to each voice (`voicesh adapt`) from
/// `count` corpus sentences spoken in it: enrollment, never a sentence of the evaluation set.
func adapted(_ count: Int) async throws -> (Figures, seconds: Double) {
    var total = Figures(name: "adapted (\(count))")
    var learning = 0.0
    // The same prompts for every voice: a fixed stride through the enrollment prompts.
    let prompts = ShellCorpus.prompts
    let chosen = (0..<count).map { prompts[($0 * 7919) % prompts.count] }
    for (v, voice) in voices.enumerated() {
        let recordings = try chosen.enumerated().map { i, text in
            SpeakerAdaptation.Sample(samples: try synthesise(text, voice: voice, index: 100_000 + i), text: text)
        }
        let model = work.appendingPathComponent("voice-\(count)-\(voice)").path
        let started = Date()
        _ = try SpeakerAdaptation.adapt(recordings, into: model, scratch: model + ".scratch")
        learning += Date().timeIntervalSince(started)
        let engine = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: cache, acousticModel: model)
        let own = samples.enumerated().filter { $0.offset % voices.count == v }.map(\.element)
        total.add(try await measure("adapted (\(count)), \(voice)", engine, own))
    }
    return (total, learning / Double(voices.count))
}
var adaptations: [(count: Int, figures: Figures, seconds: Double)] = []
for count in [20, 50, 100] {
    let (figures, seconds) = try await adapted(count)
    adaptations.append((count, figures, seconds))
}
// Learning from use, as a session does it (LearningFromUse.swift).
adaptations += try await learningFromUse([20, 50], voices: voices, evaluation: samples, cache: cache, work: work)

func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
print("audio: \(String(format: "%.0f", audioSeconds)) s in \(samples.count) utterances\n")
let columns = [shell] + adaptations.map(\.figures) + [stock]
print(
    "| measure | shell-talk model | "
        + adaptations.map {
            "+ " + ($0.figures.name.hasPrefix("learnt") ? $0.figures.name : "voice learnt from \($0.count)") + " |"
        }.joined()
        + " stock en-us model |")
print("|---|---|" + String(repeating: "---|", count: adaptations.count) + "---|")
let rows: [(String, (Figures) -> String)] = [
    ("word error rate (raw words)", { percent(Double($0.errors) / Double($0.words)) }),
    ("exact match of the shell text", { percent(Double($0.exactShell) / Double($0.utterances)) }),
    ("exact match of the raw words", { percent(Double($0.exact) / Double($0.utterances)) }),
    ("no speech reported", { "\($0.noSpeech)" }),
    ("real-time factor (decode / audio)", { String(format: "%.3f", $0.decode / audioSeconds) }),
    ("end of audio → text, median", { String(format: "%.0f ms", $0.tail.sorted()[$0.tail.count / 2]) }),
    ("end of audio → text, p95", { String(format: "%.0f ms", $0.tail.sorted()[$0.tail.count * 95 / 100]) }),
    ("model load (first use)", { String(format: "%.0f ms", $0.load * 1000) }),
]
for (label, value) in rows { print("| \(label) | " + columns.map { value($0) + " |" }.joined(separator: " ")) }
print(
    "| learning the voice (per voice) | — | "
        + adaptations.map { String(format: "%.1f s |", $0.seconds) }.joined(separator: " ") + " — |")
print(
    "| peak memory (process) | \(String(format: "%.0f MiB", shellMemory)) | "
        + String(repeating: "— | ", count: adaptations.count)
        + "\(String(format: "%.0f MiB", peakMemoryMiB())) (all loaded) |")
