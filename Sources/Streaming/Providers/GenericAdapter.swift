import Foundation
import VoiceshCore

/// voicesh stream v1 (specs A2): a self-hosted server that ACKs whole segments, so a dropped
/// connection resumes where the server's copy ends.
public struct GenericAdapter: ProviderAdapter {
    public var url: String
    /// Frames per segment: 25 frames of 40 ms = 1 s (A2 §3).
    public var framesPerSegment = 25

    public init(config: EngineConfig) {
        url = config.url ?? ""
    }

    public var provider: StreamProvider { .generic }
    public var frameMilliseconds: Int { 40 }
    /// Coalescing merges at most a whole segment into one message (A2 §7).
    public var maxFrameMilliseconds: Int { frameMilliseconds * framesPerSegment }
    public var maxRate: Double? { nil }
    public var padsLastFrame: Bool { false }
    public var keepAlive: (message: String, seconds: Double)? { nil }
    public var finishMessages: [String] { [#"{"type":"end"}"#] }

    public func request(credential: Credential?) -> ConnectionRequest {
        ConnectionRequest(
            url: url, headers: credential.map { [.init(name: "Authorization", value: "Bearer \($0.secret)")] } ?? [])
    }

    public func start(session: String, device: String) -> String {
        Wire.json([
            "type": "start", "sessionId": session, "deviceId": device, "sampleRate": AudioFormat.speech.sampleRate,
            "encoding": "pcm_s16le", "channels": 1,
        ])
    }

    public func segment(_ sequenceId: Int, start: Int, end: Int, device: String) -> String {
        Wire.json([
            "type": "segment", "sequenceId": sequenceId, "startSampleIndex": start, "endSampleIndex": end,
            "sampleRate": AudioFormat.speech.sampleRate, "deviceId": device,
        ])
    }

    public func resume(session: String, from sequenceId: Int) -> String {
        Wire.json(["type": "resume", "sessionId": session, "resumeFrom": sequenceId])
    }

    private var finals: [String] = []
    private var partialText = ""

    public mutating func receive(_ text: String) throws(EngineError) -> [StreamEvent] {
        let message = try Wire.object(text, from: provider)
        switch message["type"] as? String {
        case "started": return [.started]
        case "ack":
            guard let id = message["sequenceId"] as? Int else {
                throw .stream(.incomplete(.ack, text: String(text.prefix(80))))
            }
            return [.ack(id)]
        case "resumed":
            guard let id = message["resumeFrom"] as? Int else {
                throw .stream(.incomplete(.resumed, text: String(text.prefix(80))))
            }
            return [.resumed(id)]
        case "transcript":
            let words = (message["text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if message["isFinal"] as? Bool == true {
                // A final replaces the partial before it and joins the dictation (A2 §4).
                if !words.isEmpty { finals.append(words) }
                partialText = ""
            } else {
                partialText = words
            }
            return [.partial(Wire.join(finals + [partialText]))]
        case "error":
            let code = message["code"] as? String
            if code == "resume_unsupported" { return [.resumeUnsupported] }
            throw .stream(.said(.generic, code: code, words: [message["message"] as? String].compactMap { $0 }))
        case "closed": return [.ended]
        default: return []
        }
    }

    public var transcript: Transcript { Transcript(segments: finals.map { TranscriptSegment(text: $0) }) }

    public func error(closeCode: Int?, reason: String) -> EngineError? {
        switch closeCode {
        case 1000: nil
        case nil: .stream(.dropped(.generic, url: url))
        case let code?: .stream(.ended(.generic, .other, .close(code, reason: reason)))
        }
    }
}
