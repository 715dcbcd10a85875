import Foundation
import VoiceshCore

/// A WAV file standing in for the microphone, played at real-time pace: each recording starts
/// from the file's beginning and, like speech into a microphone, arrives 40 ms at a time as
/// the clock runs. After the file's end nothing more comes until the recording is stopped.
public final class WAVFileSource: AudioSource, @unchecked Sendable {
    public let path: String
    private let samples: [Int16]
    private let thread = SourceThread()

    public init(path: String) throws(AudioError) {
        self.path = path
        let bytes = try AudioFile.read(path)
        do throws(WAV.FormatError) {
            samples = try WAV.decode(bytes).speechSamples()
        } catch {
            throw .badFile(path: path, reason: error.message)
        }
    }

    public var name: String { "file \(path)" }
    public var seconds: Double { Double(samples.count) / Double(AudioFormat.speech.sampleRate) }

    public func start(_ sink: @escaping @Sendable (AudioEvent) -> Void) throws(AudioError) {
        let frames = AudioFrame.frames(of: samples, milliseconds: 40)
        thread.start(name: "voicesh-file-audio") { [thread] in
            let start = DispatchTime.now().uptimeNanoseconds
            for (i, frame) in frames.enumerated() {
                // Frame i is due when its last sample would have been spoken.
                let due = start + UInt64(i + 1) * 40_000_000
                while DispatchTime.now().uptimeNanoseconds < due {
                    if thread.isStopping { return }
                    let left = due - min(due, DispatchTime.now().uptimeNanoseconds)
                    usleep(useconds_t(min(left / 1000, 10_000)))
                }
                if thread.isStopping { return }
                sink(.frame(frame))
            }
        }
    }

    public func stop() { thread.stop() }
}
