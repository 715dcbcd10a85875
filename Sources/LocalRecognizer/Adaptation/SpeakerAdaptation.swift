import Foundation
import VoiceshCore

/// Teaches the edge engine one speaker's voice: MAP adaptation of the en-us acoustic model
/// to recordings whose words are known, with Debian's sphinxtrain (the CMUSphinx recipe:
/// `sphinx_fe` → `bw` → `mllr_solve` → `bw` → `map_adapt`). The stock model is trained on American read speech
/// and hears other voices poorly; a few dozen of the user's own commands fix most of that
/// (BENCHMARKS.md). The result is a complete model folder that pocketsphinx loads with `-hmm`.
public enum SpeakerAdaptation {
    /// A recording and the words spoken in it.
    public struct Sample: Sendable {
        public var samples: [Int16]
        public var text: String
        public init(samples: [Int16], text: String) {
            self.samples = samples
            self.text = text
        }
    }

    /// What an adaptation learnt from.
    public struct Report: Sendable {
        public var recordings = 0
        public var seconds = 0.0
        /// Recordings left out, with why (a word no dictionary can say, no words).
        public var skipped: [String] = []
    }

    /// The programs it runs, and the Debian package of each.
    static let tools = [
        ("/usr/bin/sphinx_fe", "sphinxbase-utils"),
        ("/usr/bin/pocketsphinx_mdef_convert", "pocketsphinx"),
        ("/usr/lib/sphinxtrain/bw", "sphinxtrain"),
        ("/usr/lib/sphinxtrain/mllr_solve", "sphinxtrain"),
        ("/usr/lib/sphinxtrain/map_adapt", "sphinxtrain"),
    ]

    /// How many tools `adapt` runs, one after another (the steps a progress line counts).
    public static let steps = 8

    /// Files the adapted model folder holds: what pocketsphinx reads for `-hmm`.
    static let modelFiles = ["means", "variances", "mixture_weights", "transition_matrices"]
    static let copiedFiles = ["mdef", "feat.params", "noisedict"]

    /// Whether `directory` holds a complete adapted model.
    public static func isModel(at directory: String) -> Bool {
        (modelFiles + copiedFiles).allSatisfy { FileManager.default.fileExists(atPath: directory + "/" + $0) }
    }

    /// The words of a transcript as the dictionary spells them: lower case, no punctuation.
    static func spokenWords(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    /// Adapts the stock model to `samples` and installs the result at `modelDirectory`
    /// (replacing any model there only once the new one is complete). `scratch` holds the
    /// intermediate files and is removed afterwards.
    /// `step` hears each tool as it starts, with its number of `steps`.
    public static func adapt(
        _ samples: [Sample], into modelDirectory: String, scratch: String,
        step: (_ tool: String, _ number: Int) -> Void = { _, _ in }
    ) throws(EngineError) -> Report {
        let base = EdgeModel.acousticModel
        guard FileManager.default.fileExists(atPath: base) else {
            throw .edge(.noAcousticModel(path: base))
        }
        if let (path, package) = tools.first(where: { !FileManager.default.isExecutableFile(atPath: $0.0) }) {
            throw .learning(.missingTool(path: path, package: package))
        }
        let fm = FileManager.default
        try? fm.removeItem(atPath: scratch)
        defer { try? fm.removeItem(atPath: scratch) }
        let staging = modelDirectory + ".new"
        try? fm.removeItem(atPath: staging)
        defer { try? fm.removeItem(atPath: staging) }  // gone already once installed
        do {
            try fm.createDirectory(atPath: scratch + "/wav", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw .learning(.cannotCreate(path: scratch, reason: error.localizedDescription))
        }

        // The training list: every recording whose words the dictionary can say.
        let words = samples.map { spokenWords($0.text) }
        let pronunciations = EdgeModel.pronunciations(for: Set(words.joined()))
        var report = Report()
        var ids: [String] = []
        var transcripts: [String] = []
        for (index, (sample, spoken)) in zip(samples, words).enumerated() {
            let unknown = spoken.filter { pronunciations[$0] == nil }
            guard !spoken.isEmpty, unknown.isEmpty else {
                report.skipped.append(
                    spoken.isEmpty
                        ? "\"\(sample.text)\": no words"
                        : "\"\(sample.text)\": cannot say \(unknown.joined(separator: ", "))")
                continue
            }
            let id = "u\(index)"
            try write(WAV.encode(sample.samples), to: scratch + "/wav/\(id).wav")
            ids.append(id)
            transcripts.append("<s> \(spoken.joined(separator: " ")) </s> (\(id))")
            report.recordings += 1
            report.seconds += Double(sample.samples.count) / Double(AudioFormat.speech.sampleRate)
        }
        guard !ids.isEmpty else {
            throw .learning(.nothingToLearn(firstSkipped: report.skipped.first))
        }
        let dictionary = EdgeModel.dictionaryLines(Set(words.joined()).sorted(), pronunciations)
        try write(Array((ids.joined(separator: "\n") + "\n").utf8), to: scratch + "/fileids")
        try write(Array((transcripts.joined(separator: "\n") + "\n").utf8), to: scratch + "/transcription")
        try write(Array((dictionary.joined(separator: "\n") + "\n").utf8), to: scratch + "/dictionary")
        guard let sendump = FileManager.default.contents(atPath: base + "/sendump") else {
            throw .learning(.noSendump(model: base))
        }
        try write(MixtureWeights.fromSendump([UInt8](sendump)), to: scratch + "/mixture_weights")
        var number = 0
        func run(_ program: String, _ arguments: [String], log: String) throws(EngineError) {
            number += 1
            step((program as NSString).lastPathComponent, number)
            try Self.run(program, arguments, log: log)
        }

        // Cepstra, as the decoder computes them (the model's own front-end settings).
        try run(
            "/usr/bin/sphinx_fe",
            [
                "-argfile", base + "/feat.params", "-samprate", "16000", "-c", scratch + "/fileids", "-di",
                scratch + "/wav", "-do", scratch, "-ei", "wav", "-eo", "mfc", "-mswav", "yes",
            ], log: scratch + "/fe.log")
        try run(
            "/usr/bin/pocketsphinx_mdef_convert", ["-text", base + "/mdef", scratch + "/mdef.txt"],
            log: scratch + "/mdef.log")
        // Statistics of the model's Gaussians over the recordings (forward-backward).
        let model = [
            "-moddeffn", scratch + "/mdef.txt", "-ts2cbfn", ".ptm.", "-meanfn", base + "/means", "-varfn",
            base + "/variances", "-mixwfn", scratch + "/mixture_weights", "-tmatfn", base + "/transition_matrices",
        ]
        let counting = [
            "-feat", "1s_c_d_dd", "-svspec", "0-12/13-25/26-38", "-cmn", "current", "-agc", "none", "-dictfn",
            scratch + "/dictionary", "-fdictfn", base + "/noisedict", "-ctlfn", scratch + "/fileids", "-lsnfn",
            scratch + "/transcription", "-cepdir", scratch,
        ]
        // First one global MLLR transform, which moves every Gaussian toward the voice, so the
        // second count aligns the recordings with a model that already hears them better: MAP
        // alone counts through the stock model's alignment, which a strange voice gets wrong.
        let global = scratch + "/global"
        do {
            try fm.createDirectory(atPath: global, withIntermediateDirectories: true)
        } catch {
            throw .learning(.cannotCreate(path: global, reason: error.localizedDescription))
        }
        try run("/usr/lib/sphinxtrain/bw", model + counting + ["-accumdir", global], log: scratch + "/bw-mllr.log")
        try run(
            "/usr/lib/sphinxtrain/mllr_solve",
            [
                "-meanfn", base + "/means", "-varfn", base + "/variances", "-outmllrfn", scratch + "/mllr_matrix",
                "-accumdir", global,
            ], log: scratch + "/mllr.log")
        try run(
            "/usr/lib/sphinxtrain/bw",
            model + counting + ["-mllrmat", scratch + "/mllr_matrix", "-accumdir", scratch], log: scratch + "/bw.log")
        // New parameters, each pulled from the stock value toward what the recordings show.
        let mapped = [
            "-mapmeanfn", staging + "/means", "-mapvarfn", staging + "/variances", "-mapmixwfn",
            staging + "/mixture_weights", "-maptmatfn", staging + "/transition_matrices",
        ]
        try run("/usr/lib/sphinxtrain/map_adapt", model + ["-accumdir", scratch] + mapped, log: scratch + "/map.log")
        // Once more, counting through the adapted model's own alignment and again from the
        // stock prior: on the development voices, MLLR and this second pass together took 40
        // recordings from 279 to 291 of 376 exact (MAP alone, one pass).
        let second = scratch + "/second"
        do {
            try fm.createDirectory(atPath: second, withIntermediateDirectories: true)
        } catch {
            throw .learning(.cannotCreate(path: second, reason: error.localizedDescription))
        }
        let adapted = [
            "-moddeffn", scratch + "/mdef.txt", "-ts2cbfn", ".ptm.", "-meanfn", staging + "/means", "-varfn",
            staging + "/variances", "-mixwfn", staging + "/mixture_weights", "-tmatfn",
            staging + "/transition_matrices",
        ]
        try run("/usr/lib/sphinxtrain/bw", adapted + counting + ["-accumdir", second], log: scratch + "/bw-second.log")
        try run(
            "/usr/lib/sphinxtrain/map_adapt", model + ["-accumdir", second] + mapped, log: scratch + "/map-second.log")

        do {
            for file in copiedFiles {
                try fm.copyPrivately(atPath: base + "/" + file, toPath: staging + "/" + file)
            }
            guard isModel(at: staging) else { throw EngineError.learning(.incompleteModel(path: staging)) }
            try? fm.removeItem(atPath: modelDirectory)
            try fm.moveItem(atPath: staging, toPath: modelDirectory)
        } catch {
            throw error as? EngineError
                ?? .learning(.cannotInstallModel(path: modelDirectory, reason: error.localizedDescription))
        }
        return report
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(EngineError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw .learning(.cannotWrite(path: path))
        }
    }

    /// Runs one tool with its chatter in `log`; a failure says which tool and its last words.
    private static func run(_ program: String, _ arguments: [String], log: String) throws(EngineError) {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = FileHandle(forWritingAtPath: log)
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw .learning(.cannotRun(program: program, reason: error.localizedDescription))
        }
        process.waitUntilExit()
        try? output?.close()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let last = text.split(separator: "\n").last { $0.contains("ERROR") || $0.contains("FATAL") }
            throw .learning(
                .toolFailed(
                    tool: (program as NSString).lastPathComponent, status: process.terminationStatus,
                    lastError: last.map(String.init)))
        }
    }
}
