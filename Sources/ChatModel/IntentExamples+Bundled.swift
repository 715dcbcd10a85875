import Foundation
import VoiceshCore

extension IntentExamples {
    /// The corpus voicesh ships (`intent-examples.tsv`); empty when it is not installed, and
    /// the prompt then has its fixed examples only.
    public static let bundled: IntentExamples = {
        let path = ResourceLocator.running.locate("intent-examples.tsv", bundle: IntentRuntime.bundle)
        return IntentExamples(tsv: path.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? "")
    }()

    /// How many go with a request: each costs the model about 40 tokens to read before it
    /// writes (about half a second on a laptop's CPU).
    public static let perRequest = 3
}
