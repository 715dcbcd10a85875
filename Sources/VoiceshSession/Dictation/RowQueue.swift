import Foundation
import Store
import VoiceshCore

/// A session's history rows, written in order on their own thread. A store another process
/// holds locked makes a write wait up to its busy timeout (5 s): on the loop's thread that held
/// back the text just confirmed, and every key's echo. Each row's answer (`saved`, `notSaved`)
/// comes back through `answers` as the session's next input.
final class RowQueue: @unchecked Sendable {
    let answers = Inbox<DictationSession.Input>()
    private let history: HistoryWriter
    private let queue = DispatchQueue(label: "voicesh.history-rows")

    init(_ history: HistoryWriter) {
        self.history = history
    }

    /// Writes take `take`'s `dictation` after the rows before it, with `recording` when the row
    /// keeps audio.
    func save(_ dictation: Dictation, take: Int, recording: Recording?, keepAudio: Bool) {
        let (history, answers) = (history, answers)
        queue.async {
            let seconds = recording?.seconds ?? 0
            do throws(HistoryWriter.Unwritable) {
                let id = try history.save(dictation, audio: seconds > 0 ? recording?.wav : nil, keepAudio: keepAudio)
                answers.post(.saved(id: id, take: take))
            } catch {
                // A recording kept for a retry is never lost with its row: it goes to a file.
                let environment = ProcessInfo.processInfo.environment
                let kept =
                    keepAudio && seconds > 0
                    ? recording.flatMap { KeptRecording.write($0.wav, environment: environment) } : nil
                answers.post(.notSaved(error.error, keptAt: kept, take: take))
            }
        }
    }

    /// Returns once every row asked for so far is written (or refused): the session is ending.
    func finish() {
        queue.sync {}
        history.finish()
    }
}
