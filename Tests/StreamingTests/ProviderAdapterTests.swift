import Foundation
import Testing
import VoiceshCore

@testable import Streaming

/// Each provider's wire facts (specs A2, B1, B2), checked without a socket.
struct ProviderAdapterTests {
    func config(_ provider: StreamProvider, url: String? = nil, vocabulary: [String] = []) -> EngineConfig {
        var config = EngineConfig(kind: .stream)
        config.provider = provider
        config.url = url
        config.vocabulary = vocabulary
        return config
    }

    func query(_ url: String) -> [String: [String]] {
        let items = URLComponents(string: url)?.queryItems ?? []
        return Dictionary(grouping: items, by: \.name).mapValues { $0.map { $0.value ?? "" } }
    }

    @Test func assemblyAIPutsTheProfileInTheQueryAndAKeyInARawHeader() {
        let adapter = AssemblyAIAdapter(config: config(.assemblyai, vocabulary: ["kubectl", "git status"]))
        let keyed = adapter.request(credential: .key("aai-key"))
        #expect(keyed.url.hasPrefix("wss://streaming.assemblyai.com/v3/ws?"))
        let q = query(keyed.url)
        #expect(q["speech_model"] == ["universal-streaming-english"])
        #expect(q["sample_rate"] == ["16000"])
        #expect(q["encoding"] == ["pcm_s16le"])
        #expect(q["keyterms_prompt"] == [#"["kubectl","git status"]"#])
        #expect(q["token"] == nil)
        #expect(keyed.header("Authorization") == "aai-key")  // no Bearer or Token prefix (B1.2)

        let token = adapter.request(credential: .token("tmp-1"))
        #expect(query(token.url)["token"] == ["tmp-1"])
        #expect(token.header("Authorization") == nil)
        #expect(adapter.frameSamples * 2 == 1600)  // 50 ms (B1.5)
        #expect(adapter.maxFrameSamples * 2 == 32000)
    }

    @Test func assemblyAITurnsAreKeyedByOrderAndTheFormattedEndReplacesTheFirst() throws {
        var adapter = AssemblyAIAdapter(config: config(.assemblyai))
        func turn(_ order: Int, _ transcript: String, pending: String? = nil, end: Bool) -> String {
            var words: [[String: Any]] = transcript.split(separator: " ").map {
                ["text": String($0), "word_is_final": true, "start": 0, "end": 0, "confidence": 0.9]
            }
            if let pending { words.append(["text": pending, "word_is_final": false]) }
            return Wire.json([
                "type": "Turn", "turn_order": order, "end_of_turn": end, "turn_is_formatted": false,
                "transcript": transcript, "end_of_turn_confidence": 0.5, "words": words,
            ])
        }
        #expect(try adapter.receive(#"{"type":"Begin","id":"x","expires_at":1759796682}"#) == [])
        #expect(try adapter.receive(turn(0, "", pending: "git", end: false)) == [.partial("git")])
        #expect(try adapter.receive(turn(0, "git", pending: "stat", end: false)) == [.partial("git stat")])
        #expect(try adapter.receive(turn(0, "git status", end: true)) == [.partial("git status")])
        #expect(try adapter.receive(turn(0, "Git status.", end: true)) == [.partial("Git status.")])
        #expect(try adapter.receive(turn(0, "git", pending: "x", end: false)) == [])  // late partial: ignored
        #expect(try adapter.receive(turn(1, "", pending: "ls", end: false)) == [.partial("Git status. ls")])
        #expect(try adapter.receive(#"{"type":"SpeechStarted","timestamp":1216}"#) == [])
        #expect(try adapter.receive(#"{"type":"Termination","audio_duration_seconds":7}"#) == [.ended])
        #expect(adapter.transcript.text == "Git status. ls")
        #expect(throws: EngineError.stream(.notJSON(.assemblyai, text: "not json"))) { try adapter.receive("not json") }
        // An Error before the close sets the kind: a refused key is unavailable, not a failure.
        #expect(throws: EngineError.stream(.ended(.assemblyai, .keyRefused, .error(4001, message: "Invalid API key"))))
        {
            try adapter.receive(#"{"type":"Error","error":"Invalid API key","error_code":4001}"#)
        }
        #expect(throws: EngineError.stream(.said(.assemblyai, code: nil, words: ["Client sent audio too fast"]))) {
            try adapter.receive(#"{"error":"Client sent audio too fast"}"#)
        }
    }

    /// The server's messages of a recorded sequence (Tests/Fixtures/recorded, which names the
    /// source of each), as wire text.
    static func recorded(_ file: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recorded/\(file)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let messages = try #require(root["messages"] as? [[String: Any]])
        return try messages.filter { $0["direction"] as? String != "client" }.map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0["message"] as Any), as: UTF8.self)
        }
    }

    /// u3-rt-pro: a partial whose words are all non-final carries them in `transcript` too.
    @Test func assemblyAIU3ProPartialsAreShownOnce() throws {
        var adapter = AssemblyAIAdapter(config: config(.assemblyai))
        var events: [StreamEvent] = []
        for message in try Self.recorded("assemblyai_v3_u3_rt_pro_sequence.json") {
            events += try adapter.receive(message)
        }
        #expect(events == [.partial("My name is—"), .partial("My name is Sonny."), .ended])
        #expect(adapter.transcript.text == "My name is Sonny.")
    }

    @Test func assemblyAIUniversalStreamingSequenceGivesTheFormattedTurns() throws {
        var adapter = AssemblyAIAdapter(config: config(.assemblyai))
        var last: StreamEvent?
        for message in try Self.recorded("assemblyai_v3_universal_streaming_sequence.json") {
            for event in try adapter.receive(message) where event != .ended { last = event }
        }
        let turns = try Self.recorded("assemblyai_v3_universal_streaming_sequence.json").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        .filter { $0["end_of_turn"] as? Bool == true }
        var finals: [Int: String] = [:]
        for turn in turns { finals[turn["turn_order"] as! Int] = turn["transcript"] as? String }
        let expected = finals.sorted { $0.key < $1.key }.map(\.value).joined(separator: " ")
        #expect(adapter.transcript.text == expected)
        #expect(last == .partial(expected))
    }

    @Test func deepgramSendsLowercaseBooleansRepeatedKeytermsAndTheRightScheme() {
        let adapter = DeepgramAdapter(
            config: config(.deepgram, url: "ws://127.0.0.1:9/v1/listen", vocabulary: ["a b", "c"]))
        let keyed = adapter.request(credential: .key("dg"))
        let q = query(keyed.url)
        #expect(keyed.url.hasPrefix("ws://127.0.0.1:9/v1/listen?"))
        #expect(q["model"] == ["nova-3"])
        #expect(q["encoding"] == ["linear16"])
        #expect(q["sample_rate"] == ["16000"])
        #expect(q["interim_results"] == ["true"])
        #expect(q["keyterm"] == ["a b", "c"])
        #expect(q["utterance_end_ms"] == ["1000"])
        #expect(q["endpointing"] != nil)
        #expect(!keyed.url.contains("True") && !keyed.url.contains("False"))
        #expect(keyed.header("Authorization") == "Token dg")
        #expect(adapter.request(credential: .token("jwt")).header("Authorization") == "Bearer jwt")
        #expect(adapter.finishMessages == [#"{"type":"Finalize"}"#, #"{"type":"CloseStream"}"#])
        #expect(adapter.keepAlive?.message == #"{"type":"KeepAlive"}"#)
    }

    @Test func deepgramJoinsFinalsUpToSpeechFinal() throws {
        var adapter = DeepgramAdapter(config: config(.deepgram))
        func results(_ text: String, final: Bool, speechFinal: Bool = false) -> String {
            Wire.json([
                "type": "Results", "is_final": final, "speech_final": speechFinal, "start": 0.0, "duration": 1.0,
                "channel": ["alternatives": [["transcript": text, "confidence": 0.9, "words": []]]],
            ])
        }
        #expect(try adapter.receive(results("git", final: false)) == [.partial("git")])
        #expect(try adapter.receive(results("git status", final: true)) == [.partial("git status")])
        #expect(try adapter.receive(results("dash", final: false)) == [.partial("git status dash")])
        #expect(
            try adapter.receive(results("dash s", final: true, speechFinal: true)) == [.partial("git status dash s")])
        #expect(try adapter.receive(results("", final: true)) == [.partial("git status dash s")])  // silence
        #expect(try adapter.receive(results("ls", final: true)) == [.partial("git status dash s ls")])
        #expect(try adapter.receive(#"{"type":"UtteranceEnd","channel":[0,1],"last_word_end":2.395}"#) == [])
        #expect(try adapter.receive(#"{"type":"Metadata","request_id":"x","duration":0.0}"#) == [.ended])
        #expect(adapter.transcript.segments.map(\.text) == ["git status dash s", "ls"])
    }

    @Test(arguments: [
        (
            StreamProvider.assemblyai, 1008, "Unauthorized Connection: Missing Authorization header",
            StreamEnding.keyRefused
        ),
        (.assemblyai, 3005, "Session Cancelled: An error occurred", .serverError),
        (.assemblyai, 3006, "Invalid JSON: x", .controlMessageRejected),
        (.assemblyai, 3007, "Input duration violation: 20 ms. Expected between 50 and 1000 ms", .audioRejected),
        (.assemblyai, 3008, "Session Expired: Maximum session duration exceeded", .sessionExpired),
        (.assemblyai, 3009, "Unauthorized Connection: Too many concurrent sessions", .tooManySessions),
        (.assemblyai, 4029, "Client sent audio too fast", .audioRejected), (.assemblyai, 4999, "Something new", .other),
        (.deepgram, 1011, "NET-0001", .idle), (.deepgram, 1008, "DATA-0000", .audioUndecodable),
        (.deepgram, 1011, "NET-0000", .serverError), (.deepgram, 1006, "", .other),
    ])
    func closeCodesHaveAMeaning(provider: StreamProvider, code: Int, reason: String, ending: StreamEnding) {
        let adapter: any ProviderAdapter =
            provider == .assemblyai
            ? AssemblyAIAdapter(config: config(provider)) : DeepgramAdapter(config: config(provider))
        #expect(
            adapter.error(closeCode: code, reason: reason)
                == .stream(.ended(provider, ending, .close(code, reason: reason))))
        #expect(adapter.error(closeCode: 1000, reason: "") == nil)
        #expect(
            adapter.error(closeCode: nil, reason: "") == .stream(.dropped(provider, url: provider.defaultURL ?? "")))
    }

    @Test func genericMessagesAreTheSpecsShapes() throws {
        var adapter = GenericAdapter(config: config(.generic, url: "wss://stt.example.com/v1/stream"))
        #expect(adapter.request(credential: .token("t")).header("Authorization") == "Bearer t")
        #expect(adapter.request(credential: nil).headers.isEmpty)
        let start = try JSONSerialization.jsonObject(with: Data(adapter.start(session: "s", device: "d").utf8))
        #expect(
            start as? NSDictionary
                == [
                    "type": "start", "sessionId": "s", "deviceId": "d", "sampleRate": 16000, "encoding": "pcm_s16le",
                    "channels": 1,
                ])
        let segment = try JSONSerialization.jsonObject(
            with: Data(adapter.segment(12, start: 192_000, end: 208_000, device: "d").utf8))
        #expect(
            segment as? NSDictionary
                == [
                    "type": "segment", "sequenceId": 12, "startSampleIndex": 192_000, "endSampleIndex": 208_000,
                    "sampleRate": 16000, "deviceId": "d",
                ])
        #expect(adapter.resume(session: "s", from: 13) == #"{"resumeFrom":13,"sessionId":"s","type":"resume"}"#)
        #expect(adapter.frameSamples * 2 == 1280)  // 40 ms (A2 §3)

        #expect(try adapter.receive(#"{"type":"started","sessionId":"s"}"#) == [.started])
        #expect(try adapter.receive(#"{"type":"ack","sequenceId":3}"#) == [.ack(3)])
        #expect(try adapter.receive(#"{"type":"transcript","text":"git","isFinal":false}"#) == [.partial("git")])
        #expect(
            try adapter.receive(#"{"type":"transcript","text":"git status","isFinal":true}"#) == [
                .partial("git status")
            ])
        #expect(
            try adapter.receive(#"{"type":"transcript","text":"ls","isFinal":false}"#) == [.partial("git status ls")])
        #expect(try adapter.receive(#"{"type":"resumed","resumeFrom":4}"#) == [.resumed(4)])
        #expect(try adapter.receive(#"{"type":"error","code":"resume_unsupported"}"#) == [.resumeUnsupported])
        #expect(try adapter.receive(#"{"type":"closed"}"#) == [.ended])
        #expect(adapter.transcript.text == "git status")
        #expect(throws: EngineError.stream(.said(.generic, code: "unauthorized", words: ["no"]))) {
            try adapter.receive(#"{"type":"error","code":"unauthorized","message":"no"}"#)
        }
        #expect(throws: EngineError.stream(.incomplete(.ack, text: #"{"type":"ack"}"#))) {
            try adapter.receive(#"{"type":"ack"}"#)
        }
        #expect(adapter.error(closeCode: 1000, reason: "") == nil)
        #expect(
            adapter.error(closeCode: 4000, reason: "bye")
                == .stream(.ended(.generic, .other, .close(4000, reason: "bye"))))
        #expect(adapter.error(closeCode: nil, reason: "") == .stream(.dropped(.generic, url: adapter.url)))
    }

    /// A server may echo the key or token it was given; the problem keeps none of it.
    @Test func anEchoedSecretIsMaskedInTheProblem() {
        let secret = "sk-live-123"
        #expect(
            StreamProblem.said(.deepgram, code: nil, words: ["bad token \(secret)", secret]).replacing(
                secret, with: "***")
                == .said(.deepgram, code: nil, words: ["bad token ***", "***"]))
        #expect(
            StreamProblem.ended(.assemblyai, .keyRefused, .error(4001, message: "key \(secret) refused"))
                .replacing(secret, with: "***")
                == .ended(.assemblyai, .keyRefused, .error(4001, message: "key *** refused")))
        #expect(
            StreamProblem.incomplete(.ack, text: #"{"type":"ack","k":"\#(secret)"}"#).replacing(secret, with: "***")
                == .incomplete(.ack, text: #"{"type":"ack","k":"***"}"#))
        #expect(StreamProblem.closedEarly(.deepgram).replacing(secret, with: "***") == .closedEarly(.deepgram))
    }

    @Test func keysAreMintedAtTheStreamingHost() {
        #expect(
            CredentialSource.mintURL(streamURL: "wss://streaming.assemblyai.com/v3/ws", provider: .assemblyai)
                == "https://streaming.assemblyai.com/v3/token?expires_in_seconds=60")
        #expect(
            CredentialSource.mintURL(streamURL: "wss://api.deepgram.com/v1/listen", provider: .deepgram)
                == "https://api.deepgram.com/v1/auth/grant")
        #expect(
            CredentialSource.mintURL(streamURL: "ws://127.0.0.1:8080/v1/listen?x=1", provider: .deepgram)
                == "http://127.0.0.1:8080/v1/auth/grant")
    }

    /// The remote shell's names join the profile's vocabulary as key terms, within the
    /// providers' caps (100 terms of at most 50 characters), the vocabulary first.
    @Test func contextNamesBecomeKeyTermsWithinTheCaps() {
        var remote = RemoteContext()
        remote.entries = ["deploy_prod.yaml", String(repeating: "x", count: 51)] + (0..<200).map { "file\($0).txt" }
        let context = SpeechContext(remote)
        let assembly = StreamEngine.adapter(for: config(.assemblyai, vocabulary: ["kubectl"]), context: context)
        let terms = (assembly as? AssemblyAIAdapter)?.vocabulary ?? []
        #expect(terms.count == 100)
        #expect(terms.prefix(2) == ["kubectl", "deploy_prod.yaml"])
        #expect(terms.allSatisfy { $0.count <= 50 })
        let deepgram = StreamEngine.adapter(for: config(.deepgram, vocabulary: ["kubectl"]), context: context)
        let q = query(deepgram.request(credential: nil).url)
        #expect(q["keyterm"]?.prefix(2) == ["kubectl", "deploy_prod.yaml"])
        #expect(q["keyterm"]?.count == 100)
        // Without context, the vocabulary alone, as before.
        let plain = StreamEngine.adapter(for: config(.assemblyai, vocabulary: ["kubectl"]))
        #expect((plain as? AssemblyAIAdapter)?.vocabulary == ["kubectl"])
    }
}
