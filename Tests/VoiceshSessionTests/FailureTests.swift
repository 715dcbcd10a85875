import Testing
import VoiceshCore
import VoiceshSession

/// The engines' typed problems in the same words their free strings had (the history, the
/// line and the CLI tests compare them).
struct FailureTests {
    static let worded: [(ServerProblem, String)] = [
        (ServerProblem.noURL, "the engine cannot run: the server engine has no usable url"),
        (
            .badURL("http://[::1"),
            "the engine cannot run: engine.url: \"[::1\" is not a host name or address; fix it with voicesh profile set"
        ),
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

    /// A streaming engine's typed problems in the words its adapters once built themselves.
    static let streamWorded: [(StreamProblem, String)] = [
        (
            StreamProblem.keyNotSet(variable: "K"),
            "the engine cannot run: engine.api_key_env names K, which is not set in the environment"
        ),
        (
            .tokenUnreachable(.proxy, url: "http://127.0.0.1:9/t", reason: "connection refused"),
            "the engine cannot run: cannot get a token from the token proxy at http://127.0.0.1:9/t: connection refused"
        ),
        (
            .tokenRefused(.assemblyAI, url: "https://h/v3/token", status: 401, body: "bad key"),
            "the engine cannot run: AssemblyAI's token endpoint at https://h/v3/token refused a token: HTTP 401: bad key"
        ),
        (
            .tokenRefused(.deepgram, url: "https://h/v1/auth/grant", status: 500, body: ""),
            "the engine cannot run: Deepgram's token endpoint at https://h/v1/auth/grant refused a token: HTTP 500"
        ),
        (
            .tokenNotJSON(.deepgram, url: "https://h/g"),
            "the engine answered something that is not a transcript: Deepgram's token endpoint at https://h/g "
                + "answered something that is not a JSON object"
        ),
        (
            .noToken(.proxy, url: "https://h/t"),
            #"the engine answered something that is not a transcript: the token proxy https://h/t answered without a "token""#
        ),
        (
            .noToken(.assemblyAI, url: "https://h/t"),
            #"the engine answered something that is not a transcript: AssemblyAI's token endpoint answered without a "token""#
        ),
        (
            .noToken(.deepgram, url: "https://h/t"),
            "the engine answered something that is not a transcript: Deepgram's token endpoint answered without an "
                + #""access_token""#
        ),
        (
            .cannotConnect(.deepgram, place: "wss://h/v1/listen", reason: "connection refused"),
            "the engine failed: cannot connect to Deepgram at wss://h/v1/listen: connection refused"
        ),
        (
            .notJSON(.generic, text: "x"),
            "the engine answered something that is not a transcript: the stream server sent a message that is not a "
                + "JSON object: x"
        ),
        (
            .incomplete(.turn, text: "{}"),
            "the engine answered something that is not a transcript: AssemblyAI sent a Turn without turn_order or "
                + "transcript: {}"
        ),
        (
            .incomplete(.results, text: "{}"),
            "the engine answered something that is not a transcript: Deepgram sent Results without a transcript: {}"
        ),
        (
            .incomplete(.ack, text: "{}"),
            "the engine answered something that is not a transcript: the stream server sent an ack without a "
                + "sequenceId: {}"
        ),
        (
            .incomplete(.resumed, text: "{}"),
            "the engine answered something that is not a transcript: the stream server sent resumed without "
                + "resumeFrom: {}"
        ),
        (.said(.generic, code: nil, words: []), "the engine failed: the stream server said error"),
        (
            .said(.generic, code: "unauthorized", words: ["no"]),
            "the engine failed: the stream server said unauthorized: no"
        ),
        (.said(.deepgram, code: nil, words: ["a", "b"]), "the engine failed: Deepgram: a: b"),
        (.said(.deepgram, code: nil, words: []), "the engine failed: Deepgram:"),  // the line is trimmed
        (.said(.assemblyai, code: nil, words: ["too fast"]), "the engine failed: AssemblyAI: too fast"),
        (
            .ended(.assemblyai, .keyRefused, .close(1008, reason: "r")),
            "the engine cannot run: AssemblyAI refused the key or token (close 1008: r)"
        ),
        (
            .ended(.assemblyai, .keyRefused, .error(4001, message: "Invalid API key")),
            "the engine cannot run: AssemblyAI refused the key or token (error 4001: Invalid API key)"
        ),
        (
            .ended(.assemblyai, .serverError, .close(1011, reason: "")),
            "the engine failed: AssemblyAI had a server error (close 1011)"
        ),
        (
            .ended(.assemblyai, .controlMessageRejected, .close(3006, reason: "x")),
            "the engine failed: AssemblyAI rejected a control message (close 3006: x)"
        ),
        (
            .ended(.assemblyai, .audioRejected, .close(3007, reason: "x")),
            "the engine failed: AssemblyAI rejected the audio (frame size or rate) (close 3007: x)"
        ),
        (
            .ended(.assemblyai, .sessionExpired, .close(3008, reason: "")),
            "the engine failed: the AssemblyAI session expired (close 3008)"
        ),
        (
            .ended(.assemblyai, .tooManySessions, .close(3009, reason: "x")),
            "the engine failed: AssemblyAI refused the session: too many concurrent sessions (close 3009: x)"
        ),
        (
            .ended(.assemblyai, .other, .close(4999, reason: "x")),
            "the engine failed: AssemblyAI ended the stream (close 4999: x)"
        ),
        (
            .ended(.deepgram, .audioUndecodable, .close(1008, reason: "DATA-0000")),
            "the engine failed: Deepgram could not decode the audio (close 1008 DATA-0000)"
        ),
        (
            .ended(.deepgram, .idle, .close(1011, reason: "NET-0001")),
            "the engine failed: Deepgram closed the stream: it received no audio within its 10 s window "
                + "(close 1011 NET-0001)"
        ),
        (
            .ended(.deepgram, .serverError, .close(1011, reason: "NET-0000")),
            "the engine failed: Deepgram had a server error (close 1011 NET-0000)"
        ),
        (
            .ended(.deepgram, .other, .close(1006, reason: "")),
            "the engine failed: Deepgram closed the stream (close 1006)"
        ),
        (
            .ended(.generic, .other, .close(4000, reason: "bye")),
            "the engine failed: the stream server closed the connection (close 4000: bye)"
        ),
        (.dropped(.generic, url: "ws://h/s"), "the engine failed: the connection to ws://h/s dropped"),
        (
            .dropped(.assemblyai, url: "wss://h/v3/ws"),
            "the engine failed: the connection to AssemblyAI dropped before the final transcript"
        ),
        (
            .dropped(.deepgram, url: "wss://h/v1/listen"),
            "the engine failed: the connection to Deepgram dropped before the final transcript"
        ),
        (.closedEarly(.generic), "the engine failed: the stream server closed the connection before the end"),
        (.closedEarly(.deepgram), "the engine failed: Deepgram closed the stream before the recording ended"),
        (.connectionEnded, "the engine failed: the connection ended"),
    ]

    @Test(arguments: streamWorded)
    func aStreamProblemIsWordedOnce(problem: StreamProblem, words: String) {
        #expect(Failure.describe(EngineError.stream(problem)) == words)
    }

    @Test func aCommandProblemIsWordedOnce() {
        func words(_ problem: CommandProblem) -> String { Failure.describe(EngineError.command(problem)) }
        #expect(
            words(.cannotWriteRecording(reason: "No space left on device"))
                == "the engine cannot run: cannot write the recording for the command: No space left on device")
        #expect(words(.noPipes) == "the engine cannot run: cannot create pipes")
        #expect(
            words(.cannotRun(program: "/bin/sh", reason: "ENOENT"))
                == "the engine cannot run: cannot run /bin/sh: ENOENT")
        #expect(
            words(.exited(status: 3, lastLine: "error: model file not found"))
                == "the engine failed: the recogniser command exited with status 3: error: model file not found")
        #expect(
            words(.exited(status: 137, lastLine: nil))
                == "the engine failed: the recogniser command exited with status 137")
        #expect(
            words(.notASegment(line: 2, text: #"{"type":"#))
                == #"the engine answered something that is not a transcript: line 2 is not a transcript_segment: {"type":"#
        )
        #expect(
            Failure.brief(.command(.exited(status: 2, lastLine: "down")))
                == "engine failed: the recogniser command exited with status 2: down")
    }

    @Test func theLineHasItsBriefWords() {
        #expect(
            Failure.brief(.stream(.ended(.deepgram, .other, .close(1006, reason: ""))))
                == "engine failed: Deepgram closed the stream (close 1006)")
        #expect(Failure.brief(.stream(.keyNotSet(variable: "K"))).hasPrefix("engine unavailable: engine.api_key_env"))
        #expect(Failure.brief(.stream(.incomplete(.ack, text: "{}"))) == "the engine's answer was not a transcript")
        #expect(Failure.brief(.server(.status(403, detail: "no"))).hasPrefix("engine failed: HTTP 403: no (check"))
        #expect(Failure.brief(.server(.keyNotSet(variable: "K"))).hasPrefix("engine unavailable: engine.api_key_env"))
        #expect(Failure.brief(.server(.noText(.openai, key: "text"))) == "the engine's answer was not a transcript")
        // Text from a server is cleaned before it becomes our words.
        #expect(Failure.describe(EngineError.server(.status(500, detail: "\u{1B}]0;pwned\u{07}x"))).hasSuffix(": x"))
    }
}
