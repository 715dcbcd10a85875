import CALSA
import Foundation
import VoiceshCore

/// One open ALSA PCM, in 16 kHz mono S16_LE through the plug layer (which converts rate,
/// channels and format for a device that insists on its own). Owns the `snd_pcm_t`; the
/// handle never leaves this class, and one thread at a time uses it.
final class ALSADevice {
    let name: String
    private let pcm: OpaquePointer

    enum Direction { case capture, playback }

    init(name: String, direction: Direction, latencyMicroseconds: UInt32 = 100_000) throws(AudioError) {
        self.name = name
        voicesh_alsa_quiet()
        var handle: OpaquePointer?
        let stream = direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        var code = snd_pcm_open(&handle, name, stream, direction == .capture ? SND_PCM_NONBLOCK : 0)
        guard code == 0, let handle else {
            let reason =
                switch -code {
                case ENOENT: "ALSA knows no device of that name"
                case EBUSY: "the device is busy (another program is recording from it)"
                default: Self.describe(code)
                }
            throw .cannotOpen(device: name, reason: reason)
        }
        // soft_resample = 1: let the plug layer resample when the hardware rate differs.
        code = snd_pcm_set_params(
            handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
            UInt32(AudioFormat.speech.sampleRate), 1, latencyMicroseconds)
        guard code == 0 else {
            snd_pcm_close(handle)
            throw .cannotOpen(device: name, reason: "16 kHz mono is refused (\(Self.describe(code)))")
        }
        pcm = handle
    }

    deinit { snd_pcm_close(pcm) }

    enum Read: Equatable {
        case samples(Int)
        /// Nothing yet (non-blocking capture).
        case wouldBlock
        /// The buffer overran and was recovered: samples were lost, recording goes on.
        case overrun
    }

    /// Waits up to `timeout` ms for audio, then reads what is there into `buffer`.
    func read(into buffer: inout [Int16], timeout: Int32) throws(AudioError) -> Read {
        _ = snd_pcm_wait(pcm, timeout)
        let n = buffer.withUnsafeMutableBytes { raw in
            snd_pcm_readi(pcm, raw.baseAddress, snd_pcm_uframes_t(raw.count / 2))
        }
        if n >= 0 { return .samples(Int(n)) }
        return try recover(Int32(n))
    }

    /// Plays `samples` to the end (blocking).
    func play(_ samples: [Int16]) throws(AudioError) {
        var offset = 0
        while offset < samples.count {
            let n = samples[offset...].withUnsafeBytes { raw in
                snd_pcm_writei(pcm, raw.baseAddress, snd_pcm_uframes_t(raw.count / 2))
            }
            if n >= 0 {
                offset += Int(n)
            } else {
                _ = try recover(Int32(n))
            }
        }
        snd_pcm_drain(pcm)
    }

    /// Return codes of reads and writes: EAGAIN waits, an overrun (EPIPE) or a suspend (ESTRPIPE) is
    /// recovered and counted, anything else is the device failing.
    private func recover(_ code: Int32) throws(AudioError) -> Read {
        if code == -EAGAIN { return .wouldBlock }
        if code == -EPIPE || code == -ESTRPIPE || code == -EINTR {
            let recovered = snd_pcm_recover(pcm, code, 1)
            if recovered == 0 { return code == -EINTR ? .wouldBlock : .overrun }
        }
        throw .failed(device: name, reason: Self.describe(code))
    }

    static func describe(_ code: Int32) -> String {
        String(cString: snd_strerror(code))
    }

    /// Capture devices ALSA knows by name (`default`, `pulse`, `hw:CARD=…`), with their
    /// descriptions, from the configuration's hints.
    static func captureDevices() -> [(name: String, description: String)] {
        voicesh_alsa_quiet()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) == 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [(String, String)] = []
        var i = 0
        while let hint = hints[i] {
            i += 1
            func field(_ id: String) -> String? {
                guard let value = snd_device_name_get_hint(hint, id) else { return nil }
                defer { free(value) }
                return String(cString: value)
            }
            guard let name = field("NAME"), field("IOID") != "Output" else { continue }
            let description = (field("DESC") ?? "").split(separator: "\n").joined(separator: " — ")
            devices.append((name, description))
        }
        return devices
    }
}
