import Foundation
import VoiceshCore

/// Any engine behind the recording's own voice activity (`SpeechPresence`): a take with no
/// speech gives `.noSpeech` whatever the engine made of it, so no engine types what nobody
/// said. And text that only repeats a line voicesh itself sent (Whisper's prompt, the
/// vocabulary) from a take with too little speech to have said it is dropped as well:
/// Whisper echoes its prompt on unclear audio.
public struct SpeechGate: SpeechEngine {
    public let inner: any SpeechEngine
    /// The lines voicesh sends the engine for a dictation: prompt lines, vocabulary terms.
    public let sent: @Sendable (SpeechContext) -> [String]

    public init(_ inner: any SpeechEngine, sent: @escaping @Sendable (SpeechContext) -> [String] = { _ in [] }) {
        self.inner = inner
        self.sent = sent
    }

    public var label: String { inner.label }

    /// Voiced speech needed per character of an echoed line for it to count as said: a line
    /// like `echo $HOME` takes half a second to say; a cough or a click has a tenth of one.
    static let secondsPerCharacter = 0.02

    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        let listener = Listener()
        let transcript = try await inner.transcribe(request, events: events) { frame in
            listener.add(frame.samples)
        }
        return try Self.judge(transcript, presence: listener.presence, sent: sent(request.context))
    }

    /// The gate's verdict on what an engine returned for a take.
    public static func judge(_ transcript: Transcript, presence: SpeechPresence, sent: [String]) throws(EngineError)
        -> Transcript
    {
        guard presence.likelySpeech else { throw .noSpeech }
        let heard = normalized(transcript.text)
        guard !heard.isEmpty else { throw .noSpeech }
        if let echoed = sent.first(where: { normalized($0) == heard }),
            presence.voicedSeconds < secondsPerCharacter * Double(echoed.count)
        {
            throw .noSpeech
        }
        return transcript
    }

    /// Lower case, letters, digits and shell marks only, single spaces: `Echo $HOME.` → `echo $home`.
    static func normalized(_ text: String) -> String {
        let kept = text.lowercased().map { $0.isLetter || $0.isNumber || "$~/-_.=|&>*".contains($0) ? $0 : " " }
        return String(kept).split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Whether recorded frames hold speech (for an engine that has them all, as the hybrid does).
    public static func hearsSpeech(_ frames: [AudioFrame]) -> Bool {
        var presence = SpeechPresence()
        for frame in frames { presence.add(frame.samples) }
        return presence.likelySpeech
    }
}

/// The presence measure, fed from the forwarding task and read once the engine is done.
private final class Listener: @unchecked Sendable {
    private let lock = NSLock()
    private var measured = SpeechPresence()

    func add(_ samples: [Int16]) { lock.withLock { measured.add(samples) } }
    var presence: SpeechPresence { lock.withLock { measured } }
}
