import VoiceshCore

/// The one loop that drives a dictation session (`DictationController`'s, in a session and in
/// `listen`): the caller brings what carries an output out.
extension DictationSession {
    /// Hands the session one input and has `carryOut` do what it asks, then each answer the
    /// world gave at once (a row written, history found, no microphone) as the next input, in
    /// one flat loop: nothing re-enters it. Returns the keys typed on.
    @discardableResult
    mutating func drive(
        _ first: Input, at moment: () -> Moment, carryOut: (Output) -> [Input]
    ) -> [UInt8] {
        var inputs = [first]
        var typed: [UInt8] = []
        while !inputs.isEmpty {
            let asked = handle(inputs.removeFirst(), at: moment())
            typed += asked.typed
            inputs += carryOut(asked)
        }
        return typed
    }
}
