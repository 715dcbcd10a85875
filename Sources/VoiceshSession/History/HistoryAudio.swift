import Foundation
import VoiceshCore

/// A dictation's kept recording, or a clear error when there is none.
package enum HistoryAudio {
    package static func wav(id: Int64, context: AppContext) throws -> Data {
        let database = try context.openDatabase()
        _ = try database.dictation(id: id)
        guard let wav = try database.audio(forDictation: id) else {
            throw HistoryProblem.noRecording(id: id)
        }
        return wav
    }

    package static func samples(id: Int64, context: AppContext) throws -> [Int16] {
        try WAV.decode([UInt8](try wav(id: id, context: context))).speechSamples()
    }

    /// Writes the recording to `output` ('-': standard output); an existing file only with `force`.
    package static func export(id: Int64, to output: String, force: Bool, context: AppContext) throws {
        let wav = try wav(id: id, context: context)
        if output == "-" { return context.console.write([UInt8](wav)) }
        let path = context.expandingTilde(output)
        if !force, FileManager.default.fileExists(atPath: path) {
            throw HistoryProblem.outputExists(output)
        }
        guard FileManager.default.createFile(atPath: path, contents: wav) else {
            throw AudioFileProblem.cannotWrite(file: output)
        }
    }
}
