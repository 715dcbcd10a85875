import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// Lines made of both ears' words: the engine asks its second ear to score them against the
/// same recording and may choose one. Real pocketsphinx; an ear that speaks the protocol and
/// answers as told.
struct TwoEarSpliceTests {
    init() { signal(SIGPIPE, SIG_IGN) }

    /// An ear that hears pocketsphinx's reading with `cat` before it and `dash v` after it
    /// (two places where the ears differ), and scores a line `best` picks far above the rest;
    /// with `failing`, it answers every later scoring with an error. Keeps every request.
    static func ear(in folder: URL, best: String, failing: Bool = false) throws -> (WhisperRuntime, requests: String) {
        let requests = folder.appendingPathComponent("splice-requests.jsonl").path
        let script = folder.appendingPathComponent("splice-ear.py").path
        try """
        import json, sys
        print('{"ready": true}', flush=True)
        def score(texts):
            return [{"logprob": -0.1 if (\(best)) else -9.0, "tokens": 1} for text in texts]
        for line in sys.stdin:
            request = json.loads(line)
            if "encode" in request:  # read ahead at a pause: this ear does not
                print('{"encoded": false}', flush=True)
                continue
            open(\(String(reflecting: requests)), "a").write(line)
            if "score" in request:
                if \(failing ? "True" : "False"):
                    print(json.dumps({"error": "out of memory"}), flush=True)
                else:
                    print(json.dumps({"scores": score(request["score"])}), flush=True)
                continue
            heard = request["readings"][0]
            own = "cat " + heard + " dash v"
            words = heard.split()
            if "quote" in words:  # a quoted line: its first quoted word misheard, a flag added
                words[words.index("quote") + 1] = "yellow"
                own = " ".join(words) + " dash v"
            print(json.dumps({"text": own, "avg_logprob": -0.1, "words": [],
                              "scores": score(request["readings"] + [own])}), flush=True)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        return (WhisperRuntime(python: "/usr/bin/python3", script: script, model: folder.path), requests)
    }

    static func requests(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func engine(
        _ runtime: WhisperRuntime, in folder: URL, report: @escaping @Sendable (String) -> Void = { _ in }
    )
        throws -> TwoEarEngine
    {
        let engine = TwoEarEngine(
            pocketsphinx: PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: folder.path),
            whisper: WhisperEar(runtime: runtime, scratchDirectory: folder.path), patience: 300,
            prompt: { _ in "git status." }, report: report)
        try engine.pocketsphinx.load()
        return engine
    }

    /// `line` spoken (through an 8 kHz link with `narrowband`), heard by the engine with the ear
    /// `best` and `failing` make (`ear`); what it gave, the requests the ear got, and the engine
    /// (its last decision).
    static func take(
        _ line: String, best: String, failing: Bool = false, narrowband: Bool = false,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> (transcript: Transcript, sent: [[String: Any]], engine: TwoEarEngine) {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var audio = try QuotedEnglishTests.speech(line, in: folder)
        if narrowband {
            let wide = folder.appendingPathComponent("speech.wav").path
            let narrow = folder.appendingPathComponent("narrow.wav").path
            try QuotedEnglishTests.run("/usr/bin/sox", ["-R", "-D", wide, "-r", "8000", narrow + ".8k.wav"])
            try QuotedEnglishTests.run("/usr/bin/sox", ["-R", "-D", narrow + ".8k.wav", "-r", "16000", narrow])
            audio = try WAV.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: narrow)))).speechSamples()
            #expect(ChannelDetector.channel(of: audio) == .narrowband)
        }
        let (runtime, path) = try Self.ear(in: folder, best: best, failing: failing)
        let engine = try Self.engine(runtime, in: folder, report: report)
        let transcript = try await TwoEarSteeringTests.take(engine, audio, context: SpeechContext())
        return (transcript, try Self.requests(path), engine)
    }

    /// What pocketsphinx heard: the reading the ear was first asked to score.
    static func heard(_ sent: [[String: Any]]) throws -> String {
        try #require((sent.first?["readings"] as? [String])?.first)
    }

    /// The ear scores `… dash v` without `cat` above pocketsphinx's line and its own: that
    /// line, which neither ear wrote, is the engine's; pocketsphinx's own is first on Tab.
    @Test(.timeLimit(.minutes(10))) func aLineOfBothEarsWordsIsScoredAndChosen() async throws {
        let (transcript, sent, engine) = try await Self.take(
            "git status", best: "text.endswith(' dash v') and not text.startswith('cat ')")
        let heard = try Self.heard(sent)
        #expect(sent.count == 2)
        #expect(sent.last?["prompt"] as? String == "git status.")
        let lines = try #require(sent.last?["score"] as? [String])
        #expect(Set(lines) == ["cat " + heard, heard + " dash v"])
        #expect(transcript.text == heard + " dash v")
        #expect(transcript.alternatives.first?.text == heard)
        let decision = try #require(engine.lastDecision)
        #expect(decision.readings[decision.chosen].spliced)
    }

    /// A scoring that fails leaves the choice to the readings the ears gave, and says why once.
    @Test(.timeLimit(.minutes(10))) func aFailedScoringSplicesNothing() async throws {
        let said = Locked<[String]>([])
        let (transcript, sent, engine) = try await Self.take(
            "git status", best: "text.endswith(' dash v') and not text.startswith('cat ')", failing: true
        ) { line in said.update { $0.append(line) } }
        let heard = try Self.heard(sent)
        // Whisper's own `cat … dash v` scored as low as pocketsphinx's: the margin keeps pocketsphinx's.
        #expect(transcript.text == heard)
        #expect(said.value.count == 1 && said.value[0].contains("no lines spliced"), "\(said.value)")
        // Whisper's own reading, kept back by the margin, is on Tab next.
        #expect(transcript.alternatives.first?.text == "cat " + heard + " dash v", "\(transcript.alternatives)")
        #expect(engine.lastDecision?.readings.contains(where: \.spliced) == false)
    }

    /// A narrowband take (the same line through an 8 kHz link) is not spliced: the ear is asked
    /// to hear it, never to score mixed lines.
    @Test(.timeLimit(.minutes(10))) func aNarrowbandTakeIsNotSpliced() async throws {
        let (transcript, sent, engine) = try await Self.take(
            "git status", best: "text.endswith(' dash v') and not text.startswith('cat ')", narrowband: true)
        #expect(sent.count == 1 && sent[0]["score"] == nil, "\(sent)")
        #expect(engine.pocketsphinx.lastChannel == .narrowband)
        #expect(!transcript.text.hasSuffix("dash v"), "\(transcript.text)")
    }

    /// A spliced line keeps the quoted words the fusion chose span by span: Whisper's quoted
    /// English is not put over them again (it is, over pocketsphinx's own line, when no lines
    /// of both were weighed).
    @Test(.timeLimit(.minutes(10))) func aSplicedLineKeepsItsQuotedWords() async throws {
        let (transcript, sent, engine) = try await Self.take(
            "echo quote hello from the server end quote", best: "text.endswith(' dash v') and 'yellow' not in text")
        let heard = try Self.heard(sent)
        try #require(heard.split(separator: " ").contains("quote"), "pocketsphinx heard no quote: \(heard)")
        #expect(transcript.text == heard + " dash v")
        #expect(engine.lastDecision.map { $0.readings[$0.chosen].spliced } == true)
    }
}
