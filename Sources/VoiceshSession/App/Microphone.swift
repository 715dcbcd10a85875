import AudioCapture

/// The machine's microphones: what `devices` lists, and what a take records from when no
/// audio file is given. `ALSAMicrophone` is the real one; a test hands in one of its own.
package protocol Microphone: Sendable {
    /// Each capture device's name (what `--device` takes) and description.
    func captureDevices() -> [(name: String, description: String)]
    func open(device: String) -> any AudioSource
}

/// Capture through ALSA.
package struct ALSAMicrophone: Microphone {
    package init() {}

    package func captureDevices() -> [(name: String, description: String)] {
        ALSACapture.captureDevices()
    }

    package func open(device: String) -> any AudioSource {
        ALSACapture(device: device)
    }
}
