import AudioCapture
import SSHClient
import VoiceshCore

/// An error that says itself: the lines `voicesh:` prints for it (`Failure.report`). Every
/// error a command can end with conforms, so its words are found by what it is, not by a list
/// of casts a new error type would silently fall through (its `describe` lives in `Failure+…`).
package protocol Worded: Error {
    var words: [String] { get }
}

extension StoreError: Worded { package var words: [String] { [Failure.describe(self)] } }
extension SSHError: Worded { package var words: [String] { Failure.describe(self) } }
extension EngineError: Worded { package var words: [String] { [Failure.describe(self)] } }
extension AudioError: Worded { package var words: [String] { [Failure.describe(self)] } }
extension WAV.FormatError: Worded { package var words: [String] { ["cannot read the recording: \(message)"] } }
extension ProfileProblems: Worded { package var words: [String] { lines } }
extension ProfileProblem: Worded { package var words: [String] { [description] } }
extension HistoryWriter.Unwritable: Worded { package var words: [String] { [Failure.describe(self)] } }
extension ConnectProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension SSHConfigProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension LocalCommandProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension KeyPairingProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension TextFileProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension ConfigFileProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension AudioFileProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension HistoryProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension ListenProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension VoiceStoreProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension VoiceAdaptationProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension EdgeModelProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension ContextProblem: Worded { package var words: [String] { [Failure.describe(self)] } }
extension IntentError: Worded { package var words: [String] { [Failure.describe(self)] } }
/// Some of the work failed and was already reported line by line: nothing more to say.
extension Failure.Command: Worded { package var words: [String] { [] } }
