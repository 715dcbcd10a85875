import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// A take cancelled while Whisper hears it (Esc during refining) ends at once and stops the
/// child's work: real pocketsphinx, and a second ear that speaks `whisper-ear.py`'s protocol but
/// takes ten minutes over every recording (so waiting for it cannot pass).
struct TwoEarCancellationTests {
    /// As the program's `main` does: a child that ends before reading what is written to it
    /// gives EPIPE, not a signal that ends the whole test process (a full run here died of one: signal 13).
    init() { signal(SIGPIPE, SIG_IGN) }

    /// A child that says it is ready, notes its process id, then reads a request and sleeps.
    static func slowEar(in folder: URL) throws -> (WhisperRuntime, pidFile: String) {
        let pidFile = folder.appendingPathComponent("ear.pid").path
        let script = folder.appendingPathComponent("slow-ear.py").path
        try """
        import os, sys, time
        open(sys.argv[1] + "/../ear.pid", "w").write(str(os.getpid()))
        print('{"ready": true}', flush=True)
        for line in sys.stdin:
            time.sleep(600)
            print('{"text": "too late"}', flush=True)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let model = folder.appendingPathComponent("model").path
        try FileManager.default.createDirectory(atPath: model, withIntermediateDirectories: true)
        return (WhisperRuntime(python: "/usr/bin/python3", script: script, model: model), pidFile)
    }

    static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

    /// Bounded as a whole (a pocketsphinx that never answered would otherwise hold CI).
    @Test(.timeLimit(.minutes(15))) func cancellingWhileWhisperHearsReturnsAtOnceAndStopsTheChild() async throws {
        let folder = try QuotedEnglishTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = try QuotedEnglishTests.speech("git status", in: folder)
        let (runtime, pidFile) = try Self.slowEar(in: folder)
        let engine = TwoEarEngine(
            pocketsphinx: PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: folder.path),
            whisper: WhisperEar(runtime: runtime, scratchDirectory: folder.path), patience: 900, prompt: { _ in "" })
        // The shell-talk model is built before the take, however long a loaded machine takes:
        // what is timed below is the take, not the build.
        try engine.pocketsphinx.load()
        // pocketsphinx's first text, or the take's end without one: awaited, not timed, as a
        // machine whose pool other tests hold would stall a deadline's loop and the take alike.
        let (firsts, said) = AsyncStream<Transcript>.makeStream()
        let take = Task {
            defer { said.finish() }
            let stream = AsyncStream<AudioFrame> { continuation in
                for frame in AudioFrame.frames(of: audio) { continuation.yield(frame) }
                continuation.finish()
            }
            return try await engine.transcribe(EngineRequest(stream)) { event in
                if case .first(let heard) = event { said.yield(heard) }
            }
        }
        var iterator = firsts.makeAsyncIterator()
        let first = await iterator.next()
        // pocketsphinx's text is out: Whisper has the recording (or is about to).
        if first == nil {
            Issue.record("pocketsphinx gave no first text: \(await take.result)")
            return
        }
        try await Task.sleep(for: .milliseconds(500))
        let cancelled = Date()
        take.cancel()
        let outcome = await take.result
        let waited = Date().timeIntervalSince(cancelled)
        // Waiting for the child would take its ten minutes; a loaded machine running the whole
        // suite on 2 cores has held every task of the pool for two minutes, so the bound is wide.
        #expect(waited < 300, "the cancelled take waited \(waited) s for Whisper")
        #expect(throws: EngineError.cancelled) { try outcome.get() }
        // The child was stopped, not left to sleep through its minutes (400 turns: 20 s when free).
        let pid = pid_t(try String(contentsOfFile: pidFile, encoding: .utf8)) ?? 0
        #expect(pid > 0)
        for _ in 0..<400 {
            guard Self.isRunning(pid) else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!Self.isRunning(pid), "the Whisper child \(pid) still runs")
    }

    /// Work cancelled before it started never runs, and the answer is `cancelled`.
    @Test func workCancelledBeforeItStartsNeverRuns() async {
        let ran = Locked(false)
        let stopped = Locked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await TwoEarEngine.offThread(patience: 60, cancel: { stopped.update { $0 = true } }) {
                () throws(EngineError) -> Int in
                ran.update { $0 = true }
                return 1
            }
        }
        let result = await task.value
        #expect(result == .failure(.cancelled))
        try? await Task.sleep(for: .milliseconds(200))
        #expect(!ran.value)
        #expect(stopped.value)
    }
}
