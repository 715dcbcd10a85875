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

    /// Whether this take needs a cepstral mean of its own: its band differs from the one the
    /// decoder's mean was learnt on (a fresh decoder's is the model's, a wideband one). A fresh
    /// decoder's wideband take keeps the model's mean: its own first second's took the first
    /// takes from 47.9 to 54.2% exact on the development lines (4 voices, every take a first),
    /// but changed what the quoted-English second pass heard in a line it had heard right.
    var isNewChannel: Bool { adapts && (detected ?? previous ?? .wideband) != (previous ?? .wideband) }

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
