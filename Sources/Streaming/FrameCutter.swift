import VoiceshCore

/// Re-cuts the recording's frames into the provider's frame size, keeping sample indexes.
struct FrameCutter {
    let size: Int
    private var buffer: [Int16] = []
    private var start: Int?

    init(samples size: Int) {
        self.size = max(1, size)
    }

    /// Whole frames ready to send.
    mutating func push(_ frame: AudioFrame) -> [AudioFrame] {
        if start == nil { start = frame.start }
        buffer += frame.samples
        var out: [AudioFrame] = []
        var offset = 0
        while buffer.count - offset >= size {
            out.append(AudioFrame(start: start! + offset, samples: Array(buffer[offset..<offset + size])))
            offset += size
        }
        buffer.removeFirst(offset)
        start! += offset
        return out
    }

    /// The short frame left at the end, if any: padded with silence to a whole frame when
    /// the provider refuses short frames, never empty (an empty binary frame closes a Deepgram stream).
    mutating func finish(pad: Bool) -> AudioFrame? {
        guard let start, !buffer.isEmpty else { return nil }
        var samples = buffer
        if pad { samples += [Int16](repeating: 0, count: size - samples.count) }
        buffer = []
        return AudioFrame(start: start, samples: samples)
    }
}
