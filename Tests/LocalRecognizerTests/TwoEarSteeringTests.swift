import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// What the two-ear engine hands its second ear: a steered ear (Moonshine) decodes under the
/// very model pocketsphinx decodes with and the remote's names as said; Whisper, and a request in
/// plain English, are never steered, and the latter's prompt is made for its context. Real pocketsphinx; an ear that speaks the protocol and
/// writes down each request it gets.
struct TwoEarSteeringTests {
    init() { signal(SIGPIPE, SIG_IGN) }

    /// A child that answers every request with `git status` and keeps the last request.
    static func listeningEar(in folder: URL, ear: WhisperRuntime.Ear) throws -> (WhisperRuntime, requests: String) {
        let requests = folder.appendingPathComponent("requests.jsonl").path
        let script = folder.appendingPathComponent("listening-ear.py").path
        try """
        import json, sys
        print('{"ready": true}', flush=True)
        for line in sys.stdin:
            if "encode" in json.loads(line):  # read ahead at a pause: this ear does not
                print('{"encoded": false}', flush=True)
                continue
            open(\(String(reflecting: requests)), "a").write(line)
            print(json.dumps({"text": "git status", "avg_logprob": -0.1, "words": [], "scores": []}), flush=True)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        return (WhisperRuntime(python: "/usr/bin/python3", script: script, model: folder.path, ear: ear), requests)
    }

    static func take(
        _ engine: TwoEarEngine, _ audio: [Int16], context: SpeechContext
    ) async throws -> Transcript {
        let stream = AsyncStream<AudioFrame> { continuation in
            for frame in AudioFrame.frames(of: audio) { continuation.yield(frame) }
            continuation.finish()
        }
        return try await engine.transcribe(EngineRequest(stream, context: context)) { _ in }
    }

    static func lastRequest(_ path: String) throws -> [String: Any] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let last = try #require(lines.last)
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    }

    @Test(.timeLimit(.minutes(10))) func aSteeredEarGetsTheShellTalkModelAndTheNames() async throws {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = try QuotedEnglishTests.speech("git status", in: folder)
        var remote = RemoteContext()
        remote.entries = ["deploy.sh", "notes/"]
        let context = SpeechContext(remote)
        for ear in WhisperRuntime.Ear.allCases {
            let (runtime, requests) = try Self.listeningEar(in: folder, ear: ear)
            let engine = TwoEarEngine(
                pocketsphinx: PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: folder.path),
                whisper: WhisperEar(runtime: runtime, scratchDirectory: folder.path), patience: 300,
                prompt: { $0.plainEnglish ? $0.terms(count: 10, length: 40).joined(separator: ", ") : "" })
            try engine.pocketsphinx.load()
            #expect(engine.label == "edge/pocketsphinx+\(ear.rawValue)")
            _ = try await Self.take(engine, audio, context: context)
            let request = try Self.lastRequest(requests)
            switch ear {
            case .moonshine:
                let model = try #require(engine.pocketsphinx.languageModel)
                #expect(request["lm"] as? String == model)
                #expect(model.hasSuffix("shell.lm") && FileManager.default.fileExists(atPath: model))
                let names = request["names"] as? [String] ?? []
                #expect(["deploy", "notes"].allSatisfy(names.contains), "\(names)")
                #expect(names.allSatisfy { !$0.contains(" ") }, "names go word by word: \(names)")
            case .whisper:
                #expect(request["lm"] == nil && request["steer"] as? Int == 0, "\(request)")
            }
            // A request in plain English is heard without the shell-talk steer, by either ear.
            var english = context
            english.plainEnglish = true
            _ = try await Self.take(engine, audio, context: english)
            let plain = try Self.lastRequest(requests)
            #expect(plain["lm"] == nil && plain["steer"] as? Int == 0, "\(plain)")
            // And with the prompt made for its context: the names there, so they are spelt as there.
            #expect(plain["prompt"] as? String == "deploy.sh, notes", "\(plain)")
        }
    }
}
