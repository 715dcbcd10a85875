import AudioCapture
import Foundation
import VoiceshCore

/// One recording in progress. Frames from the source (on its own thread) go to the engine
/// as they arrive and into memory for the history; the level is kept for the meter. It stops
/// taking audio at `maxSamples`, so a forgotten recording cannot grow without bound.
package final class Recording: @unchecked Sendable {
    package let audio: AsyncStream<AudioFrame>
    private let feed: AsyncStream<AudioFrame>.Continuation
    private let maxSamples: Int
    private let onFull: @Sendable () -> Void
    private let onSpeech: @Sendable (Bool) -> Void
    /// Listens for speech (for `auto_stop`), and what it last said.
    private var presence: SpeechPresence?
    private var speaking = false
    private let lock = NSLock()
    private var kept: [Int16] = []
    private var peak: Double = 0
    private var finished = false

    /// `forEngine: false` when nothing reads `audio` (`record`): frames are then not queued.
    /// `listensForSpeech`: `onSpeech` hears each change between speech and silence.
    package init(
        maxSeconds: Double, forEngine: Bool = true, listensForSpeech: Bool = false,
        onSpeech: @escaping @Sendable (Bool) -> Void = { _ in }, onFull: @escaping @Sendable () -> Void = {}
    ) {
        (audio, feed) = AsyncStream<AudioFrame>.makeStream()
        if !forEngine { feed.finish() }
        maxSamples = Int(maxSeconds * Double(AudioFormat.speech.sampleRate))
        self.onFull = onFull
        self.onSpeech = onSpeech
        if listensForSpeech { presence = SpeechPresence() }
        // Room for the longest recording at once: pages are only committed as they are
        // written, and the buffer never doubles and copies as it grows.
        kept.reserveCapacity(maxSamples)
    }

    /// Called on the source's thread.
    package func accept(_ frame: AudioFrame) {
        var change: Bool?
        let full: Bool = lock.withLock {
            guard !finished else { return false }
            if presence != nil {
                presence?.add(frame.samples)
                let now = presence?.speakingNow ?? false
                if now != speaking {
                    speaking = now
                    change = now
                }
            }
            let room = maxSamples - kept.count
            let samples = frame.samples.count <= room ? frame.samples : Array(frame.samples.prefix(room))
            kept += samples
            feed.yield(AudioFrame(start: frame.start, samples: samples))
            // The meter: peak of the frame on a log scale, falling back slowly as a VU meter does.
            let loudest = samples.lazy.map { abs(Double($0)) }.max() ?? 0
            let decibels = 20 * log10(max(loudest, 1) / 32768)
            peak = max(peak * 0.8, min(1, max(0, (decibels + 60) / 60)))
            if kept.count >= maxSamples {
                finished = true
                feed.finish()
                return true
            }
            return false
        }
        if let change { onSpeech(change) }
        if full { onFull() }
    }

    /// Ends the audio the engine sees (recording stopped).
    package func finish() {
        lock.withLock {
            finished = true
            feed.finish()
        }
    }

    package var samples: [Int16] { lock.withLock { kept } }

    /// The recording as a WAV file, made in one copy.
    package var wav: Data {
        lock.withLock {
            var data = Data(WAV.header(sampleCount: kept.count))
            data.reserveCapacity(data.count + kept.count * 2)
            kept.withUnsafeBufferPointer { WAV.appendLittleEndian($0, to: &data) }
            return data
        }
    }
    package var seconds: Double { Double(lock.withLock { kept.count }) / Double(AudioFormat.speech.sampleRate) }
    package var level: Double { lock.withLock { peak } }
    /// The maximum length was reached.
    package var isFull: Bool { lock.withLock { kept.count >= maxSamples } }
}
