import ArgumentParser
import AudioCapture
import Foundation
import VoiceshCore
import VoiceshSession

struct Record: VoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record the microphone to a 16 kHz mono WAV file.",
        usage: "voicesh record [<options>] <output>",
        discussion: """
            Records until --seconds have passed, the toggle key or Enter is pressed (Esc cancels), or ctrl-c. With standard input not a terminal: until a line or the end of input.
            """)

    @Argument(help: "The WAV file to write.", completion: .file(extensions: ["wav"]))
    var output: String

    @Option(help: "Stop after this many seconds.")
    var seconds: Double?

    @OptionGroup(title: "Audio")
    var audio: AudioOptions

    func validate() throws {
        if let seconds, seconds <= 0 { throw ValidationError("--seconds must be more than 0") }
    }

    func run(_ context: AppContext) throws {
        let source = try audio.source(profile: nil, context: context)
        // The limit is exact to the sample, even from a source faster than real time.
        let limit = min(seconds ?? audio.maxRecordingSeconds, audio.maxRecordingSeconds)
        let recording = Recording(maxSeconds: limit, forEngine: false)
        let stop = try Recorder.record(
            source, into: recording, seconds: limit, toggle: .defaultToggle, stopAtEndOfInput: seconds == nil,
            console: context.console)
        guard stop != .cancelled else {
            context.console.error("voicesh: recording cancelled; nothing written")
            throw ExitCode(130)
        }
        let path = context.expandingTilde(output)
        guard FileManager.default.createFile(atPath: path, contents: recording.wav) else {
            throw AudioFileProblem.cannotWrite(file: output)
        }
        context.console.error(
            String(format: "voicesh: recorded %.1f s from %@ to %@", recording.seconds, source.name, output))
    }
}
