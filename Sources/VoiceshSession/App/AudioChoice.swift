import AudioCapture
import VoiceshCore

/// Where a command's audio comes from and how long a recording may last: the audio flags of
/// `connect`, `listen` and `record` (`AudioOptions` in the executable), as the session sees them.
package protocol AudioChoice {
    /// WAVs played at real-time pace instead of the microphone, one per take (demos, tests).
    var audioFiles: [String] { get }
    /// The ALSA capture device named on the command line.
    var device: String? { get }
    var maxRecordingSeconds: Double { get }
}

extension AudioChoice {
    /// The first WAV, the one a single-take command plays.
    package var audioFile: String? { audioFiles.first }

    /// The device name, from the most specific setting to the least.
    package func deviceName(profile: Profile?, context: AppContext) -> String {
        device ?? profile?.audioDevice ?? context.environment["VOICESH_AUDIO_DEVICE"] ?? "default"
    }

    package func source(profile: Profile?, context: AppContext) throws(AudioError) -> any AudioSource {
        if !audioFiles.isEmpty { return try WAVFileSource(paths: audioFiles.map(context.expandingTilde)) }
        return context.microphone.open(device: deviceName(profile: profile, context: context))
    }
}
