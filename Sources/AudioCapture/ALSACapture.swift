import Foundation
import VoiceshCore

/// The microphone through ALSA. Each recording opens the device afresh (so a device that
/// appears mid-session is found, and a busy one is only busy while recording) and reads it on
/// a thread of its own, in frames of 40 ms.
///
/// `@unchecked Sendable`: the device handle is created in `start` and from then on touched
/// only by the capture thread; `stop` only sets a flag under the lock and waits for the thread.
public final class ALSACapture: AudioSource, @unchecked Sendable {
    public let device: String
    private let lock = NSLock()
    private var stopping = false
    private var running: DispatchGroup?
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
        let group = DispatchGroup()
        lock.withLock {
            stopping = false
            overruns = 0
            running = group
        }
        group.enter()
        let thread = Thread { [self] in
            defer { group.leave() }
            capture(pcm, sink)
        }
        thread.name = "voicesh-capture"
        thread.start()
    }

    public func stop() {
        let group = lock.withLock {
            stopping = true
            defer { running = nil }
            return running
        }
        group?.wait()
    }

    private func capture(_ pcm: ALSADevice, _ sink: @Sendable (AudioEvent) -> Void) {
        let frameSize = AudioFormat.speech.sampleRate / 25  // 40 ms
        var buffer = [Int16](repeating: 0, count: frameSize)
        var position = 0
        while !lock.withLock({ stopping }) {
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
