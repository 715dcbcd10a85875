import VoiceshCore

extension Recognition {
    /// A finished recording as frames of 40 ms, for an engine run after the fact: all at once,
    /// or paced at real time (a stream engine hears a file as it would a microphone).
    package static func frames(_ samples: [Int16], realTime: Bool = false) -> AsyncStream<AudioFrame> {
        let frames = AudioFrame.frames(of: samples)
        guard realTime else {
            return AsyncStream { continuation in
                for frame in frames { continuation.yield(frame) }
                continuation.finish()
            }
        }
        let (stream, continuation) = AsyncStream.makeStream(of: AudioFrame.self)
        let task = Task {
            let clock = ContinuousClock()
            let start = clock.now
            let rate = Double(AudioFormat.speech.sampleRate)
            for frame in frames {
                // A frame is due once it has been "recorded": when its last sample is in the past.
                let due = start + .seconds(Double(frame.start + frame.samples.count) / rate)
                try? await clock.sleep(until: due)
                if Task.isCancelled { break }
                continuation.yield(frame)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
