import Foundation
import NIOSSL
import VoiceshCore

/// One recording's stream: the state the capture, sender and receiver tasks share (under one
/// lock, never held across an await), and the connection loop with its reconnects.
final class StreamRun: @unchecked Sendable {
    /// How a connection ended.
    enum Outcome: Equatable {
        case finished
        /// The connection broke; the generic provider reconnects, others give up.
        case dropped(EngineError, opened: Bool)
        case failed(EngineError)
    }

    /// The generic protocol's handshake on a connection (A2 §2, §5).
    enum Phase {
        case needsStart, handshaking, streaming
    }

    /// What the sender does next.
    enum Step {
        case stop, wait, finish
        case text(String)
        case audio(AudioFrame)
    }

    /// Longer than a send takes unless the network held it (a send only hands the frame to the
    /// event loop), and short against a stall worth counting.
    static let heldSend = 0.2
    /// How long the provider's end (Termination, Metadata) is waited for once voicesh asked to
    /// finish, as AssemblyAI's Python SDK waits 5 s; a generic server may still be transcribing
    /// held segments, so longer. Past it the finals so far stand.
    static let finishGrace = 5.0
    static let genericFinishGrace = 15.0
    private var finishGrace: Double { generic == nil ? Self.finishGrace : Self.genericFinishGrace }

    private let lock = NSLock()
    private var adapter: any ProviderAdapter
    private let generic: GenericAdapter?
    private var provider: StreamProvider { adapter.provider }
    private var credentials: CredentialSource
    /// Whom the token requests and the socket trust (`TrustStore`).
    private let tls: TLSConfiguration
    /// Said once, when Deepgram refused a token and the key itself went on the connection.
    private var credentialNotice: String?
    /// When voicesh asked the provider to finish, and whether its end never came in time.
    private var finishedAt: Date?
    private var unconfirmed = false
    private let deviceID: String
    private let policy: BackpressurePolicy
    private let backlog: Int

    // Capture's side (AssemblyAI and Deepgram use the queue; the generic provider the ledger).
    private var cutter: FrameCutter
    private var queue: OutboundQueue
    private var ledger: SegmentLedger
    private var captureEnded = false

    // The generic session.
    private var sessionID = UUID().uuidString.lowercased()
    private var sessionKnown = false
    private var reconnects = 0

    // The current connection.
    private var bell: AsyncStream<Void>.Continuation?
    private var opened = false
    /// This connection got somewhere (the server started, resumed or acknowledged): only then
    /// does a drop count as the first of a new run of failures.
    private var progressed = false
    private var outcome: Outcome?
    private var phase = Phase.streaming
    private var finishSent = false
    private var sawEnd = false
    private var lastSend = Date()
    private var segmentFrames: [AudioFrame] = []
    private var secret: String?

    init(
        adapter: any ProviderAdapter, credentials: CredentialSource, tls: TLSConfiguration, deviceID: String,
        policy: BackpressurePolicy, backlog: Int
    ) {
        self.adapter = adapter
        self.generic = adapter as? GenericAdapter
        self.credentials = credentials
        self.tls = tls
        self.deviceID = deviceID
        self.policy = policy
        self.backlog = backlog
        cutter = FrameCutter(samples: adapter.frameSamples)
        queue = OutboundQueue(limit: backlog, policy: policy, maxSamples: adapter.maxFrameSamples)
        let segmentSamples = adapter.frameSamples * (generic?.framesPerSegment ?? 1)
        ledger = SegmentLedger(
            segmentSamples: segmentSamples, capacity: max(2, backlog / (generic?.framesPerSegment ?? 1)))
    }

    func run(_ audio: AsyncStream<AudioFrame>, partial: @escaping @Sendable (String) -> Void)
        async throws(EngineError) -> Transcript
    {
        let capture = Task {
            for await frame in audio { self.locked { $0.accept(frame) } }
            self.locked { $0.endCapture() }
        }
        defer { capture.cancel() }
        var failures = 0
        var everOpened = false
        while true {
            switch await connect(partial: partial) {
            case .finished:
                return locked { $0.adapter.transcript }
            case .failed(let error):
                throw error
            case .dropped(let error, let opened):
                everOpened = everOpened || opened
                // A first connection that fails goes to the fallback now; a drop mid-stream is
                // what segment ACKs exist for.
                guard generic != nil, everOpened else { throw error }
                // A server that opens and closes again at once (a refused token, 1008 or 4xxx)
                // never resets the count: the reconnects end, and the fallback is asked.
                failures = locked({ $0.progressed }) ? 1 : failures + 1
                guard failures <= 8 else { throw error }
                locked {
                    $0.ledger.connectionLost()
                    $0.reconnects += 1
                }
                try? await Task.sleep(for: .milliseconds(min(2000, 50 << (failures - 1))))
                if Task.isCancelled { throw .cancelled }
            }
        }
    }

    /// What the user should hear about a stream that did give text.
    func notices() -> [String] {
        locked { s in
            var lines: [String] = []
            let rate = Double(AudioFormat.speech.sampleRate)
            func seconds(_ samples: Int) -> String { String(format: "%.2f", Double(samples) / rate) }
            if s.queue.droppedSamples > 0 {
                lines.append(
                    "dropped \(seconds(s.queue.droppedSamples)) s of audio: the network fell more than \(s.backlog) frames behind (backpressure = \(s.policy.rawValue))"
                )
            }
            if s.queue.merges > 0 {
                lines.append("coalesced \(s.queue.merges) frames into larger messages: the network fell behind")
            }
            if s.ledger.lostSamples > 0 {
                lines.append(
                    "lost \(seconds(s.ledger.lostSamples)) s of audio: the connection was down longer than the \(s.backlog)-frame buffer holds"
                )
            }
            if let notice = s.credentialNotice { lines.append(notice) }
            if s.unconfirmed {
                lines.append(
                    "the stream server did not confirm the end within \(Int(s.finishGrace)) s: the text is what it sent before"
                )
            }
            if s.reconnects > 0 {
                lines.append(
                    "reconnected \(s.reconnects) time\(s.reconnects == 1 ? "" : "s") to the stream server and resumed")
            }
            return lines
        }
    }

    // MARK: One connection

    private func connect(partial: @escaping @Sendable (String) -> Void) async -> Outcome {
        let credential: Credential?
        do throws(EngineError) {
            credential = try await locked { $0.credentials }.fetch(tls: tls)
        } catch .cancelled {
            return .failed(.cancelled)
        } catch {
            return .dropped(error, opened: false)
        }
        locked { s in
            guard s.credentials.fellBack(to: credential), case .key(let key) = credential else { return }
            // Later connections use the key at once, and the notice is said once.
            s.credentials = .key(key)
            s.credentialNotice =
                "Deepgram refused a temporary token for this key (HTTP 403: it lacks Member rights); "
                + "the key itself was sent, as Authorization: Token"
        }
        let request = locked { $0.adapter.request(credential: credential) }
        let connection = WebSocketConnection(request, tls: tls)
        let (bells, bell) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        locked { s in
            s.bell = bell
            s.secret = credential?.secret
            (s.opened, s.outcome, s.finishSent, s.sawEnd, s.segmentFrames) = (false, nil, false, false, [])
            (s.progressed, s.finishedAt) = (false, nil)
            s.phase = s.sessionKnown ? .handshaking : .needsStart
        }
        let receiver = Task { await self.receive(connection, url: request.url, partial: partial) }
        // A tick keeps the sender honest about keep-alives and pacing between frames.
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(200))
                bell.yield()
            }
        }
        defer {
            ticker.cancel()
            connection.abort()
        }
        var iterator = bells.makeAsyncIterator()
        while !Task.isCancelled, locked({ !$0.opened && $0.outcome == nil }) { _ = await iterator.next() }
        if locked({ $0.opened && $0.outcome == nil }), let generic, locked({ $0.sessionKnown }) {
            // Resume where the server's copy ends (A2 §5).
            let resume = locked { generic.resume(session: $0.sessionID, from: $0.ledger.resumeFrom) }
            try? await connection.send(text: resume)
        }
        let openedAt = Date()
        var pacer = adapter.maxRate.map { RatePacer(rate: $0, sampleRate: AudioFormat.speech.sampleRate) }
        sending: while !Task.isCancelled {
            switch locked({ $0.nextStep() }) {
            case .stop:
                break sending
            case .wait:
                _ = await iterator.next()
            case .text(let text):
                do { try await connection.send(text: text) } catch { break sending }
            case .audio(let frame):
                // Never faster than the provider allows over any 1 s window (B1.5, B2.7).
                let wait = pacer?.delay(for: frame.samples.count, at: Date().timeIntervalSince(openedAt)) ?? 0
                if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
                let start = Date().timeIntervalSince(openedAt)
                pacer?.sent(frame.samples.count, at: start)
                do { try await connection.send(pcm: frame.samples) } catch { break sending }
                // A send returns at once unless the socket's small buffers are full.
                let end = Date().timeIntervalSince(openedAt)
                if end - start > Self.heldSend {
                    pacer?.held(WebSocketDialer.heldBytes / 2 + frame.samples.count, until: end)
                }
            case .finish:
                for message in adapter.finishMessages {
                    do { try await connection.send(text: message) } catch { break sending }
                }
            }
        }
        if Task.isCancelled { return .failed(.cancelled) }
        if locked({ $0.outcome == .finished }) {
            await connection.close()
            return .finished
        }
        await receiver.value
        return locked { $0.outcome ?? .dropped(.stream(.connectionEnded), opened: $0.opened) }
    }

    private func receive(_ connection: WebSocketConnection, url: String, partial: @Sendable (String) -> Void) async {
        let place = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        for await event in connection.events {
            switch event {
            case .opened:
                locked { $0.opened = true }
            case .text(let text):
                let result = locked { $0.handle(text) }
                switch result {
                case .success(let live?): partial(live)
                case .success(nil): break
                case .failure(let error):
                    locked { $0.settle(.failed(error)) }
                    connection.abort()
                }
            case .closed(let code, let reason):
                locked { $0.settle($0.closed(code: code, reason: reason)) }
            case .failed(let words):
                locked { s in
                    let problem = StreamProblem.cannotConnect(s.provider, place: place, reason: s.scrub(words))
                    s.settle(.dropped(.stream(problem), opened: s.opened))
                }
            }
            locked { $0.bell?.yield() }
        }
        locked { s in
            s.settle(
                .dropped(s.adapter.error(closeCode: nil, reason: "") ?? .stream(.connectionEnded), opened: s.opened))
            s.bell?.yield()
        }
    }

    // MARK: State changes (called under the lock)

    @discardableResult
    private func locked<T>(_ body: (StreamRun) throws(EngineError) -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(self)
    }

    private func accept(_ frame: AudioFrame) {
        if generic != nil {
            ledger.append(frame)
        } else {
            for piece in cutter.push(frame) { queue.push(piece) }
        }
        bell?.yield()
    }

    private func endCapture() {
        if generic != nil {
            ledger.finish()
        } else if let last = cutter.finish(pad: adapter.padsLastFrame) {
            queue.push(last)
        }
        captureEnded = true
        bell?.yield()
    }

    /// The first outcome of a connection stands; later ones (the close after an error) do not.
    private func settle(_ new: Outcome) {
        if outcome == nil { outcome = new }
    }

    /// A reply: the live text to show, if it changed, or the error it carries.
    private func handle(_ text: String) -> Result<String?, EngineError> {
        let events: [StreamEvent]
        do throws(EngineError) {
            events = try adapter.receive(text)
        } catch {
            return .failure(scrub(error))
        }
        var live: String?
        for event in events {
            switch event {
            case .partial(let text): live = text
            case .ended where !finishSent:
                // The server ended the stream before it was asked to (AssemblyAI's Termination
                // as a session expires, a generic server's `closed`): not the whole recording, so
                // never a quiet success. A provider's close says why; a generic one resumes.
                if generic != nil { settle(.dropped(.stream(.closedEarly(.generic)), opened: opened)) }
            case .ended:
                sawEnd = true
                settle(.finished)
            case .started:
                (phase, progressed) = (.streaming, true)
            case .ack(let id):
                ledger.ack(id)
                progressed = true
            case .resumed(let id):
                progressed = true
                ledger.resumed(from: id)
                segmentFrames = []
                phase = .streaming
            case .resumeUnsupported:
                // A new session gets everything still held (A2 §5).
                ledger.restart()
                segmentFrames = []
                sessionID = UUID().uuidString.lowercased()
                sessionKnown = false
                phase = .needsStart
            }
        }
        return .success(live)
    }

    /// The outcome of the server's close frame.
    private func closed(code: Int?, reason: String) -> Outcome {
        if sawEnd { return .finished }
        let error = adapter.error(closeCode: code, reason: scrub(reason))
        if generic != nil {
            // A policy violation or an application's refusal (a token refused) is no drop.
            if let code, code == 1008 || (4000..<5000).contains(code), let error { return .failed(error) }
            return .dropped(error ?? .stream(.closedEarly(.generic)), opened: opened)
        }
        if let error { return .failed(error) }
        return finishSent ? .finished : .failed(.stream(.closedEarly(provider)))
    }

    private func nextStep() -> Step {
        if outcome != nil { return .stop }
        // A half-open link never brings the end: the finals so far are the text, not a timeout
        // that throws them away.
        if let finishedAt, Date().timeIntervalSince(finishedAt) > finishGrace {
            unconfirmed = true
            sawEnd = true
            settle(.finished)
            return .stop
        }
        if let generic { return nextGenericStep(generic) }
        if let frame = queue.pop() {
            lastSend = Date()
            return .audio(frame)
        }
        if captureEnded, !finishSent {
            (finishSent, finishedAt) = (true, Date())
            return .finish
        }
        if let keepAlive = adapter.keepAlive, !finishSent, Date().timeIntervalSince(lastSend) >= keepAlive.seconds {
            lastSend = Date()
            return .text(keepAlive.message)
        }
        return .wait
    }

    private func nextGenericStep(_ generic: GenericAdapter) -> Step {
        switch phase {
        case .needsStart:
            phase = .handshaking
            sessionKnown = true
            return .text(generic.start(session: sessionID, device: deviceID))
        case .handshaking:
            return .wait
        case .streaming:
            break
        }
        if !segmentFrames.isEmpty { return .audio(segmentFrames.removeFirst()) }
        // Past the backlog, `coalesce` sends a segment as one message (A2 §7).
        let coalesce = policy == .coalesce && ledger.unsentCount * generic.framesPerSegment > backlog
        if let segment = ledger.nextToSend(), let id = segment.sequenceId {
            let size = coalesce ? segment.samples.count : adapter.frameSamples
            segmentFrames = stride(from: 0, to: segment.samples.count, by: size).map {
                AudioFrame(
                    start: segment.start + $0,
                    samples: Array(segment.samples[$0..<min($0 + size, segment.samples.count)]))
            }
            if coalesce { queueMerged(segment.samples.count / max(1, adapter.frameSamples)) }
            return .text(generic.segment(id, start: segment.start, end: segment.end, device: deviceID))
        }
        if ledger.allSent, !finishSent {
            (finishSent, finishedAt) = (true, Date())
            return .finish
        }
        return .wait
    }

    private func queueMerged(_ frames: Int) {
        if frames > 1 { queue.countMerges(frames - 1) }
    }

    /// An error's words with the connection's secret taken out.
    private func scrub(_ error: EngineError) -> EngineError {
        guard let secret, !secret.isEmpty else { return error }
        guard case .stream(let problem) = error else { return error }
        return .stream(problem.replacing(secret, with: "***"))
    }

    private func scrub(_ text: String) -> String {
        guard let secret, !secret.isEmpty else { return text }
        return text.replacingOccurrences(of: secret, with: "***")
    }
}
