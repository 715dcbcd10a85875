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

    public init(request: String, answer: IntentAnswer, model: String, endpoint: String) {
        self.request = request
        self.answer = answer
        self.model = model
        self.endpoint = endpoint
    }

    /// Why running the command needs a second look, or nil (the dictation's own check).
    public var risk: String? { RiskCheck.reason(answer.command) }
}
