/// What makes a take an intent: the request it spoke and, once the model wrote its command,
/// what the model said of it and who the model was (for the line and the history row).
public struct IntentTake: Equatable, Sendable {
    public var request: String
    /// The model's one-line explanation of its command (empty until it answered).
    public var explanation = ""
    public var model: String?
    /// `local`, or the endpoint's host.
    public var endpoint: String?

    public init(request: String) {
        self.request = request
    }
}
