/// One take's audio on its way to the decoder, adapted to its channel. Frames are held until
/// the take's own sound tells the channel (`ChannelDetector`, a quarter second of sound), and on
/// a channel the decoder has not heard yet until a second of audio is there to take its
/// cepstral mean from; then they go on as the channel needs them (narrowband: with the high
/// band filled, `HighBandFill`). The decoder catches up at once, so the end of a take waits no
/// longer unless the take is shorter than what was held.
struct ChannelListening {
    /// The channel the decoder's cepstral mean was learnt on (nil: a fresh decoder).
    let previous: Channel?
    /// The channel the take's audio told, once it has.
    private(set) var detected: Channel?
    private var detector = ChannelDetector()
    private var held: [[Int16]] = []
    private var heldSamples = 0
    private var released = false
    private var fill = HighBandFill()
    /// Whether to adapt at all (false: every frame goes on at once, as it is).
    private let adapts: Bool
    /// At most this much audio waits (1 s at 16 kHz).
    static let maxHeld = 16000

    init(previous: Channel?, adapts: Bool = true) {
        self.previous = previous
        self.adapts = adapts
    }

    /// The channel frames are adapted for: the take's own once told, else the previous take's.
    var channel: Channel { detected ?? previous ?? .wideband }

    /// Whether this take needs a cepstral mean of its own: the decoder's first, or a new channel.
    var isNewChannel: Bool { adapts && (previous == nil || (detected.map { $0 != previous } ?? false)) }

    /// The frames ready for the decoder after `samples` (none while they are held).
    mutating func add(_ samples: [Int16]) -> [[Int16]] {
        guard adapts else { return [samples] }
        if detected == nil {
            detector.add(samples)
            detected = detector.channel
        }
        held.append(samples)
        heldSamples += samples.count
        if !released, detected == nil || isNewChannel, heldSamples < Self.maxHeld { return [] }
        released = true
        return release()
    }

    /// Whatever is still held, at the end of the take.
    mutating func finish() -> [[Int16]] { release() }

    private mutating func release() -> [[Int16]] {
        defer {
            held = []
            heldSamples = 0
        }
        return held.map { channel == .narrowband ? fill.apply($0) : $0 }
    }
}
