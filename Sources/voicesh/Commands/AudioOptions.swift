import ArgumentParser
import VoiceshSession

/// The audio flags `connect`, `listen` and `record` share.
struct AudioOptions: ParsableArguments, AudioChoice {
    @Option(
        help: "Play this WAV at real-time pace instead of using the microphone (demos, tests).",
        completion: .file(extensions: ["wav"]))
    var audioFile: String?

    @Option(help: "The ALSA capture device (default: the profile's, then $VOICESH_AUDIO_DEVICE, then default).")
    var device: String?

    @Option(help: "Stop a recording after this many seconds.")
    var maxRecording: Double = 600

    var maxRecordingSeconds: Double { maxRecording }

    func validate() throws {
        guard maxRecording > 0 else { throw ValidationError("--max-recording must be more than 0 seconds") }
    }
}
