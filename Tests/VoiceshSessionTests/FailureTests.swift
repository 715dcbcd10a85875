import Testing
import VoiceshCore
import VoiceshSession

/// A server engine's typed problems in the same words its free strings had (the history, the
/// line and the CLI tests compare them).
struct FailureTests {
    static let worded: [(ServerProblem, String)] = [
        (ServerProblem.noURL, "the engine cannot run: the server engine has no usable url"),
        (.badURL("http://[::1"), "the engine cannot run: the server url http://[::1 is not valid"),
        (
            .keyNotSet(variable: "STT_KEY"),
            "the engine cannot run: engine.api_key_env names STT_KEY, which is not set in the environment"
        ),
        (
            .tooLong(samples: 16000 * 60 * 14, bytes: 26_880_000, limit: 25 * 1_048_576),
            "the engine cannot run: the recording is 14.0 minutes (25.6 MiB to upload); the server takes at most "
                + "25 MiB (about 13 minutes): dictate in shorter parts"
        ),
        (
            .unreachable(url: "http://127.0.0.1:9/v1", reason: "connection refused"),
            "the engine failed: cannot reach http://127.0.0.1:9/v1: connection refused"
        ),
        (.status(500, detail: ""), "the engine failed: HTTP 500: no details"),
        (
            .status(401, detail: "Incorrect API key provided: ***"),
            "the engine failed: HTTP 401: Incorrect API key provided: *** "
                + "(check the API key in the variable named by engine.api_key_env)"
        ),
        (
            .notJSON(.whisperCpp, reply: "<html>"),
            "the engine answered something that is not a transcript: the whisper.cpp server's reply is not a JSON "
                + "object: <html>"
        ),
        (
            .noText(.transcribe, key: "result"),
            "the engine answered something that is not a transcript: the transcribe server's reply has no \"result\""
        ),
    ]

    @Test(arguments: worded)
    func aServerProblemIsWordedOnce(problem: ServerProblem, words: String) {
        #expect(Failure.describe(EngineError.server(problem)) == words)
    }

    @Test func theLineHasItsBriefWords() {
        #expect(Failure.brief(.server(.status(403, detail: "no"))).hasPrefix("engine failed: HTTP 403: no (check"))
        #expect(Failure.brief(.server(.keyNotSet(variable: "K"))).hasPrefix("engine unavailable: engine.api_key_env"))
        #expect(Failure.brief(.server(.noText(.openai, key: "text"))) == "the engine's answer was not a transcript")
        // Text from a server is cleaned before it becomes our words.
        #expect(Failure.describe(EngineError.server(.status(500, detail: "\u{1B}]0;pwned\u{07}x"))).hasSuffix(": x"))
    }
}
