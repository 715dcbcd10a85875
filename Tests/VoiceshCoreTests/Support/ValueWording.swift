@testable import VoiceshCore

/// Words that are the problem's value: a test sees exactly which problem reached the line
/// (the session library's `Failure` words each, and its own table test renders every case).
struct ValueWording: DictationWording {
    func full(_ problem: DictationProblem) -> String { "\(problem)" }
    func brief(_ problem: DictationProblem) -> String { "brief \(problem)" }
}
