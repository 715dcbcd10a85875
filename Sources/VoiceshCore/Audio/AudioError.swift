/// Why there is no audio. Each case is one line a user can act on (`Failure` words it).
public enum AudioError: Error, Equatable, Sendable {
    /// The device does not exist, is busy, or refuses 16 kHz mono even through the plug layer.
    case cannotOpen(device: String, reason: String)
    /// The device failed while recording.
    case failed(device: String, reason: String)
    case badFile(path: String, reason: String)
}
