import Foundation

/// Where the speech in a recording pauses, found as the audio arrives: a user stops talking,
/// then reaches for the key that ends the take, and what was said before the pause can be
/// heard meanwhile. A 10 ms frame is speech when it is loud against both the take's loudest
/// frame (within `range` dB) and its quietest (`aboveFloor` dB over it); a pause is `quiet`
/// seconds of frames that are not, after at least `speech` seconds of frames that are.
public struct SpeechPause: Sendable {
    /// Seconds of quiet that make a pause: longer than the gaps inside a fluent line.
    public var quiet = 0.25
    /// Seconds of speech frames before a pause counts (a click, a breath are not a line).
    public var speech = 0.15
    public var range = 25.0
    public var aboveFloor = 10.0
    /// The loudest frame must reach this RMS (0…1), as `SpeechPresence` asks.
    public var minimumLevel = 0.001

    private var buffer: [Int16] = []
    private var samples = 0
    private var loudest = 0.0
    private var quietest = Double.infinity
    private var speechFrames = 0
    private var quietFrames = 0
    /// A pause was found and no speech has come since.
    private var paused = false

    private static let frameLength = 160

    public init() {}

    /// The last pause found still holds: no speech since.
    public var isPaused: Bool { paused }

    /// Takes the next samples; returns how many samples the recording had when a pause was
    /// found in them (once per pause: speech must come again before the next), else nil.
    public mutating func add(_ more: [Int16]) -> Int? {
        buffer += more
        var found: Int?
        var offset = 0
        while buffer.count - offset >= Self.frameLength {
            let frame = buffer[offset..<offset + Self.frameLength]
            offset += Self.frameLength
            samples += Self.frameLength
            let energy = frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(Self.frameLength)
            loudest = max(loudest, energy)
            quietest = min(quietest, max(energy, 1))
            if isSpeech(energy) {
                speechFrames += 1
                quietFrames = 0
                paused = false
            } else {
                quietFrames += 1
                let heardEnough = Double(speechFrames) * 0.01 >= speech
                if heardEnough, !paused, Double(quietFrames) * 0.01 >= quiet {
                    paused = true
                    found = samples
                }
            }
        }
        buffer.removeFirst(offset)
        return found
    }

    private func isSpeech(_ energy: Double) -> Bool {
        let level = 32768.0 * minimumLevel
        guard loudest >= level * level, energy > 1 else { return false }
        let dB = 10 * log10(energy)
        return dB > 10 * log10(loudest) - range && dB > 10 * log10(quietest) + aboveFloor
    }
}
