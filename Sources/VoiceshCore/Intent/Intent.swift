/// A command written from a request in plain English: what was asked, what the model wrote,
/// and where it ran. The command is cleaned text; what may be done with it (the risk check, a
/// key press) is decided where it is shown, as for any dictation.
public struct Intent: Equatable, Sendable {
    public var request: String
    public var answer: IntentAnswer
    /// The model's name as the endpoint knows it, or the local model file's name.
    public var model: String
    /// `local`, or the endpoint's host.
    public var endpoint: String
    /// What the check found in the first command written, and what the repair made of it; nil
    /// when it found nothing.
    public var check: Check?

    public struct Check: Equatable, Sendable {
        /// The first command, and its faults in words.
        public var first: String
        public var found: String
        /// The model was asked again (there was time for it).
        public var asked: Bool
        /// The faults left in the command shown: none when the repair fixed them all.
        public var left: Int

        public init(first: String, found: String, asked: Bool, left: Int) {
            self.first = first
            self.found = found
            self.asked = asked
            self.left = left
        }
    }

    public init(request: String, answer: IntentAnswer, model: String, endpoint: String) {
        self.request = request
        self.answer = answer
        self.model = model
        self.endpoint = endpoint
    }

    /// Why running the command needs a second look, or nil (the dictation's own check).
    public var risk: String? { RiskCheck.reason(answer.command) }
}
