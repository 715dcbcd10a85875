import Foundation
import ProfileFormat
import Store
import VoiceshCore

/// `voicesh doctor`: every part a profile (or, without one, the default set-up) needs, each
/// looked at by a check of its own, into one `DoctorReport`. Nothing is changed on disk: the
/// database is read as it stands, no model is built, no file made, no mode changed; with
/// `connect`, the target is reached only far enough to see its host key.
package struct Doctor {
    package var context: AppContext
    /// A profile's name or `[user@]host[:port]`; nil: the default set-up, and no destination.
    package var target: String?
    /// Reach the target and check its host key.
    package var connect: Bool
    /// Seconds of audio read from the microphone.
    package var listening = 0.3

    let digests = ModelDigests()

    package init(context: AppContext, target: String?, connect: Bool) {
        (self.context, self.target, self.connect) = (context, target, connect)
    }

    package func run() -> DoctorReport {
        var checks: [DoctorReport.Check] = []
        let config: Config
        do {
            config = try context.config()
            checks.append(.found(.config, configFound))
        } catch {
            checks.append(.problem(.config, .config(words: Failure.words(for: error) ?? ["\(error)"])))
            config = Config()
        }
        // The profile as a session would use it: its own keys over config.toml's [defaults].
        var profile = (try? context.effective(Self.defaultProfile)) ?? Self.defaultProfile
        var destination: [DoctorReport.Check] = []
        if let target {
            let (resolved, found) = self.destination(target)
            destination = found
            if let resolved { profile = resolved.profile }
        }
        let intent = Result { () throws(ProfileProblems) in try profile.intentSettings(over: config.intent) }
        // The slow reads first, so they go on while the microphone is heard.
        digests.prefetch(pinnedModels(profile: profile, intent: try? intent.get()))
        checks.append(microphone(device: NoAudioFlags().deviceName(profile: profile, context: context)))
        checks += engines(profile)
        switch intent {
        case .success(let settings): checks.append(intentModel(settings))
        case .failure(let problems): checks.append(.problem(.intentModel, .settings(problems)))
        }
        checks.append(history())
        if let store = teamStore() { checks.append(store) }
        return DoctorReport(checks + destination)
    }

    /// What a profile that sets nothing uses: the defaults, the offline edge engine.
    private static var defaultProfile: Profile { Profile(name: "default", host: "localhost") }

    private var configFound: String {
        let path = context.location.configFile
        return FileManager.default.fileExists(atPath: path) ? path : "none at \(path) (the built-in defaults)"
    }
}

/// `doctor` takes no audio flags: the device is the profile's, then `VOICESH_AUDIO_DEVICE`'s.
struct NoAudioFlags: AudioChoice {
    var audioFiles: [String] { [] }
    var device: String? { nil }
    var maxRecordingSeconds: Double { 0 }
}

/// What `doctor` asks of `ConnectTarget`: a destination with nothing overridden.
struct DoctorRequest: ConnectRequest {
    var target: String
    var port: Int? { nil }
    var login: String? { nil }
    var identity: String? { nil }
    var knownHosts: String? { nil }
    var keepalive: Int? { nil }
    var strictHostKeyChecking: StrictHostKeyChecking? { nil }
    var connectTimeout: Double? { nil }
    var configFile: String? { nil }
    var options: [String] { [] }
    var jump: String? { nil }
    var forwardAgent: Bool { false }
}
