import Foundation
import VoiceshCore

/// WAV files standing in for the microphone, played at real-time pace: each recording plays
/// the next file from its beginning (the last one again once all have played, so one file
/// serves every take) and, like speech into a microphone, arrives 40 ms at a time as the clock
/// runs. After the file's end nothing more comes until the recording is stopped.
public final class WAVFileSource: AudioSource, @unchecked Sendable {
    public let path: String
    private let takes: [[Int16]]
    private let played = Locked(0)
    private let thread = SourceThread()

    public convenience init(path: String) throws(AudioError) {
        try self.init(paths: [path])
    }

    /// `paths`: one file per recording, in order (at least one).
    public init(paths: [String]) throws(AudioError) {
        path = paths.first ?? ""
        var takes: [[Int16]] = []
        for path in paths {
            let bytes = try AudioFile.read(path)
            do throws(WAV.FormatError) {
                takes.append(try WAV.decode(bytes).speechSamples())
            } catch {
                throw .badFile(path: path, reason: error.message)
            }
        }
        self.takes = takes
    }

    public var name: String { "file \(path)" }
    /// The first file's length (what a one-take command plays).
    public var seconds: Double { Double(takes.first?.count ?? 0) / Double(AudioFormat.speech.sampleRate) }

    public func start(_ sink: @escaping @Sendable (AudioEvent) -> Void) throws(AudioError) {
        let take = played.update { count in
            defer { count += 1 }
            return min(count, takes.count - 1)
        }
        let frames = takes.isEmpty ? [] : AudioFrame.frames(of: takes[take], milliseconds: 40)
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
