import BenchmarkSupport
import Foundation
import LocalRecognizer
import Transcription
import VoiceshCore

/// The two-ear engine (EDGE_BENCH_EARS=1): per voice, exact shell text and WER for
/// pocketsphinx alone, Whisper alone (its text through the normaliser) and the fused choice,
/// the oracle (either ear's best right) and the oracle of every reading fused (both ears' N-best), the right line among
/// what Tab shows, quoted English exact per ear
/// (EDGE_BENCH_ONLY_QUOTES=1: only the lines with a quote), the times from the end of the audio to the first text and
/// to the fused one, and the noise clips that gave text. EDGE_BENCH_VERBOSE=1 prints each recording's evidence (for tuning
/// `EarFusion` on the development set only); EDGE_BENCH_DUMP_EARS=FILE writes every take's
/// readings with what the fusion knew of them, a JSON object a line (to tune it offline);
/// EDGE_BENCH_WHISPER_BEAM=1 has Whisper propose its own reading only (the engine: its beam's first three).
/// EDGE_BENCH_FUSION_DEPTH=5 lets the fusion choose among pocketsphinx's five best (the engine: its best).
/// EDGE_BENCH_SPLICE=off makes no lines of both ears' words. EDGE_BENCH_CHOICE=margin chooses by
/// the rule before fitted weights (Whisper's score, the shell-talk judge and a margin).
/// EDGE_BENCH_EAR=moonshine has the steered Moonshine ear beside pocketsphinx instead of Whisper;
/// EDGE_BENCH_STEER=W sets the shell-talk model's weight in its search (0: Moonshine decodes freely).
/// EDGE_BENCH_REALTIME=1 plays each recording at a microphone's pace, so the times after its end
/// are what a user waits (unpaced, they include decoding most of the line).
/// EDGE_BENCH_READ_AHEAD=off has Whisper hear every take whole, never read ahead at a pause.
func twoEarTable(voices: [String], sets: [(speech: [Utterance], noise: [Utterance])], cache: String) async throws {
    let realTime = environment["EDGE_BENCH_REALTIME"] != nil
    let pocketsphinx = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: cache)
    try pocketsphinx.load()
    let firstAt = FirstMark()
    let ears = twoEars(pocketsphinx, whisper: secondEar())
    let loadStarted = Date()
    _ = try? ears.whisper.hear([Int16](repeating: 0, count: 16000), prompt: "", readings: [])
    print(
        "Whisper child started and model loaded in \(String(format: "%.2f s", Date().timeIntervalSince(loadStarted)))\n"
    )
    let shell = SpokenShell()
    struct Row {
        var n = 0, ps = 0, whisper = 0, fused = 0, oracle = 0, oracleAll = 0
        /// Takes whose right line is among what Tab shows (the fused line and its alternatives).
        var tab = 0
        var whisperSeconds: [Double] = []
        var psErrors = 0, whisperErrors = 0, fusedErrors = 0, words = 0
        /// Noise clips heard, and those the engine gave text for.
        var noise = 0, noiseTexts = 0
        /// Lines with a spoken quote, and those whose quoted words each ear (and the fusion) got right.
        var quotes = 0, psQuotes = 0, whisperQuotes = 0, fusedQuotes = 0
        var firstShort: [Double] = [], fusedShort: [Double] = [], firstLong: [Double] = [], fusedLong: [Double] = []
        mutating func add(_ o: Row) {
            n += o.n
            ps += o.ps
            whisper += o.whisper
            fused += o.fused
            oracle += o.oracle
            oracleAll += o.oracleAll
            tab += o.tab
            whisperSeconds += o.whisperSeconds
            psErrors += o.psErrors
            whisperErrors += o.whisperErrors
            fusedErrors += o.fusedErrors
            words += o.words
            noise += o.noise
            noiseTexts += o.noiseTexts
            quotes += o.quotes
            psQuotes += o.psQuotes
            whisperQuotes += o.whisperQuotes
            fusedQuotes += o.fusedQuotes
            firstShort += o.firstShort
            fusedShort += o.fusedShort
            firstLong += o.firstLong
            fusedLong += o.fusedLong
        }
    }
    /// Shell words, for WER in shell text (Whisper's written forms are compared as the normaliser reads them).
    func shellWords(_ text: String) -> [String] { shell.normalize(text).split(separator: " ").map(String.init) }
    /// The words between a shell text's first and last double quote, lower case, marks dropped
    /// (`"Hello, world."` → hello world): the quoted English, however each ear cased and
    /// punctuated it. Nil without a quoted span.
    func quotedWords(_ shellText: String) -> [String]? {
        guard let open = shellText.firstIndex(of: "\""), let close = shellText.lastIndex(of: "\""), open < close
        else { return nil }
        return shellText[shellText.index(after: open)..<close].lowercased()
            .split { !$0.isLetter && !$0.isNumber && $0 != "'" }.map(String.init)
    }
    let dump = environment["EDGE_BENCH_DUMP_EARS"].flatMap { path in
        FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
    }
    var rows: [(String, Row)] = []
    for (voice, set) in zip(voices, sets) {
        var row = Row()
        for sample in set.speech {
            let end = EndMark()
            firstAt.time = .distantPast  // a take that gives no text has no times
            end.frames = AudioFrame.frames(of: sample.audio)[...]
            let began = Date()
            let stream = AsyncStream<AudioFrame>(unfolding: {
                if let next = end.frames.popFirst() {
                    // Paced: each frame when a microphone would have it (the engine takes the
                    // audio through a relay, so unpaced its "end" is long before it has heard it).
                    if realTime {
                        let due = began.addingTimeInterval(Double(end.played) / 16000)
                        if due > Date() { try? await Task.sleep(for: .seconds(due.timeIntervalSinceNow)) }
                        end.played += next.samples.count
                    }
                    return next
                }
                end.time = Date()
                return nil
            })
            let transcript = try? await ears.transcribe(EngineRequest(stream)) { event in
                if case .first = event { firstAt.time = Date() }
            }
            let fused = transcript?.text ?? ""
            let done = Date()
            let target = shell.normalize(sample.text)
            let decision = ears.lastDecision
            let psShell = decision?.readings.first { $0.pocketsphinxRank == 0 }?.shell ?? shell.normalize(fused)
            let whisperShell = decision.map { shell.normalize($0.whisperText) } ?? ""
            let reference = shellWords(sample.text)
            row.n += 1
            row.tab +=
                transcript.map { Reading.distinct($0, normalize: shell.normalize).contains { $0.shell == target } }
                    ?? false ? 1 : 0
            row.words += reference.count
            row.ps += psShell == target ? 1 : 0
            row.whisper += whisperShell == target ? 1 : 0
            row.fused += shell.normalize(fused) == target ? 1 : 0
            row.oracle += psShell == target || whisperShell == target ? 1 : 0
            if let expected = quotedWords(target) {
                row.quotes += 1
                row.psQuotes += quotedWords(psShell) == expected ? 1 : 0
                row.whisperQuotes += quotedWords(whisperShell) == expected ? 1 : 0
                row.fusedQuotes += quotedWords(shell.normalize(fused)) == expected ? 1 : 0
            }
            row.oracleAll +=
                psShell == target || whisperShell == target
                    || (decision?.readings.contains { $0.shell == target } ?? false) ? 1 : 0
            if let seconds = decision?.whisperSeconds { row.whisperSeconds.append(seconds * 1000) }
            if let dump, let d = decision {
                let readings: [[String: Any]] = d.readings.map {
                    [
                        "shell": $0.shell, "score": $0.whisperScore ?? NSNull(), "unknown": $0.unknownWords,
                        "names": $0.contextNames, "ps": $0.pocketsphinxRank ?? NSNull(),
                        "whisper": $0.whisperRank ?? NSNull(), "shell_talk": $0.shellTalk ?? NSNull(),
                        "spliced": $0.spliced,
                    ]
                }
                let take: [String: Any] = [
                    "voice": voice, "target": target, "chosen": d.chosen, "readings": readings,
                    "whisper_text": d.whisperText, "seconds": d.whisperSeconds,
                    "channel": ears.pocketsphinx.lastChannel?.rawValue ?? NSNull(),
                    "ps_confidence": d.take.pocketsphinxConfidence ?? NSNull(),
                    "ps_lowest_word": d.take.pocketsphinxLowestWord ?? NSNull(),
                    "whisper_logprob": d.take.whisperLogProbability ?? NSNull(),
                    "whisper_no_speech": d.take.whisperNoSpeech ?? NSNull(), "narrowband": d.take.narrowband,
                    "tab": transcript.map { Reading.distinct($0, normalize: shell.normalize).map(\.shell) } ?? [],
                    "fused": shell.normalize(fused),
                ]
                if var line = try? JSONSerialization.data(withJSONObject: take, options: [.sortedKeys]) {
                    line.append(0x0A)
                    dump.write(line)
                }
            }
            row.psErrors += VoiceLearner.wordErrors(reference, psShell.split(separator: " ").map(String.init))
            row.whisperErrors += VoiceLearner.wordErrors(reference, whisperShell.split(separator: " ").map(String.init))
            row.fusedErrors += VoiceLearner.wordErrors(reference, shellWords(fused))
            let first = firstAt.time.timeIntervalSince(end.time) * 1000
            let last = done.timeIntervalSince(end.time) * 1000
            let timed = first >= 0  // else no first text: nothing to time
            if timed, sample.seconds < 4 {
                row.firstShort.append(first)
                row.fusedShort.append(last)
            }
            if timed, sample.seconds >= 8 {
                row.firstLong.append(first)
                row.fusedLong.append(last)
            }
            if environment["EDGE_BENCH_VERBOSE"] != nil, let d = decision {
                let mark = { (ok: Bool) in ok ? "+" : "-" }
                print(
                    [
                        "EARS", voice, sample.text, mark(psShell == target) + psShell,
                        mark(whisperShell == target) + whisperShell,
                        d.whisperText,
                        d.readings.map {
                            ($0.shell == target ? "+" : "") + $0.shell
                                + String(
                                    format: " [%.2f ps%@ w%@ u%d]", $0.whisperScore ?? .nan,
                                    $0.pocketsphinxRank.map(String.init) ?? "-", $0.whisperRank.map(String.init) ?? "-",
                                    $0.unknownWords)
                        }.joined(separator: " | "), "\(d.chosen)", mark(shell.normalize(fused) == target),
                    ].joined(separator: "\t"))
            }
        }
        rows.append((voice, row))
    }
    // Noise alone must give no text, whichever ear would have written it. After all the speech:
    // a noise clip's decoding moves pocketsphinx's cepstral mean and channel, which the next
    // voice's first takes would start from.
    for (index, (voice, set)) in zip(voices, sets).enumerated() {
        for clip in set.noise {
            let frames = AudioFrame.frames(of: clip.audio)
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in frames { continuation.yield(frame) }
                continuation.finish()
            }
            let text = (try? await ears.transcribe(EngineRequest(stream)) { _ in })?.text ?? ""
            rows[index].1.noise += 1
            rows[index].1.noiseTexts += text.isEmpty ? 0 : 1
            if environment["EDGE_BENCH_VERBOSE"] != nil, !text.isEmpty { print("NOISE\t\(voice)\t\(text)") }
        }
    }
    print(
        "| voice | pocketsphinx exact | Whisper exact | fused exact | oracle (either best right) | oracle (any reading) | right line on Tab | WER ps / Whisper / fused | quoted English exact ps / Whisper / fused | first text ~2 s / ~10 s | fused text ~2 s / ~10 s | Whisper's part, median | noise → text |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    func line(_ label: String, _ r: Row) {
        print(
            "| \(label) | \(percent(r.ps, r.n)) | \(percent(r.whisper, r.n)) | \(percent(r.fused, r.n)) | "
                + "\(percent(r.oracle, r.n)) | \(percent(r.oracleAll, r.n)) | \(percent(r.tab, r.n)) | \(percent(r.psErrors, r.words)) / \(percent(r.whisperErrors, r.words)) / "
                + "\(percent(r.fusedErrors, r.words)) | \(r.quotes == 0 ? "—" : "\(percent(r.psQuotes, r.quotes)) / \(percent(r.whisperQuotes, r.quotes)) / \(percent(r.fusedQuotes, r.quotes))") | \(median(r.firstShort)) / \(median(r.firstLong)) | "
                + "\(median(r.fusedShort)) / \(median(r.fusedLong)) | \(median(r.whisperSeconds)) | "
                + "\(r.noiseTexts) of \(r.noise) |")
    }
    var bySynthesizer: [(String, Row)] = []
    var total = Row()
    for (voice, r) in rows {
        line(voice, r)
        if let i = bySynthesizer.firstIndex(where: { $0.0 == synthesizerOf(voice) }) {
            bySynthesizer[i].1.add(r)
        } else {
            bySynthesizer.append((synthesizerOf(voice), r))
        }
        total.add(r)
    }
    for (synthesizer, r) in bySynthesizer { line("**\(synthesizer)**", r) }
    line("**all voices**", total)
    print(
        "\nPeak memory of this process (pocketsphinx and the benchmark): \(String(format: "%.0f MiB", peakMemoryMiB()))"
    )
    print("Peak memory of the Whisper child: \(whisperChildPeakMiB().map { String(format: "%.0f MiB", $0) } ?? "?")")
}

/// The neural ear in its child process, as the engine runs it (`scripts/setup` installs it):
/// Whisper, or Moonshine with EDGE_BENCH_EAR=moonshine.
func secondEar() -> WhisperEar {
    let ear = WhisperRuntime.Ear(rawValue: environment["EDGE_BENCH_EAR"] ?? "whisper") ?? .whisper
    guard case .success(let runtime) = WhisperRuntime.locate(model: nil, environment: environment, ear: ear) else {
        fatalError("\(ear.rawValue) is not installed: run scripts/setup")
    }
    return WhisperEar(runtime: runtime, scratchDirectory: work.path)
}

/// The two-ear engine as the edge engine builds it, with the benchmark's knobs
/// (EDGE_BENCH_WHISPER_BEAM, EDGE_BENCH_FUSION_DEPTH). Whisper is waited for however long it
/// takes: its accuracy, not the machine's load, is measured (the times say how long it took).
func twoEars(_ pocketsphinx: PocketSphinxEngine, whisper: WhisperEar) -> TwoEarEngine {
    var fusion =
        Int(environment["EDGE_BENCH_FUSION_DEPTH"] ?? "").map { EarFusion(depth: $0) }
        ?? (environment["EDGE_BENCH_CHOICE"] == "margin" ? EarFusion() : EarWeights.fusion(voiceDirectory: nil))
    fusion.splices = environment["EDGE_BENCH_SPLICE"] != "off"
    return TwoEarEngine(
        pocketsphinx: pocketsphinx, whisper: whisper, patience: 600,
        beam: Int(environment["EDGE_BENCH_WHISPER_BEAM"] ?? "") ?? TwoEarEngine.defaultBeam,
        fusion: fusion,
        steerWeight: Double(environment["EDGE_BENCH_STEER"] ?? ""),
        readsAhead: environment["EDGE_BENCH_READ_AHEAD"] != "off",
        prompt: { ShellPrompt(context: $0, config: EngineConfig(), aliases: [:]).text })
}

/// The peak resident memory (VmHWM) of this process's Whisper child, read from /proc while it
/// runs: the second ear's cost, apart from the session's.
func whisperChildPeakMiB() -> Double? {
    let me = getpid()
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
        guard let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
            let command = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8),
            command.contains("-ear.py"),
            status.split(separator: "\n").contains(where: { $0.hasPrefix("PPid:") && $0.hasSuffix("\t\(me)") }),
            let peak = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { continue }
        return peak.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
    }
    return nil
}

final class FirstMark: @unchecked Sendable {
    var time = Date()
}
