/// The words for the commands that build a session's parts by hand: `edge-model`, `context`.
extension Failure {
    package static func describe(_ problem: EdgeModelProblem) -> String {
        let usage = "edge-model is run by voicesh itself, with a JSON job on standard input"
        return switch problem {
        case .onTerminal: usage
        case .parentGone: "edge-model ends: the session that asked for it is gone"
        case .badJob: "\(usage) ({\"vocabulary\":[…],\"history\":[…],\"cacheDirectory\":\"/dir\"})"
        case .relativeCacheDirectory: "edge-model needs an absolute cacheDirectory"
        }
    }

    package static func describe(_ problem: ContextProblem) -> String {
        switch problem {
        case .noScript(let searched):
            "the gathering script is missing (looked for \(searched.joined(separator: ", "))); "
                + "reinstall voicesh (make install) or set VOICESH_DATA_DIR"
        case .notRun(let host):
            "\(host) did not run the context script (a restricted shell, a ForceCommand, no sh, or too slow); "
                + "dictation there works without context"
        }
    }
}
