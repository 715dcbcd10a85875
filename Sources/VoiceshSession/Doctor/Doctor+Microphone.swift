import AudioCapture
import Foundation
import VoiceshCore

extension Doctor {
    /// A short reading from the capture device a take would record from: `listening` seconds
    /// of audio, or what stopped it.
    func microphone(device: String) -> DoctorReport.Check {
        let wanted = Int(listening * Double(AudioFormat.speech.sampleRate))
        let heard = Locked<(samples: [Int16], failure: AudioError?)>(([], nil))
        let enough = DispatchSemaphore(value: 0)
        let source = context.microphone.open(device: device)
        do {
            try source.start { event in
                let done: Bool = heard.update { heard in
                    let before = heard.samples.count >= wanted || heard.failure != nil
                    switch event {
                    case .frame(let frame): heard.samples += frame.samples
                    case .failed(let error): heard.failure = heard.failure ?? error
                    }
                    return !before && (heard.samples.count >= wanted || heard.failure != nil)
                }
                if done { enough.signal() }
            }
        } catch {
            return .problem(.microphone, .microphone(error))
        }
        // A device that gives nothing for a second longer than asked is said to, not waited on.
        let patience = listening + 1
        _ = enough.wait(timeout: .now() + patience)
        source.stop()
        let (samples, failure) = heard.value
        if let failure { return .problem(.microphone, .microphone(failure)) }
        guard !samples.isEmpty else { return .problem(.microphone, .noAudio(device: device, seconds: patience)) }
        let level = AudioLevel(Array(samples.prefix(wanted)))
        let seconds = Double(level.samples) / Double(AudioFormat.speech.sampleRate)
        return .found(
            .microphone,
            "\(source.name): \(String(format: "%.1f", seconds)) s heard, \(level.description)"
                + (level.isSilent ? "; unmute it if it is a real microphone" : ""))
    }
}
