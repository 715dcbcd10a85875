import ArgumentParser
import VoiceshSession

/// The audio flags `connect`, `listen` and `record` share.
struct AudioOptions: ParsableArguments, AudioChoice {
    @Option(
        name: .customLong("audio-file"),
        help: ArgumentHelp(
            "Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.",
            valueName: "audio-file"),
        completion: .file(extensions: ["wav"]))
    var audioFiles: [String] = []

    @Option(help: "The ALSA capture device (default: the profile's, then $VOICESH_AUDIO_DEVICE, then default).")
    var device: String?

    @Option(help: "Stop a recording after this many seconds.")
    var maxRecording: Double = 600

    var maxRecordingSeconds: Double { maxRecording }

    func validate() throws {
        guard maxRecording > 0 else { throw ValidationError("--max-recording must be more than 0 seconds") }
    }
}
