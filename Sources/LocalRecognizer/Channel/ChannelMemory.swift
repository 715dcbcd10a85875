import Foundation

/// What each capture device was last heard through, so its next session starts adapted: the
/// channel (narrowband or not) and the cepstral mean live CMN had learnt of it. A small file
/// of `DEVICE<TAB>CHANNEL<TAB>MEAN` lines in the cache (rebuildable: a lost file is learnt
/// again in one take).
public struct ChannelMemory: Sendable {
    let file: String
    let device: String

    /// A device's channel and the cepstral mean its last take ended with.
    public struct Remembered: Equatable, Sendable {
        public var channel: Channel
        public var mean: [Float]
    }

    /// nil for a device name the file cannot hold (a tab or a line break in it).
    public init?(file: String, device: String) {
        guard !device.isEmpty, !device.contains(where: { $0 == "\t" || $0.isNewline }) else { return nil }
        (self.file, self.device) = (file, device)
    }

    private func lines() -> [(device: String, line: String)] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { (String($0.prefix { $0 != "\t" }), String($0)) }
    }

    /// What this device was last heard through, if it was.
    public func recall() -> Remembered? {
        guard let line = lines().last(where: { $0.device == device })?.line else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, let channel = Channel(rawValue: String(fields[1])) else { return nil }
        let mean = fields[2].split(separator: ",").compactMap { Float($0) }
        return Remembered(channel: channel, mean: mean)
    }

    /// Keeps `channel` and `mean` for this device (a failed write is harmless: the next take
    /// tells again).
    public func remember(_ channel: Channel, mean: [Float]) {
        let others = lines().filter { $0.device != device }.map(\.line)
        let entry = "\(device)\t\(channel.rawValue)\t" + mean.map { String(format: "%.3f", $0) }.joined(separator: ",")
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? ((others + [entry]).joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }
}
