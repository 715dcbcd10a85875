import Foundation
import VoiceshCore

/// The edge engine's second ear: a neural recogniser in a child process that lives as long as
/// this object, so the model loads once, outside the session's own memory, and never blocks the
/// session's loop: Whisper (faster-whisper on CTranslate2, int8) or Moonshine (ONNX Runtime,
/// steered by the shell-talk model), as `runtime.ear` says. It is started by `prepare` (or the
/// first `hear`); one JSON line each way per recording (`whisper-ear.py` says the protocol).
public final class WhisperEar: @unchecked Sendable {
    public let runtime: WhisperRuntime
    private let scratchDirectory: String
    /// Guards the fields below, never held while the model loads: `prepare` and `cancel` answer
    /// at once. `starting` lets one caller at a time start the child (seconds, with the model).
    private let lock = NSLock()
    private let starting = NSLock()
    private var child: Child?
    private var failure: EngineError?
    /// One recording at a time talks to the child.
    private var busy = false
    /// The child hearing a recording now (`cancel` stops it).
    private var hearing: Child?
    /// A cancel that came while the recording was still being readied (the child loading).
    private var cancelPending = false
    /// The child `cancel` killed: the recording's caller reaps it.
    private var killed: Child?

    /// The child and the lines it has written so far. Its stderr is drained on a thread of its
    /// own (a full pipe would stop it), keeping the end for a message.
    private final class Child: @unchecked Sendable {
        let process: ChildProcess
        var pending = Data()
        private let lock = NSLock()
        private var said = Data()
        private let drained = DispatchSemaphore(value: 0)

        init(_ process: ChildProcess) {
            self.process = process
            Thread { [self] in
                while case let chunk = process.stderr.availableData, !chunk.isEmpty {
                    lock.withLock { said = Data((said + chunk).suffix(4096)) }
                }
                drained.signal()
            }.start()
        }

        /// The last line the child wrote on stderr before it ended.
        func lastWords() -> String {
            _ = drained.wait(timeout: .now() + 2)
            let text = lock.withLock { String(decoding: said, as: UTF8.self) }
            return text.split(separator: "\n").last.map(String.init) ?? "no message"
        }

        /// The next line of stdout, nil at its end.
        func line() -> String? {
            while true {
                if let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    return line
                }
                let chunk = process.stdout.availableData
                if chunk.isEmpty { return nil }
                pending += chunk
            }
        }
    }

    /// What steers a decoding (Moonshine's; Whisper takes a prompt instead): the shell-talk
    /// model's file (ARPA), the remote's names as said, and the model's weight (nil: the ear's own).
    public struct Steer: Equatable, Sendable {
        public var languageModel: String
        public var names: [String]
        public var weight: Double?

        public init(languageModel: String, names: [String] = [], weight: Double? = nil) {
            self.languageModel = languageModel
            self.names = names
            self.weight = weight
        }
    }

    /// What Whisper made of a recording.
    public struct Hearing: Equatable, Sendable {
        public var text: String
        public var averageLogProbability: Double?
        public var noSpeechProbability: Double?
        public var compressionRatio: Double?
        /// Whisper's words (tokens joined at spaces) with their probabilities.
        public var words: [TranscriptSegment.Word]
        /// Its beam's next distinct readings, best first (as many as were asked for, less one).
        public var hypotheses: [String] = []
        /// Whisper's log-likelihood and token count of each reading it was given, then of its own
        /// reading, then of `hypotheses` (`whisper-ear.py`).
        public var scores: [Score]
        /// The recording was encoded before it was asked for (`encode`): not part of `==`.
        public var readAhead = false

        /// A log-likelihood and the tokens it is over.
        public typealias Score = (logProbability: Double, tokens: Int)

        /// Whisper's confidence in its line, 0…1: its mean token probability (as a server's segment's).
        public var confidence: Double? { averageLogProbability.map { min(1, max(0, exp($0))) } }

        public static func == (a: Hearing, b: Hearing) -> Bool {
            a.text == b.text && a.words == b.words && a.hypotheses == b.hypotheses
                && a.scores.map(\.logProbability) == b.scores.map(\.logProbability)
        }
    }

    /// `scratchDirectory`: where each recording is written for the child (private, removed after).
    public init(runtime: WhisperRuntime, scratchDirectory: String) {
        self.runtime = runtime
        self.scratchDirectory = scratchDirectory
    }

    deinit {
        if let child {
            try? child.process.stdin?.close()
            child.process.kill()
            _ = child.process.wait()
        }
    }

    /// Starts the child and loads the model, on a thread of its own. Not at a lowered priority:
    /// the child would inherit it, and on a busy machine its decoding (the fused text) would
    /// wait behind everything else; it is another process, so the session's own threads keep theirs.
    public func prepare() {
        guard lock.withLock({ child == nil && failure == nil && !busy }) else { return }
        let thread = Thread { [self] in _ = try? started() }
        thread.name = "whisper-prepare"
        thread.start()
    }

    /// The running child, started now if need be. A child that failed to start fails every
    /// later call the same way (the reason is said once, by the caller).
    private func started() throws(EngineError) -> Child {
        starting.lock()
        defer { starting.unlock() }
        let (running, failed) = lock.withLock { (child, failure) }
        if let running { return running }
        if let failed { throw failed }
        do throws(EngineError) {
            let process = try ChildProcess(
                executable: runtime.python, arguments: [runtime.python, runtime.script, runtime.model, "2"],
                stdinPath: nil,
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/",
                    "OMP_NUM_THREADS": "2", "PYTHONDONTWRITEBYTECODE": "1",
                ])
            let started = Child(process)
            guard let first = started.line() else {
                process.kill()
                _ = process.wait()
                throw EngineError.whisper(.stoppedStarting(lastWords: started.lastWords()))
            }
            let reply = try Self.object(first)
            if let error = reply["error"] as? String {
                process.kill()
                _ = process.wait()
                throw EngineError.whisper(.cannotStart(words: error))
            }
            lock.withLock { child = started }
            return started
        } catch {
            lock.withLock { failure = error }
            throw error
        }
    }

    /// Whisper's reading of `samples` (16 kHz mono) after `prompt`, and its likelihood of each
    /// of `readings`. Blocks the calling thread (about half a second for a line on 2 cores).
    /// `speechEnd`: when the speech ended (seconds into `samples`); Whisper's words after it are dropped.
    /// `hypotheses`: how many of its beam's readings Whisper proposes, its own included.
    /// `steer`: what a steered ear decodes under (nil: free). `plainEnglish`: a request in plain
    /// English, heard with the runtime's `plainModel` where it has one.
    public func hear(
        _ samples: [Int16], prompt: String, readings: [String], speechEnd: Double? = nil, hypotheses: Int = 1,
        steer: Steer? = nil, plainEnglish: Bool = false
    ) throws(EngineError) -> Hearing {
        let path = try written(samples)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request: [String: Any] = ["audio": path, "prompt": prompt, "readings": readings]
        if plainEnglish, let plain = runtime.plainModel { request["model"] = plain }
        if let speechEnd { request["speech_end"] = speechEnd }
        if hypotheses > 1 { request["hypotheses"] = hypotheses }
        if let steer {
            request["lm"] = steer.languageModel
            request["names"] = steer.names
            if let weight = steer.weight { request["steer"] = weight }
        } else {
            request["steer"] = 0
        }
        return try Self.hearing(exchange(request))
    }

    /// Has the ear encode `samples` now, so that hearing exactly them later finds them
    /// encoded (`EarlyHearing`); whether it did (an ear that cannot says no).
    /// Never starts the child or waits for its model: a take that ends meanwhile must not leave
    /// the ear busy for the next.
    public func encode(_ samples: [Int16]) throws(EngineError) -> Bool {
        guard lock.withLock({ child != nil }) else { return false }
        let path = try written(samples)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reply = try exchange(["encode": path])
        if let error = reply["error"] as? String { throw .whisper(.said(words: error)) }
        return reply["encoded"] as? Bool == true
    }

    /// `samples` in a private file of the scratch directory, for the child to read.
    private func written(_ samples: [Int16]) throws(EngineError) -> String {
        let path = scratchDirectory + "/whisper-\(getpid())-\(UUID().uuidString).raw"
        try? FileManager.default.createDirectory(
            atPath: scratchDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bytes = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        guard FileManager.default.createFile(atPath: path, contents: bytes, attributes: [.posixPermissions: 0o600])
        else { throw .whisper(.cannotWriteRecording(directory: scratchDirectory)) }
        return path
    }

    /// The ear's log-likelihood of each of `readings` of the last recording it heard, after
    /// `prompt` (as `hear` scores its `readings`): for readings made after hearing it.
    public func score(_ readings: [String], prompt: String) throws(EngineError) -> [Hearing.Score] {
        let reply = try exchange(["score": readings, "prompt": prompt])
        if let error = reply["error"] as? String { throw .whisper(.said(words: error)) }
        let scores = Self.scores(reply)
        guard scores.count == readings.count else { throw .whisper(.missingScores) }
        return scores
    }

    /// Sends one request to the child (started if need be) and waits for its reply; one at a
    /// time, and `cancel` ends the wait.
    private func exchange(_ request: [String: Any]) throws(EngineError) -> [String: Any] {
        let free = lock.withLock {
            defer { busy = true }
            return !busy
        }
        guard free else { throw .whisper(.busy) }
        defer {
            lock.withLock {
                busy = false
                cancelPending = false
            }
        }
        let child = try started()
        let go = lock.withLock {
            if !cancelPending { hearing = child }
            return !cancelPending
        }
        guard go else { throw .cancelled }
        defer {
            let dead = lock.withLock {
                hearing = nil
                defer { killed = nil }
                return killed
            }
            _ = dead?.process.wait()  // cancelled after it answered: reaped here
        }
        guard let stdin = child.process.stdin,
            var line = try? JSONSerialization.data(withJSONObject: request)
        else { throw .whisper(.cannotTalk) }
        line.append(0x0A)
        do {
            try stdin.write(contentsOf: line)
        } catch {
            throw stopped(child)
        }
        guard let answer = child.line() else { throw stopped(child) }
        return try Self.object(answer)
    }

    /// Stops the recording being heard, if any: its child is killed (Whisper cannot be stopped
    /// inside a decoding), so `hear` ends at once with an error and the next recording starts
    /// another child, which loads the model while the user speaks.
    public func cancel() {
        lock.withLock {
            guard let hearing else {
                if busy { cancelPending = true }
                return
            }
            hearing.process.kill()
            if child === hearing { child = nil }  // never asked again: the next recording starts another
            killed = hearing
        }
    }

    /// Whether a recording is being heard now (for the tests of `cancel`).
    var isHearing: Bool { lock.withLock { hearing != nil } }

    /// A child that stopped answering: reaped (no zombie), and the next recording starts another.
    /// Forgotten first, so `cancel` never signals a reaped process's id.
    private func stopped(_ dead: Child) -> EngineError {
        lock.withLock {
            if child === dead { child = nil }
            if hearing === dead { hearing = nil }
            if killed === dead { killed = nil }
        }
        dead.process.kill()
        _ = dead.process.wait()
        return .whisper(.stopped)
    }

    static func object(_ line: String) throws(EngineError) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw .whisper(.notJSON(line: String(line.prefix(80))))
        }
        return object
    }

    static func hearing(_ reply: [String: Any]) throws(EngineError) -> Hearing {
        if let error = reply["error"] as? String { throw .whisper(.said(words: error)) }
        guard let text = reply["text"] as? String else { throw .whisper(.noText) }
        let items = reply["words"] as? [[String: Any]] ?? []
        var words: [TranscriptSegment.Word] = []
        for item in items {
            guard let piece = item["word"] as? String else { continue }
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            words.append(.init(trimmed, confidence: item["probability"] as? Double))
        }
        let scores = Self.scores(reply)
        return Hearing(
            text: text.trimmingCharacters(in: .whitespacesAndNewlines),
            averageLogProbability: reply["avg_logprob"] as? Double,
            noSpeechProbability: reply["no_speech_prob"] as? Double,
            compressionRatio: reply["compression_ratio"] as? Double, words: words,
            hypotheses: reply["hypotheses"] as? [String] ?? [], scores: scores,
            readAhead: reply["ahead"] as? Bool ?? false)
    }

    static func scores(_ reply: [String: Any]) -> [Hearing.Score] {
        (reply["scores"] as? [[String: Any]] ?? []).map {
            (logProbability: $0["logprob"] as? Double ?? -.infinity, tokens: $0["tokens"] as? Int ?? 0)
        }
    }
}
