import ChatModel
import Foundation
import LocalRecognizer
import VoiceshCore

extension Doctor {
    /// The profile's engines (its `[fallback]` too): the offline engine and its second ear for
    /// an edge engine, the command, server or stream otherwise.
    func engines(_ profile: Profile) -> [DoctorReport.Check] {
        var checks: [DoctorReport.Check] = []
        for config in [profile.engine] + (profile.fallback.map { [$0] } ?? []) {
            switch (config.kind, config.recognizer ?? .pocketsphinx) {
            case (.edge, .pocketsphinx):
                if !checks.contains(where: { $0.part == .offlineEngine }) { checks.append(offlineEngine()) }
                checks.append(secondEar(config))
                if config.whisperModel != "off" { checks.append(earChoice()) }
            case (.edge, .command):
                checks.append(.found(.engine, "the recogniser command `\(config.command ?? "")` (not run)"))
            case (.server, _), (.stream, _):
                checks.append(remoteEngine(config))
            }
        }
        return checks
    }

    /// pocketsphinx's acoustic model and voicesh's corpus, and the voice it hears with.
    func offlineEngine() -> DoctorReport.Check {
        if let missing = PocketSphinxEngine.missing() { return .problem(.offlineEngine, .edge(missing)) }
        let learner = VoiceLearner(
            voiceDirectory: context.location.voiceDirectory, cacheDirectory: context.location.cacheDirectory)
        let stock = "pocketsphinx, \(PocketSphinxEngine.stockAcousticModel)"
        guard SpeakerAdaptation.isModel(at: learner.modelDirectory) else {
            return .found(.offlineEngine, stock + ", the stock model (no voice learnt yet)")
        }
        let learnt = learner.status().map(\.learntFrom).flatMap { $0 > 0 ? $0 : nil }
        return .found(
            .offlineEngine,
            "pocketsphinx, your voice learnt from "
                + (learnt.map { $0 == 1 ? "1 recording" : "\($0) recordings" } ?? "voicesh adapt")
                + " (\(learner.modelDirectory))")
    }

    /// The neural ear beside pocketsphinx, as `EngineFactory` finds it, and its model against
    /// the SHA-256 `scripts/setup` pins.
    func secondEar(_ config: EngineConfig) -> DoctorReport.Check {
        guard config.whisperModel != "off" else {
            return .found(.secondEar, "not used (the profile says whisper_model = \"off\"): pocketsphinx alone")
        }
        let ear = config.ear ?? .standard
        let environment = context.environment
        switch WhisperRuntime.locate(model: config.whisperModel, environment: environment, ear: ear) {
        case .failure(.turnedOff):
            return .found(.secondEar, "turned off (\(ear.homeVariable)=off): pocketsphinx alone")
        case .failure(.notInstalled):
            return .problem(
                .secondEar, .earNotInstalled(ear: ear, places: WhisperRuntime.homes(environment: environment, ear: ear))
            )
        case .failure(.noData): return .problem(.secondEar, .earScriptMissing(ear: ear))
        case .failure(.badModel(let path, let reason)):
            return .problem(.secondEar, .earModel(path: path, reason: reason))
        case .success(let runtime):
            let home = ((runtime.python as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            if !Self.hasPackage(ear.runtimePackage, home: home) {
                return .problem(
                    .secondEar,
                    .runtimeMissing(
                        home: home, package: ear.runtimePackage, reinstall: reinstall(home, ear.homeVariable)))
            }
            if ear == .moonshine {
                return .found(
                    .secondEar,
                    "Moonshine base at \(runtime.model) (setup checked its wheel's SHA-256; the files it converted have no pin)"
                )
            }
            if config.whisperModel != nil {
                return .found(
                    .secondEar, "Whisper, your model at \(runtime.model) (only setup's model has a pin to check)")
            }
            let file = runtime.model + "/model.bin"
            let adapted = runtime.model.hasSuffix(WhisperRuntime.shellFolder)
            let name = adapted ? "Whisper base adapted to shell talk" : "Whisper base"
            return pinned(
                .secondEar, file: file,
                sha256: adapted ? WhisperRuntime.shellModelSHA256 : WhisperRuntime.baseModelSHA256,
                found: { "\(name) at \(runtime.model), model.bin has its pinned SHA-256 (\($0))" },
                reinstall: reinstall(home, ear.homeVariable))
        }
    }

    /// The weights the two ears' readings are chosen by: the user's, learnt by `voicesh adapt`,
    /// or voicesh's own.
    func earChoice() -> DoctorReport.Check {
        let own = ChoiceLearner.file(in: context.location.voiceDirectory)
        if FileManager.default.fileExists(atPath: own) {
            guard EarWeights.read(own) != nil else { return .problem(.earChoice, .choiceWeightsUnreadable(path: own)) }
            guard EarWeights.learnt(in: context.location.voiceDirectory) != nil else {
                guard EarWeights.shipped != nil else { return .problem(.earChoice, .choiceWeightsMissing) }
                return .found(
                    .earChoice,
                    "the ears' readings chosen by voicesh's fitted weights: those learnt for your voice (\(own)) "
                        + "were proven against another voicesh's weights (voicesh adapt learns them again)")
            }
            return .found(.earChoice, "the ears' readings chosen by weights learnt for your voice (\(own))")
        }
        guard EarWeights.shipped != nil else { return .problem(.earChoice, .choiceWeightsMissing) }
        return .found(.earChoice, "the ears' readings chosen by voicesh's fitted weights (ear-choice.json)")
    }

    /// A server or stream engine: where it is, and its key variable (never its value).
    func remoteEngine(_ config: EngineConfig) -> DoctorReport.Check {
        let place = config.url ?? config.provider?.defaultURL ?? "no url"
        guard let variable = config.apiKeyEnv else {
            return .found(.engine, "\(config.label) at \(place), no key variable (engine.api_key_env unset)")
        }
        guard let value = context.environment[variable], !value.isEmpty else {
            return .problem(.engine, .engineKeyNotSet(variable: variable))
        }
        return .found(.engine, "\(config.label) at \(place), its key variable \(variable) is set (not contacted)")
    }

    /// Intent mode's model: the local one, its runtime and pinned SHA-256, or the endpoint
    /// config.toml names and whether its key variable is set.
    func intentModel(_ settings: IntentSettings) -> DoctorReport.Check {
        if let url = settings.url {
            let model = settings.model.map { " (model \($0))" } ?? ""
            guard let variable = settings.apiKeyEnv else {
                return .found(
                    .intentModel, "the endpoint \(url)\(model), no key (intent.api_key_env unset; not contacted)")
            }
            guard let value = context.environment[variable], !value.isEmpty else {
                return .problem(.intentModel, .intent(.keyNotSet(variable: variable)))
            }
            return .found(
                .intentModel, "the endpoint \(url)\(model), its key variable \(variable) is set (not contacted)")
        }
        if context.environment["VOICESH_INTENT_HOME"] == "off" {
            return .found(.intentModel, "no local model (VOICESH_INTENT_HOME=off): intent mode needs intent.url")
        }
        let runtime: IntentRuntime
        do {
            runtime = try IntentRuntime.locate(model: settings.model, environment: context.environment)
        } catch {
            return .problem(.intentModel, .intent(error))
        }
        let home = ((runtime.python as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        guard Self.hasPackage(IntentRuntime.runtimePackage, home: home) else {
            return .problem(
                .intentModel,
                .runtimeMissing(
                    home: home, package: IntentRuntime.runtimePackage, reinstall: reinstall(home, "VOICESH_INTENT_HOME")
                ))
        }
        if settings.model != nil {
            return .found(
                .intentModel, "your model \(runtime.model) (a GGUF file; only setup's model has a pin to check)")
        }
        return pinned(
            .intentModel, file: runtime.model, sha256: IntentRuntime.modelSHA256,
            found: {
                "Qwen2.5-Coder-1.5B at \(runtime.model) has its pinned SHA-256 (\($0)); "
                    + "\(IntentRuntime.runtimePackage) in \(home)"
            },
            reinstall: reinstall(home, "VOICESH_INTENT_HOME"))
    }

    /// The model files this run hashes, to start reading them at once.
    func pinnedModels(profile: Profile, intent: IntentSettings?) -> [String] {
        var paths: [String] = []
        for config in [profile.engine] + (profile.fallback.map { [$0] } ?? [])
        where config.kind == .edge && (config.recognizer ?? .pocketsphinx) == .pocketsphinx
            && config.whisperModel == nil && (config.ear ?? .standard) == .whisper
        {
            if case .success(let runtime) = WhisperRuntime.locate(model: nil, environment: context.environment) {
                paths.append(runtime.model + "/model.bin")
            }
        }
        if let intent, intent.isLocal, intent.model == nil,
            let runtime = try? IntentRuntime.locate(model: nil, environment: context.environment)
        {
            paths.append(runtime.model)
        }
        return paths
    }

    /// A model file against its pin.
    private func pinned(
        _ part: DoctorPart, file: String, sha256: String, found: (String) -> String, reinstall: String
    )
        -> DoctorReport.Check
    {
        switch digests.sha256(file) {
        case .failure(let unreadable): return .problem(part, .modelUnreadable(path: file, reason: unreadable.reason))
        case .success(let digest) where digest != sha256:
            return .problem(part, .modelChanged(path: file, pinned: sha256, found: digest, reinstall: reinstall))
        case .success: return .found(part, found(sha256.prefix(12) + "…"))
        }
    }

    /// How setup puts a runtime back: it skips one whose `ready` file is there.
    private func reinstall(_ home: String, _ variable: String) -> String {
        let named = context.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        return "remove \(home)/ready, then run "
            + (named == nil ? "scripts/setup" : "\(variable)=\(home) scripts/setup")
    }

    /// Whether a venv holds a Python package (found by its folder: running Python to import it
    /// would take seconds and could write bytecode beside it).
    static func hasPackage(_ package: String, home: String) -> Bool {
        let lib = home + "/lib"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
        return versions.contains { version in
            version.hasPrefix("python3")
                && FileManager.default.fileExists(atPath: "\(lib)/\(version)/site-packages/\(package)/__init__.py")
        }
    }
}
