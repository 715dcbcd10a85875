import AudioCapture
import VoiceshCore

/// Where a command's audio comes from and how long a recording may last: the audio flags of
/// `connect`, `listen` and `record` (`AudioOptions` in the executable), as the session sees them.
package protocol AudioChoice {
    /// A WAV played at real-time pace instead of the microphone (demos, tests).
    var audioFile: String? { get }
    /// The ALSA capture device named on the command line.
    var device: String? { get }
    var maxRecordingSeconds: Double { get }
}

extension AudioChoice {
    /// The device name, from the most specific setting to the least.
    package func deviceName(profile: Profile?, context: AppContext) -> String {
        device ?? profile?.audioDevice ?? context.environment["VOICESH_AUDIO_DEVICE"] ?? "default"
    }

    package func source(profile: Profile?, context: AppContext) throws(AudioError) -> any AudioSource {
        if let audioFile { return try WAVFileSource(path: context.expandingTilde(audioFile)) }
        return ALSACapture(device: deviceName(profile: profile, context: context))
    }
}
