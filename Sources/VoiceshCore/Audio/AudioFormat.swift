/// The audio every engine takes: 16 kHz, mono, signed 16-bit little-endian PCM.
public struct AudioFormat: Equatable, Sendable {
    public var sampleRate: Int
    public var channels: Int

    public static let speech = AudioFormat(sampleRate: 16_000, channels: 1)

    /// Bytes of PCM16 per second of audio.
    public var bytesPerSecond: Int { sampleRate * channels * 2 }
}

/// A run of recorded audio in the speech format, with its place in the recording.
public struct AudioFrame: Equatable, Sendable {
    /// The index, in samples from the start of the recording, of the first sample.
    public var start: Int
    public var samples: [Int16]

    public init(start: Int, samples: [Int16]) {
        self.start = start
        self.samples = samples
    }

    /// Cuts a recording into frames of `milliseconds` (the last may be shorter).
    public static func frames(of samples: [Int16], milliseconds: Int = 40, rate: Int = AudioFormat.speech.sampleRate)
        -> [AudioFrame]
    {
        let size = max(1, rate * milliseconds / 1000)
        return stride(from: 0, to: samples.count, by: size).map { i in
            AudioFrame(start: i, samples: Array(samples[i..<min(i + size, samples.count)]))
        }
    }

}
