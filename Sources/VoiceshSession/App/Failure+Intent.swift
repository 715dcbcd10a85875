import VoiceshCore

/// The words for intent mode: each says what happened and what to do; the request is kept.
extension Failure {
    package static func describe(_ error: IntentError) -> String {
        switch error {
        case .keyNotSet(let variable):
            "intent.api_key_env names \(variable), which is not set; export it, or unset intent.url for the local model"
        case .unreachable(let url, let reason): "cannot reach the intent model at \(url): \(reason)"
        case .trust(let problem): words(for: problem)
        case .refused(let status, let detail):
            "the intent model refused the key (\(status)): \(detail); check the variable intent.api_key_env names"
        case .rateLimited(let wait?):
            "the intent model is busy (429, again after waiting); try again in \(Int(wait.rounded(.up))) s"
        case .rateLimited(nil): "the intent model is busy (429, again after waiting); try again shortly"
        case .timedOut(let seconds):
            "the intent model gave no whole answer in \(Int(seconds)) s; try again, or raise intent.timeout"
        case .status(404, let detail):
            "the intent model's endpoint answered 404 (\(detail)); intent.url is the part before /chat/completions, e.g. http://host:11434/v1"
        case .status(let status, let detail): "the intent model answered \(status): \(detail)"
        case .malformed(let what): "the intent model's answer is not usable: \(what)"
        case .prose(let start):
            "the intent model wrote prose, not a command (\"\(start)\"); say it again or more plainly"
        case .noCommand: "the intent model wrote no command; say it again or more plainly"
        case .severalLines: "the intent model wrote several lines; ask for one command"
        case .localModelMissing(let path):
            "the local intent model is not installed (\(path)); run scripts/setup, or set intent.url"
        case .localServer(let reason): "the local intent model did not start: \(reason)"
        case .cancelled: "intent cancelled"
        }
    }
}
