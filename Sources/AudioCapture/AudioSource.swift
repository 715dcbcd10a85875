import VoiceshCore

/// Where a recording comes from: a microphone through ALSA, or a WAV file played at
/// real-time pace (demos and tests on machines with no microphone).
///
/// A source delivers 16 kHz mono PCM16 frames on a thread of its own, so the session loop
/// never waits on audio and audio never waits on the network or the screen.
public protocol AudioSource: AnyObject, Sendable {
    /// A short description for messages: `ALSA "default"`, `file demo.wav`.
    var name: String { get }
    /// Starts a recording from the beginning; `sink` gets frames, then at most one error.
    func start(_ sink: @escaping @Sendable (AudioEvent) -> Void) throws(AudioError)
    /// Stops; when it returns no more events will come.
    func stop()
}

public enum AudioEvent: Sendable {
    case frame(AudioFrame)
    /// Capture broke off (the device went away); the frames before it are good.
    case failed(AudioError)
}
