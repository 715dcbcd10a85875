import ArgumentParser
import VoiceshSession

struct Devices: VoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the ALSA capture devices voicesh can record from.",
        discussion: "Pick one with --device, a profile's audio_device, or $VOICESH_AUDIO_DEVICE.")

    func run(_ context: AppContext) throws {
        let devices = context.microphone.captureDevices()
        guard !devices.isEmpty else {
            context.console.error("voicesh: ALSA lists no capture devices; check that this machine has a microphone")
            throw ExitCode(1)
        }
        let width = min(40, devices.map(\.name.count).max() ?? 0)
        for device in devices {
            context.console.print(
                device.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + device.description)
        }
    }
}
