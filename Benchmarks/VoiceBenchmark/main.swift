// Hands-free benchmark: the edge engine (the shell-talk model, unadapted) on spoken answers,
// corrections, keys and history requests it has never heard, in the benchmark's voices from
// three synthesizers; each is understood exactly when `VoiceGrammar` reads the engine's words
// as the same command it reads the spoken ones as. Then the held-out dictation lines of the
// edge benchmark (Benchmarks/EdgeBenchmark/evaluation.txt): how many the grammar would take for
// an answer (at a shown line) or for keys (in keys mode). Prints figures; asserts nothing.
//
//   swift run -c release VoiceBenchmark [--development]
//
// The audio comes from scripts/synthesize-voices (cached in ~/.cache/voicesh-bench).
// VOICE_BENCH_VOICES=espeak-en-gb,flite-slt measures only those voices; VOICE_BENCH_VERBOSE=1
// prints every miss; VOICE_BENCH_ONLY=commands or =dictation measures one half.
import BenchmarkSupport
import Foundation
import LocalRecognizer
import VoiceshCore

let environment = ProcessInfo.processInfo.environment
let development = CommandLine.arguments.contains("--development")
let list =
    environment["VOICE_BENCH_LIST"]
    ?? "Benchmarks/VoiceBenchmark/voice-\(development ? "development" : "evaluation").txt"

/// Runs scripts/synthesize-voices and returns the folder it printed.
func synthesize(_ arguments: [String]) throws -> String { try Voices.synthesize(arguments)[0] }

/// Each line's class, from the `# class` header above it.
func classes(_ path: String) throws -> [String: String] {
    var current = ""
    var found: [String: String] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("# ") && !text.dropFirst(2).contains(" ") {
            current = String(text.dropFirst(2))
        } else if !text.isEmpty && !text.hasPrefix("#") {
            found[text] = current
        }
    }
    return found
}

/// NAME.txt + NAME.wav of each voice's folder: (voice, text, samples).
func recordings(in folder: String) throws -> [(voice: String, text: String, audio: [Int16])] {
    let chosen = environment["VOICE_BENCH_VOICES"].map { Set($0.split(separator: ",").map(String.init)) }
    var found: [(String, String, [Int16])] = []
    for voice in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where voice != "noise" {
        if let chosen, !chosen.contains(voice) { continue }
        let path = folder + "/" + voice
        found += try Voices.utterances(in: path).map { (voice, $0.text, $0.audio) }
    }
    return found
}

/// The frames still to give the engine.
final class Frames: @unchecked Sendable {
    var left: ArraySlice<AudioFrame>
    init(_ audio: [Int16]) { left = AudioFrame.frames(of: audio)[...] }
}

/// The engine's words for `audio`, with the commands `listening` expects weighed in its own
/// model as a session does (`line`: the shown line's words, which corrections name).
func decode(_ engine: PocketSphinxEngine, _ audio: [Int16], listening: VoiceGrammar.Listening, line: String = "")
    async -> String
{
    let frames = Frames(audio)
    let stream = AsyncStream<AudioFrame>(unfolding: { frames.left.popFirst() })
    var context = SpeechContext()
    context.commands = VoiceGrammar.sentences(listening: listening, line: line)
    return (try? await engine.transcribe(EngineRequest(stream, context: context)) { _ in }.text) ?? ""
}

/// The shown line a correction speaks of: the words it names there ("change feature to main"
/// is said of a line with "feature" in it).
func line(for command: String) -> String {
    let words = command.split(separator: " ").map(String.init)
    guard let verb = words.first, ["change", "replace", "delete", "remove"].contains(verb) else { return "" }
    let end = words.firstIndex { $0 == "to" || $0 == "with" } ?? words.count
    return "ls " + words[1..<end].joined(separator: " ")
}

let listening: [String: VoiceGrammar.Listening] = [
    "answers": .line, "corrections": .line, "keys": .keys, "history": [.history, .picks],
]
let grammar = VoiceGrammar()
let cache =
    (environment["XDG_CACHE_HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path + "/.cache")
    + "/voicesh-bench/models"
let engine = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: cache)
try engine.load()

/// Each line as it comes (a run takes minutes on a busy machine): unbuffered, not stdio's blocks.
func print(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let only = environment["VOICE_BENCH_ONLY"]
let kinds = try classes(list)
let commands =
    only == "dictation"
    ? [] : try recordings(in: try environment["VOICE_BENCH_FOLDER"] ?? synthesize(["--sentences", list]))
var exact: [String: (Int, Int)] = [:]
var byVoice: [String: (Int, Int)] = [:]
var misses: [String] = []
for (voice, text, audio) in commands {
    guard let kind = kinds[text], let context = listening[kind] else { continue }
    let expected = grammar.read(text, listening: context)
    if expected == nil { misses.append("not in the grammar: \(text)") }
    let heard = await decode(engine, audio, listening: context, line: line(for: text))
    let right = expected != nil && grammar.read(heard, listening: context) == expected
    exact[kind, default: (0, 0)].0 += right ? 1 : 0
    exact[kind, default: (0, 0)].1 += 1
    byVoice[voice, default: (0, 0)].0 += right ? 1 : 0
    byVoice[voice, default: (0, 0)].1 += 1
    if !right { misses.append("\(kind), \(voice): \(text) → \(heard)") }
}

func percent(_ pair: (Int, Int)) -> String {
    String(format: "%d/%d (%.1f%%)", pair.0, pair.1, pair.1 == 0 ? 0 : 100 * Double(pair.0) / Double(pair.1))
}

print("\(list): \(Set(commands.map(\.voice)).count) voices, \(kinds.count) commands each\n")
print("| class | understood exactly |")
print("|---|---|")
for kind in ["answers", "corrections", "keys", "history"] { print("| \(kind) | \(percent(exact[kind] ?? (0, 0))) |") }
print("| **all** | \(percent(exact.values.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) })) |\n")
print("| voice | understood exactly |")
print("|---|---|")
for (voice, pair) in byVoice.sorted(by: { $0.key < $1.key }) { print("| \(voice) | \(percent(pair)) |") }
print("")
if environment["VOICE_BENCH_VERBOSE"] != nil { for miss in misses { print("miss: \(miss)") } }

// Dictation that must never be an answer or keys: the edge benchmark's held-out lines.
guard !development, only != "commands" else { exit(0) }
let dictation = try recordings(in: try synthesize([]))
var answers = 0
var keys = 0
var edits = 0
for (voice, text, audio) in dictation {
    // A dictation said at a shown line (answers, corrections) and one said in keys mode.
    let atLine = await decode(engine, audio, listening: .line, line: "ls dash l a")
    let inKeys = await decode(engine, audio, listening: .keys)
    for (words, what) in [(text, "spoken"), (atLine, "heard at a line"), (inKeys, "heard in keys mode")] {
        if case .answer? = grammar.read(words, listening: [.answers, .yes]), what != "heard in keys mode" {
            answers += 1
            print("dictation taken for an answer (\(what), \(voice)): \(text) → \(words)")
        }
        if case .keys? = grammar.read(words, listening: .keys), what != "heard at a line" {
            keys += 1
            print("dictation taken for keys (\(what), \(voice)): \(text) → \(words)")
        }
        if what == "heard at a line", case .edit? = grammar.read(words, listening: .line) { edits += 1 }
    }
}
print(
    "Held-out dictation lines (\(dictation.count) takes): \(answers) taken for an answer, \(keys) for keys"
        + " (\(edits) heard as a correction, which edits the line and can be undone)")
