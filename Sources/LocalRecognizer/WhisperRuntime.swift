import Foundation
import VoiceshCore

/// Where the second ear runs: a Python with its runtime (the venv `scripts/setup` makes), the
/// script voicesh ships for it, and its model. Two neural ears speak the same protocol:
/// Whisper (faster-whisper, a model in CTranslate2's format: the one setup installs, or the
/// user's own, `whisper_model`) and Moonshine (ONNX Runtime, `moonshine-ear.py`), whose decoder
/// runs step by step under the shell-talk model.
public struct WhisperRuntime: Equatable, Sendable {
    public var python: String
    public var script: String
    public var model: String
    public var ear: Ear = .whisper
    /// The model a request in plain English is heard with (intent mode), when `model` is setup's
    /// shell-talk one: its deltas write shell talk, so English goes to the stock base beside it
    /// (the same encoder; the child loads its decoder the first time one comes).
    public var plainModel: String?

    public typealias Ear = NeuralEar

    /// Where setup installs the runtime, then where a package would. `VOICESH_WHISPER_HOME`
    /// (`VOICESH_MOONSHINE_HOME`) names the one place instead (as it does for setup); `off`
    /// turns that ear off (the tests of pocketsphinx alone, comparisons).
    public static func homes(environment: [String: String], ear: Ear = .whisper) -> [String] {
        switch environment[ear.homeVariable] {
        case "off": []
        case let home? where !home.isEmpty: [home]
        default: ["/usr/local/lib/voicesh/\(ear.rawValue)", "/usr/lib/voicesh/\(ear.rawValue)"]
        }
    }

    public static let scriptName = Ear.whisper.scriptName

    /// The SHA-256 of the base model's `model.bin` as `scripts/setup` joins it from its two
    /// version-pinned wheels (`whisper_sha256` there, which setup checks; a test keeps the two
    /// the same). Moonshine's model is pinned by its wheel's hash only: setup converts the wheel's
    /// graphs on this machine, so the files it leaves have no published digest.
    public static let baseModelSHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"

    /// The SHA-256 of the model the ear hears with by default: the base model with the
    /// repository's low-rank deltas for shell talk applied to its decoder (`models/whisper-shell`;
    /// setup makes it from the pinned base and checks it against `whisper_shell_sha256`).
    public static let shellModelSHA256 = "2b4f6e7470649ecea1f218726b8373f28f157cc701566657b2564e9d51437e85"

    /// The folders of setup's two models in a home: the ear hears with the shell-talk one when it
    /// is there (an install from before it, base alone, still works).
    public static let shellFolder = "/shell"
    public static let baseFolder = "/base"

    /// Why there is no second ear here (the session says it, once).
    public enum Problem: Error, Equatable, Sendable {
        /// No runtime installed: the edge engine runs on pocketsphinx alone (a notice, not an error).
        case notInstalled
        /// `VOICESH_WHISPER_HOME=off`: pocketsphinx alone, nothing to say.
        case turnedOff
        /// voicesh's own data (`whisper-ear.py`) is not found: the edge engine's corpus, shipped
        /// beside it, is then missing too, and that error is the one line that says what to do.
        case noData
        /// The model the user named is not a usable Whisper model: an engine error
        /// (`WhisperProblem.badModel`), since the profile asked for it.
        case badModel(path: String, reason: String)
    }

    /// The runtime for `model` (nil: setup's model, adapted to shell talk where it is there), or
    /// why there is none.
    public static func locate(model: String?, environment: [String: String], ear: Ear = .whisper) -> Result<
        WhisperRuntime, Problem
    > {
        let fm = FileManager.default
        guard environment[ear.homeVariable] != "off" else { return .failure(.turnedOff) }
        let script = ResourceLocator.running.locate(ear.scriptName, bundle: ShellCorpus.bundle)
        guard let script else { return .failure(.noData) }
        let home = homes(environment: environment, ear: ear).first { fm.isExecutableFile(atPath: $0 + "/bin/python3") }
        if ear == .moonshine {
            guard let home, moonshineProblem(withModel: home + "/base") == nil else { return .failure(.notInstalled) }
            return .success(
                WhisperRuntime(python: home + "/bin/python3", script: script, model: home + "/base", ear: .moonshine))
        }
        if let model {
            let path = TildePath.expanded(model, home: environment["HOME"])
            if let reason = problem(withModel: path) { return .failure(.badModel(path: path, reason: reason)) }
            guard let home else { return .failure(.notInstalled) }
            return .success(WhisperRuntime(python: home + "/bin/python3", script: script, model: path))
        }
        guard let home, let folder = [shellFolder, baseFolder].first(where: { problem(withModel: home + $0) == nil })
        else { return .failure(.notInstalled) }
        return .success(
            WhisperRuntime(
                python: home + "/bin/python3", script: script, model: home + folder,
                plainModel: folder == shellFolder && problem(withModel: home + baseFolder) == nil
                    ? home + baseFolder : nil))
    }

    /// What is wrong with a Moonshine model folder (as setup writes it), or nil.
    static func moonshineProblem(withModel path: String) -> String? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return ["encoder_model.onnx", "decoder_model_merged.onnx", "tokenizer.bin"].first { !files.contains($0) }
            .map { "\($0) is missing" }
    }

    /// What is wrong with a model folder, or nil: CTranslate2's Whisper needs its config, its
    /// weights and a tokenizer. The weights are checked for size only (loading them is the child's).
    public static func problem(withModel path: String) -> String? {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder) else { return "no such folder" }
        guard isFolder.boolValue else { return "not a folder" }
        let files = (try? fm.contentsOfDirectory(atPath: path)) ?? []
        guard files.contains("config.json") else { return "config.json is missing" }
        guard let config = fm.contents(atPath: path + "/config.json"),
            (try? JSONSerialization.jsonObject(with: config)) is [String: Any]
        else { return "config.json is not JSON" }
        guard files.contains("model.bin") else {
            return files.contains { $0.hasPrefix("model.bin.part") }
                ? "model.bin is in parts (join them: cat model.bin.part1 model.bin.part2 > model.bin)"
                : "model.bin is missing"
        }
        let size = (try? fm.attributesOfItem(atPath: path + "/model.bin")[.size] as? Int) ?? 0
        guard size > 1_000_000 else { return "model.bin is only \(size) bytes" }
        guard files.contains("tokenizer.json") || files.contains(where: { $0.hasPrefix("vocabulary.") }) else {
            return "no tokenizer.json or vocabulary file"
        }
        return nil
    }
}

extension NeuralEar {
    /// The script voicesh ships for this ear's child.
    public var scriptName: String { rawValue + "-ear.py" }
    /// The Python package its child runs the model with, installed in the ear's venv.
    public var runtimePackage: String { self == .whisper ? "faster_whisper" : "onnxruntime" }
    /// The variable that names its one home, as it does for setup.
    public var homeVariable: String { "VOICESH_\(rawValue.uppercased())_HOME" }
}
