import ArgumentParser
import AudioCapture
import Foundation
import VoiceshCore

struct HistoryPlay: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "Play a kept recording.")

    @Argument(help: "The dictation's id.")
    var id: Int64

    @Option(help: "The ALSA playback device.")
    var device = "default"

    func run() throws {
        let samples = try HistoryAudio.samples(id: id)
        do throws(AudioError) {
            try AudioPlayer.play(samples, device: device)
        } catch {
            let why =
                switch error {
                case .cannotOpen(let device, let reason), .failed(let device, let reason):
                    "cannot play on \(device): \(reason); pick another with --device"
                case .badFile: Failure.describe(error)
                }
            throw Failure.Command.message("\(why), or write it to a file: voicesh history export-audio \(id) out.wav")
        }
    }
}

struct HistoryExportAudio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-audio", abstract: "Write a kept recording to a WAV file.")

    @Argument(help: "The dictation's id.")
    var id: Int64

    @Argument(help: "The WAV file to write ('-' for standard output).", completion: .file(extensions: ["wav"]))
    var output: String

    @Flag(help: "Overwrite the file if it exists.")
    var force = false

    func run() throws {
        let wav = try HistoryAudio.wav(id: id)
        if output == "-" { return Console.writeAll(STDOUT_FILENO, [UInt8](wav)) }
        let path = AppContext.live().expandingTilde(output)
        if !force, FileManager.default.fileExists(atPath: path) {
            throw Failure.Command.message("\(output) exists; pass --force to overwrite it, or name another file")
        }
        guard FileManager.default.createFile(atPath: path, contents: wav) else {
            throw Failure.Command.message("cannot write \(output); check the directory exists and is writable")
        }
    }
}

/// A dictation's kept recording, or a clear error when there is none.
enum HistoryAudio {
    static func wav(id: Int64) throws -> Data {
        let database = try AppContext.live().openDatabase()
        _ = try database.dictation(id: id)
        guard let wav = try database.audio(forDictation: id) else {
            throw Failure.Command.message("dictation \(id) has no kept recording (its profile keeps text only)")
        }
        return wav
    }

    static func samples(id: Int64) throws -> [Int16] {
        try WAV.decode([UInt8](try wav(id: id))).speechSamples()
    }
}
