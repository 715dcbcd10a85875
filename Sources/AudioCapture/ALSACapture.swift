import Foundation
import VoiceshCore

/// The microphone through ALSA. Each recording opens the device afresh (so a device that
/// appears mid-session is found, and a busy one is only busy while recording) and reads it on
/// a thread of its own, in frames of 40 ms.
///
/// `@unchecked Sendable`: the device handle is created in `start` and from then on touched
/// only by the capture thread; `stop` only sets its flag and waits for it (`SourceThread`).
public final class ALSACapture: AudioSource, @unchecked Sendable {
    public let device: String
    private let lock = NSLock()
    private let thread = SourceThread()
    /// Overruns recovered so far in this recording (samples were lost, recording went on).
    public private(set) var overruns = 0

    public init(device: String) {
        self.device = device
    }

    public var name: String { "ALSA device \"\(device)\"" }

    public static func captureDevices() -> [(name: String, description: String)] {
        ALSADevice.captureDevices()
    }

    public func start(_ sink: @escaping @Sendable (AudioEvent) -> Void) throws(AudioError) {
        stop()
        // Handed over whole: from here on only the capture thread touches the device.
        nonisolated(unsafe) let pcm = try ALSADevice(name: device, direction: .capture)
        lock.withLock { overruns = 0 }
        thread.start(name: "voicesh-capture") { [self] in capture(pcm, sink) }
    }

    public func stop() { thread.stop() }

    private func capture(_ pcm: ALSADevice, _ sink: @Sendable (AudioEvent) -> Void) {
        let frameSize = AudioFormat.speech.sampleRate / 25  // 40 ms
        var buffer = [Int16](repeating: 0, count: frameSize)
        var position = 0
        while !thread.isStopping {
            do {
                switch try pcm.read(into: &buffer, timeout: 50) {
                case .samples(let n) where n > 0:
                    sink(.frame(AudioFrame(start: position, samples: Array(buffer[..<n]))))
                    position += n
                case .overrun:
                    lock.withLock { overruns += 1 }
                default:
                    continue
                }
            } catch {
                sink(.failed(error))
                return
            }
        }
    }
}
