import ArgumentParser
import AudioCapture
import Foundation
import VoiceshCore
import VoiceshSession

struct HistoryPlay: VoiceshCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "Play a kept recording.")

    @Argument(help: "The dictation's id.")
    var id: Int64

    @Option(help: "The ALSA playback device.")
    var device = "default"

    func run(_ context: AppContext) throws {
        let samples = try HistoryAudio.samples(id: id, context: context)
        do throws(AudioError) {
            try AudioPlayer.play(samples, device: device)
        } catch {
            throw HistoryProblem.cannotPlay(id: id, error)
        }
    }
}

struct HistoryExportAudio: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-audio", abstract: "Write a kept recording to a WAV file.")

    @Argument(help: "The dictation's id.")
    var id: Int64

    @Argument(help: "The WAV file to write ('-' for standard output).", completion: .file(extensions: ["wav"]))
    var output: String

    @Flag(help: "Overwrite the file if it exists.")
    var force = false

    func run(_ context: AppContext) throws {
        try HistoryAudio.export(id: id, to: output, force: force, context: context)
    }
}
