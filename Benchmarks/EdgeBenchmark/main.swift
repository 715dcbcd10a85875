// Edge engine benchmark: the shell-talk model, unadapted, on spoken commands it has never
// seen (evaluation.txt, kept out of the corpus) in nine voices from three synthesizers
// (espeak-ng, flite, Festival) over a microphone-like noise floor, plus noise alone. One row
// per voice, per synthesizer and overall. Prints figures; asserts nothing.
//
//   swift run -c release EdgeBenchmark [VOICES-FOLDER]
//
// The audio comes from scripts/synthesize-voices (cached outside git); a folder it wrote can
// be given instead. EDGE_BENCH_VERBOSE=1 prints every hypothesis; EDGE_BENCH_ADAPT=20,50 adds
// rows for `voicesh adapt` after enrolling that many corpus prompts in each voice;
// EDGE_BENCH_USE=20,50 rows after learning from that many dictations by itself (with
// EDGE_BENCH_USE_EARS=1 heard and measured by both ears). To explore on
// a busy machine: EDGE_BENCH_VOICES=espeak-en-gb,flite-slt measures only those voices and
// EDGE_BENCH_LIMIT=15 only each voice's first 15 commands. EDGE_BENCH_ONLY_QUOTES=1 measures
// only the commands with `quote … end quote` in them; EDGE_BENCH_CONFIDENCE=1 prints only how
// well "unsure" (a word's posterior under a threshold) finds the wrong words; EDGE_BENCH_ALTERNATIVES=1
// how often the right line is among Tab's readings and the calibrated unsure marks (Alternatives.swift);
// EDGE_BENCH_SECOND_PASS=off turns the
// general-English second pass over quoted spans off (the first pass alone, for comparison).
// EDGE_BENCH_CORRECTIONS=off learns from use without corrected dictations (as before issue 21);
// EDGE_BENCH_UNADAPTED=off skips the unadapted rows. EDGE_BENCH_GATE=1 prints only the
// learning-from-corrections gate's figures (give it a folder
// of development voices: scripts/synthesize-voices --sentences …/development.txt).
//
// Listening conditions: EDGE_BENCH_CONDITIONS=all (or some of headset,room,fan,laptop) also
// measures every voice as `scripts/synthesize-voices --conditions` makes it heard through a
// headset, in an echoing room, beside a fan and on a quiet laptop microphone: a table per
// condition, then one row per condition. EDGE_BENCH_ENGINE=profile measures the engine a
// profile that says only `kind = "edge"` gets (`EngineFactory`: its speech gate and whatever the
// edge engine is made of then) instead of `PocketSphinxEngine` alone. EDGE_BENCH_CHANNEL=off
// decodes every take as it is, without adapting to its channel (the "before" rows);
// EDGE_BENCH_COLD=1 hears every take as the first on a new microphone.
import BenchmarkSupport
import Foundation
import LocalRecognizer
import VoiceshCore
import VoiceshSession

let environment = ProcessInfo.processInfo.environment
let work = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-edge-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

/// NAME.wav + NAME.txt pairs of a voice's folder, and its noise/ clips.
func utterances(in folder: String) throws -> (speech: [Utterance], noise: [Utterance]) {
    let noiseFolder = folder + "/noise"
    let clips = (try? FileManager.default.contentsOfDirectory(atPath: noiseFolder).sorted()) ?? []
    let noise = try clips.filter { $0.hasSuffix(".wav") }.map {
        Utterance(text: "", audio: try Voices.load(noiseFolder + "/" + $0))
    }
    return (try Voices.utterances(in: folder), noise)
}

func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

/// The words between `quote` and `end quote`, or nil when there is no quote.
func quoted(_ words: [String]) -> [String]? {
    guard let open = words.firstIndex(of: "quote") else { return nil }
    var close = open + 1
    while close < words.count, !(words[close] == "end" && words.dropFirst(close + 1).first == "quote") { close += 1 }
    return Array(words[(open + 1)..<close])
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

struct Figures {
    var utterances = 0, exactShell = 0, errors = 0, words = 0
    var quotes = 0, exactQuotes = 0
    /// Commands without a quote: how many, exact, and how many the first pass heard a `quote` in
    /// (only those can the second pass change).
    var plain = 0, exactPlain = 0, plainTouched = 0
    var noiseClips = 0, noiseSilent = 0
    var audio = 0.0, decode = 0.0
    var tailShort: [Double] = [], tailLong: [Double] = [], tailLongCPU: [Double] = []
    var memory = 0.0

    mutating func add(_ other: Figures) {
        let counts: [WritableKeyPath<Figures, Int>] = [
            \.utterances, \.exactShell, \.errors, \.words, \.quotes, \.exactQuotes, \.plain, \.exactPlain,
            \.plainTouched, \.noiseClips, \.noiseSilent,
        ]
        for count in counts { self[keyPath: count] += other[keyPath: count] }
        for seconds in [\Figures.audio, \.decode] { self[keyPath: seconds] += other[keyPath: seconds] }
        for tails in [\Figures.tailShort, \.tailLong, \.tailLongCPU] { self[keyPath: tails] += other[keyPath: tails] }
        memory = max(memory, other.memory)
    }
}

/// When the engine asked for a frame after the last one: it had decoded everything by then.
final class EndMark: @unchecked Sendable {
    var time = Date()
    var cpu = 0.0
    var frames: ArraySlice<AudioFrame> = []
    /// Samples handed to the engine so far (a paced stream's clock).
    var played = 0
}

/// The process's CPU time in seconds: what the tail costs, whatever else the machine runs.
func processCPU() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// EDGE_BENCH_COLD=1: every take is heard as the first on a new microphone (no cepstral mean
/// or channel carried over from the take before).
let cold = environment["EDGE_BENCH_COLD"] != nil

/// End of audio → text for the first command with a quote: it loads the general-English model.
nonisolated(unsafe) var firstQuoteTail: Double?

/// Feeds the recording as the engine asks for it; returns the text (nil: no speech), the
/// decoding time and the tail from the end of the audio to the text (wall clock and CPU).
func decode(_ engine: any SpeechEngine, _ audio: [Int16]) async -> (
    String?, seconds: Double, tailMs: Double, tailCPUMs: Double
) {
    if cold, let engine = engine as? PocketSphinxEngine { engine.forgetChannel() }
    let started = Date()
    let end = EndMark()
    end.frames = AudioFrame.frames(of: audio)[...]
    let stream = AsyncStream<AudioFrame>(unfolding: {
        if let next = end.frames.popFirst() { return next }
        end.time = Date()
        end.cpu = processCPU()
        return nil
    })
    let text = try? await engine.transcribe(EngineRequest(stream)) { _ in }.text
    let finished = Date()
    return (
        text, finished.timeIntervalSince(started), finished.timeIntervalSince(end.time) * 1000,
        (processCPU() - end.cpu) * 1000
    )
}

func measure(_ name: String, _ engine: any SpeechEngine, _ set: (speech: [Utterance], noise: [Utterance])) async
    -> Figures
{
    var f = Figures()
    let shell = SpokenShell()
    for sample in set.speech {
        let (text, seconds, tail, tailCPU) = await decode(engine, sample.audio)
        let hypothesis = text ?? ""
        if environment["EDGE_BENCH_VERBOSE"] != nil { print("\(name): \(sample.text) → \(hypothesis)") }
        let reference = sample.text.split(separator: " ").map(String.init)
        let heard = hypothesis.split(separator: " ").map(String.init)
        f.utterances += 1
        f.audio += sample.seconds
        f.decode += seconds
        if sample.seconds < 4 { f.tailShort.append(tail) }
        if sample.seconds >= 8 {
            f.tailLong.append(tail)
            f.tailLongCPU.append(tailCPU)
        }
        f.errors += VoiceLearner.wordErrors(reference, heard)
        f.words += reference.count
        let exact = shell.normalize(hypothesis) == shell.normalize(sample.text)
        if exact { f.exactShell += 1 }
        if let expected = quoted(reference) {
            f.quotes += 1
            if quoted(heard) == expected { f.exactQuotes += 1 }
            if firstQuoteTail == nil { firstQuoteTail = tail }
        } else {
            f.plain += 1
            if exact { f.exactPlain += 1 }
            if heard.contains("quote") { f.plainTouched += 1 }
        }
    }
    for clip in set.noise {
        let (text, seconds, _, _) = await decode(engine, clip.audio)
        if environment["EDGE_BENCH_VERBOSE"] != nil, let text { print("\(name): noise → \(text)") }
        f.noiseClips += 1
        f.audio += clip.seconds
        f.decode += seconds
        if text == nil { f.noiseSilent += 1 }
    }
    f.memory = peakMemoryMiB()
    return f
}

/// Which hypothesis words are right: aligned (least edits) to the same reference word.
func rightWords(_ reference: [String], _ heard: [String]) -> [Bool] {
    WordAgreement.alignment(heard, reference).map { $0 != nil }
}

/// Unsure words against wrong ones (EDGE_BENCH_CONFIDENCE=1): each heard word's posterior and
/// whether it was right, then precision and recall of "unsure" at each threshold.
func confidenceTable(_ engine: PocketSphinxEngine, _ sets: [(speech: [Utterance], noise: [Utterance])]) async {
    var scored: [(confidence: Double, right: Bool)] = []
    for set in sets {
        for sample in set.speech {
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in AudioFrame.frames(of: sample.audio) { continuation.yield(frame) }
                continuation.finish()
            }
            guard let transcript = try? await engine.transcribe(EngineRequest(stream), events: { _ in }) else {
                continue
            }
            let words = transcript.words
            let right = rightWords(sample.text.split(separator: " ").map(String.init), words.map(\.text))
            for (word, ok) in zip(words, right) { scored.append((word.confidence ?? 1, ok)) }
        }
    }
    let wrong = scored.filter { !$0.right }.count
    print("Unsure words (edge posteriors), \(scored.count) words heard, \(wrong) wrong\n")
    print(
        "| threshold | marked unsure | precision (unsure that are wrong) | recall (wrong marked) | right words marked |"
    )
    print("|---|---|---|---|---|")
    for threshold in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99] {
        let marked = scored.filter { $0.confidence < threshold }
        let hits = marked.filter { !$0.right }.count
        let rightMarked = marked.count - hits
        print(
            "| \(threshold) | \(marked.count) | \(percent(hits, marked.count)) | \(percent(hits, wrong)) | "
                + "\(percent(rightMarked, scored.count - wrong)) |")
    }
    let sure = scored.filter { $0.confidence >= Doubt.threshold }
    print(
        "\nAt Doubt.threshold \(Doubt.threshold): wrong among unsure \(percent(scored.filter { $0.confidence < Doubt.threshold && !$0.right }.count, scored.count - sure.count)), wrong among sure \(percent(sure.filter { !$0.right }.count, sure.count))\n"
    )
}

func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "—" : String(format: "%.1f%%", Double(part) / Double(whole) * 100)
}

func median(_ values: [Double]) -> String {
    values.isEmpty ? "—" : String(format: "%.0f ms", values.sorted()[values.count / 2])
}

func row(_ label: String, _ f: Figures) -> String {
    let cells = [
        label, percent(f.exactShell, f.utterances), percent(f.errors, f.words), percent(f.exactQuotes, f.quotes),
        "\(f.noiseSilent)/\(f.noiseClips)", String(format: "%.3f", f.decode / f.audio), median(f.tailShort),
        median(f.tailLong), median(f.tailLongCPU), String(format: "%.0f MiB", f.memory),
    ]
    return "| " + cells.joined(separator: " | ") + " |"
}

let conditionNames =
    environment["EDGE_BENCH_CONDITIONS"].map {
        $0 == "all" ? ["headset", "room", "fan", "laptop"] : $0.split(separator: ",").map(String.init)
    } ?? []
let folders =
    try CommandLine.arguments.dropFirst().first.map { clean in [clean] + conditionNames.map { "\(clean)@\($0)" } }
    ?? Voices.synthesize(conditionNames.isEmpty ? [] : ["--conditions", conditionNames.joined(separator: ",")])
let folder = folders[0]
let chosenVoices = environment["EDGE_BENCH_VOICES"].map { Set($0.split(separator: ",").map(String.init)) }
let voices = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    .filter { (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + $0)) != nil }
    .filter { chosenVoices?.contains($0) ?? true }
/// A function, not a closure in a global: a global closure is the main actor's, and
/// `learningFromUse` prints its tables from elsewhere (Swift 6 stops the program there).
func synthesizerOf(_ voice: String) -> String { String(voice.prefix { $0 != "-" }) }
let corpus = Set(ShellCorpus.sentences)
let limit = environment["EDGE_BENCH_LIMIT"].flatMap { Int($0) } ?? Int.max
func loadSets(_ folder: String) throws -> [(speech: [Utterance], noise: [Utterance])] {
    try voices.map { voice in
        let set = try utterances(in: folder + "/" + voice)
        let speech =
            environment["EDGE_BENCH_ONLY_QUOTES"] == nil
            ? set.speech : set.speech.filter { quoted(words($0.text)) != nil }
        return (speech: Array(speech.prefix(limit)), noise: set.noise)
    }
}
let sets = try loadSets(folder)
let overlap = Set(sets.flatMap { $0.speech.map(\.text) }).filter(corpus.contains)
print(
    "\(folder): \(voices.count) voices, \(sets.first?.speech.count ?? 0) commands each; in the model's corpus: \(overlap.count)\n"
)

// Built models are kept between runs (keyed by their content, as in a user's cache).
let cache =
    (environment["XDG_CACHE_HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path + "/.cache")
    + "/voicesh-bench/models"
if environment["EDGE_BENCH_EARS"] != nil {
    try await twoEarTable(voices: voices, sets: sets, cache: cache)
    exit(0)
}
let secondPass = environment["EDGE_BENCH_SECOND_PASS"] != "off"
let engine = PocketSphinxEngine(
    vocabulary: [], history: [], cacheDirectory: cache, quotedEnglish: secondPass,
    adaptsToChannel: environment["EDGE_BENCH_CHANNEL"] != "off")
let loadStart = Date()
try engine.load()
let loadSeconds = Date().timeIntervalSince(loadStart)

let header = [
    "voice", "exact shell text", "WER", "quoted English exact", "noise → no text", "RTF", "end → text, ~2 s",
    "end → text, ~10 s", "its CPU", "peak memory",
]
func printTable(_ title: String, _ rows: [(String, Figures)], bySynthesizer grouped: Bool = true) {
    print("\(title)\n")
    print("| " + header.joined(separator: " | ") + " |")
    print("|" + String(repeating: "---|", count: header.count))
    var bySynthesizer: [(String, Figures)] = []
    var total = Figures()
    for (voice, f) in rows {
        print(row(voice, f))
        let synthesizer = synthesizerOf(voice)
        if let i = bySynthesizer.firstIndex(where: { $0.0 == synthesizer }) {
            bySynthesizer[i].1.add(f)
        } else {
            bySynthesizer.append((synthesizer, f))
        }
        total.add(f)
    }
    for (synthesizer, f) in bySynthesizer where grouped { print(row("**\(synthesizer)** (all its voices)", f)) }
    print(row("**all voices**", total))
    print("")
}

if environment["EDGE_BENCH_ALTERNATIVES"] != nil || environment["EDGE_BENCH_DUMP"] != nil {
    try await alternativesTable(sets, dump: environment["EDGE_BENCH_DUMP"])
    exit(0)
}

if environment["EDGE_BENCH_CONFIDENCE"] != nil {
    await confidenceTable(engine, sets)
    exit(0)
}

// The gate of learning from corrections (CorrectionGate.swift): development voices only.
if environment["EDGE_BENCH_GATE"] != nil {
    await correctionGate(engine, sets)
    exit(0)
}

/// The engine the tables measure: `engine` itself, or the one a profile gets.
let measured: any SpeechEngine
if environment["EDGE_BENCH_ENGINE"] == "profile" {
    let home = work.appendingPathComponent("home").path
    // The live parts, in a home of the benchmark's own.
    var context = AppContext.live()
    context.environment = ["VOICESH_HOME": home]
    context.environment["PATH"] = environment["PATH"]
    context.location = DataLocation(environment: context.environment)
    // The profile's model cache is the benchmark's (built models are kept between runs).
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: context.location.cacheDirectory, withDestinationPath: cache)
    measured = try EngineFactory(context: context).engine(for: Profile(name: "bench", host: "-"))
    print("Engine: as a profile with only `kind = \"edge\"` builds it (\(measured.label))\n")
} else {
    measured = engine
}

var unadapted: [(String, Figures)] = []
// EDGE_BENCH_UNADAPTED=off: only the learning rows (the unadapted ones measured elsewhere).
for (voice, set) in zip(voices, sets) where environment["EDGE_BENCH_UNADAPTED"] != "off" {
    unadapted.append((voice, await measure(voice, measured, set)))
}
printTable(
    "Unadapted (the shipped shell-talk model; model load \(String(format: "%.0f ms", loadSeconds * 1000)))", unadapted)
var byCondition: [(String, Figures)] = [("clean", unadapted.reduce(into: Figures()) { $0.add($1.1) })]
for (name, conditionFolder) in zip(conditionNames, folders.dropFirst()) {
    var rows: [(String, Figures)] = []
    for (voice, set) in zip(voices, try loadSets(conditionFolder)) {
        rows.append((voice, await measure("\(voice)@\(name)", measured, set)))
    }
    printTable("Condition \(name) (\(conditionFolder))", rows)
    byCondition.append((name, rows.reduce(into: Figures()) { $0.add($1.1) }))
}
if !conditionNames.isEmpty { printTable("All voices by condition", byCondition, bySynthesizer: false) }
let plainRows = unadapted.reduce(into: Figures()) { $0.add($1.1) }
print(
    "Second pass \(secondPass ? "on" : "off"). Commands without a quote: \(percent(plainRows.exactPlain, plainRows.plain)) exact; heard with a `quote` (the only ones the second pass can change): \(plainRows.plainTouched) of \(plainRows.plain)."
)
if let firstQuoteTail {
    print("End → text for the first command with a quote (it loads the English model): \(median([firstQuoteTail]))\n")
}

/// `voicesh adapt` in each voice from `count` corpus prompts (never an evaluation sentence).
for count in (environment["EDGE_BENCH_ADAPT"] ?? "").split(separator: ",").compactMap({ Int($0) }) {
    let prompts = ShellCorpus.prompts
    let chosen = (0..<count).map { prompts[($0 * 7919) % prompts.count] }
    let list = work.appendingPathComponent("prompts-\(count).txt").path
    try (chosen.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
    var rows: [(String, Figures)] = []
    var learning = 0.0
    for (voice, set) in zip(voices, sets) {
        let enrolled = try Voices.synthesize(["--sentences", list, "--voices", voice])[0] + "/" + voice
        let recordings = try utterances(in: enrolled).speech.map {
            SpeakerAdaptation.Sample(samples: $0.audio, text: $0.text)
        }
        let model = work.appendingPathComponent("voice-\(count)-\(voice)").path
        let started = Date()
        _ = try SpeakerAdaptation.adapt(recordings, into: model, scratch: model + ".scratch")
        learning += Date().timeIntervalSince(started)
        let adapted = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: cache, acousticModel: model)
        rows.append((voice, await measure("adapted \(count), \(voice)", adapted, set)))
    }
    printTable(
        "After `voicesh adapt` from \(count) prompts per voice (learning \(String(format: "%.1f s", learning / Double(voices.count))) per voice)",
        rows)
}

// Learning from use, as a session does it (LearningFromUse.swift): EDGE_BENCH_USE=20,50.
try await learningFromUse((environment["EDGE_BENCH_USE"] ?? "").split(separator: ",").compactMap { Int($0) })
