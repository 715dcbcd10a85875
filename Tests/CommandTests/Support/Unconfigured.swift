import AudioCapture
import Testing
import VoiceshCore
import VoiceshSession

/// A part of the context the test did not name. Reaching it fails the test, loudly, and the
/// command gets an error: a test never reaches this machine's SSH or microphone by accident.
struct Unconfigured: SSHConnector, Microphone {
    struct NotConfigured: Error {}

    func connect(_ target: ConnectTarget, context: AppContext) throws -> any RemoteHost {
        Issue.record("the command connects to \(target.target.host), but the test configured no SSH connector")
        throw NotConfigured()
    }

    func probe(_ target: ConnectTarget, context: AppContext) throws -> HostKeyProbe {
        Issue.record("the command probes \(target.target.host), but the test configured no SSH connector")
        throw NotConfigured()
    }

    func captureDevices() -> [(name: String, description: String)] {
        Issue.record("the command lists microphones, but the test configured none")
        return []
    }

    func open(device: String) -> any AudioSource {
        Issue.record("the command records from \(device), but the test configured no microphone")
        return Silent(device: device)
    }

    /// A source that refuses to start.
    final class Silent: AudioSource {
        let name: String
        init(device: String) { name = "no microphone (\(device))" }
        func start(_ sink: @escaping @Sendable (AudioEvent) -> Void) throws(AudioError) {
            throw .cannotOpen(device: name, reason: "the test configured no microphone")
        }
        func stop() {}
    }
}
