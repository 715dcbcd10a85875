import VoiceshCore

/// The words for intent mode: each says what happened and what to do; the request is kept.
extension Failure {
    package static func describe(_ error: IntentError) -> String {
        switch error {
        case .keyNotSet(let variable):
            "intent.api_key_env names \(variable), which is not set; export it (or, for the local model, unset intent.api_key_env and intent.url)"
        case .badURL(let problem): "intent.url: \(problem); fix it with voicesh config set intent.url URL"
        case .keyWithheld(let refusal): "intent.url: \(refusal)"
        case .unreachable(let url, let reason): "cannot reach the intent model at \(url): \(reason)"
        case .trust(let problem): words(for: problem)
        case .refused(let status, let detail):
            "the intent model refused the key (\(status)): \(detail); check the variable intent.api_key_env names"
        case .needsKey(let status, let detail):
            "the intent model's endpoint asks for a key (\(status)): \(detail); export it and set intent.api_key_env to the variable's name"
        case .redirected(let status, let to):
            "the intent model's endpoint answered \(status), a redirect"
                + (to.map { " to \($0)" } ?? "")
                + ", which voicesh does not follow (nothing was sent there); set intent.url to where it should go"
        case .rateLimited(let wait, let waited):
            "the intent model is busy (429\(waited ? ", again after waiting" : "")); try again "
                + (wait.map { "in \(seconds($0.rounded(.up))) s" } ?? "shortly")
        case .timedOut(let limit):
            "the intent model gave no whole answer in \(seconds(limit)) s; try again, or raise intent.timeout"
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
        case .modelFileMissing(let path):
            "intent.model names \(UntrustedText.excerpt(path, limit: 80)), which does not exist; fix the path, or unset intent.model for the one scripts/setup installs"
        case .notAModel(let path, let reason):
            "intent.model names \(UntrustedText.excerpt(path, limit: 80)), which is not a GGUF model (\(reason)); name a .gguf file"
        case .emptyRequest: "the request is empty; say or type what the command should do"
        case .localServer(let reason): "the local intent model did not start: \(reason)"
        case .localServerEnded: "the local intent model stopped while in use; say it again to start it anew"
        case .cancelled: "intent cancelled"
        }
    }

    /// `30`, `0.5`: seconds as a person writes them.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
