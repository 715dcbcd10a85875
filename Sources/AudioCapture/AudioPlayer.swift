import VoiceshCore

/// Plays a recording on an ALSA device (`voicesh history play`).
public enum AudioPlayer {
    public static func play(_ samples: [Int16], device: String) throws(AudioError) {
        let pcm = try ALSADevice(name: device, direction: .playback)
        try pcm.play(samples)
    }
}
