import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// Real pocketsphinx on Festival's kal voice through the benchmark's listening conditions
/// (`scripts/synthesize-voices --conditions`): a Bluetooth-like narrowband headset, an echoing
/// room, a fan at 10 dB SNR, a quiet laptop microphone.
struct ChannelConditionsTests {
    /// As the program's `main` does: a child that ends before reading what is written to it
    /// gives EPIPE, not a signal that ends the whole test process (a full run here died of one: signal 13).
    init() { signal(SIGPIPE, SIG_IGN) }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let conditions = ["headset", "room", "fan", "laptop"]

    /// `lines` spoken by Festival's kal voice, clean and in every condition: condition ("clean"
    /// too) → the takes in the order of `lines`.
    static func takes(_ lines: [String], in folder: URL) throws -> [String: [[Int16]]] {
        let sentences = folder.appendingPathComponent("lines.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: sentences, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("voices").path
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/synthesize-voices")
        process.arguments = [
            "--sentences", sentences.path, "--out", out, "--voices", "festival-kal", "--conditions",
            conditions.joined(separator: ","),
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var result: [String: [[Int16]]] = [:]
        for condition in ["clean"] + conditions {
            let voice = (condition == "clean" ? out : "\(out)@\(condition)") + "/festival-kal"
            result[condition] = try lines.map { line in
                let file = try FileManager.default.contentsOfDirectory(atPath: voice).first { name in
                    name.hasSuffix(".txt")
                        && (try? String(contentsOfFile: voice + "/" + name, encoding: .utf8))?
                            .trimmingCharacters(in: .whitespacesAndNewlines) == line
                }
                let wav = voice + "/" + (file ?? "missing").dropLast(4) + ".wav"
                return try WAV.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: wav)))).speechSamples()
            }
        }
        return result
    }

    /// The text the engine gives, "" for no speech.
    static func transcribe(_ engine: PocketSphinxEngine, _ audio: [Int16]) async -> String {
        let frames = AudioFrame.frames(of: audio)
        let stream = AsyncStream<AudioFrame> { continuation in
            for frame in frames { continuation.yield(frame) }
            continuation.finish()
        }
        return (try? await engine.transcribe(EngineRequest(stream)) { _ in }.text) ?? ""
    }

    /// Each condition's takes are told apart (the headset's as narrowband), and no condition
    /// collapses to the language model's prior: a fresh engine per condition (a session's first
    /// takes on that microphone) hears the first line right, through the headset too, and gives
    /// each line a text of its own.
    @Test func noConditionCollapsesToThePrior() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "voicesh-channel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = ["git push origin main", "docker ps dash a", "sudo apt update"]
        let takes = try Self.takes(lines, in: folder)
        for (condition, audio) in takes {
            for take in audio {
                #expect(
                    ChannelDetector.channel(of: take) == (condition == "headset" ? .narrowband : .wideband),
                    "\(condition)")
            }
        }
        let memory = ChannelMemory(file: folder.appendingPathComponent("channels").path, device: "bluealsa:PROFILE=sco")
        for condition in ["clean"] + Self.conditions {
            let engine = PocketSphinxEngine(
                vocabulary: [], history: [], cacheDirectory: folder.appendingPathComponent("cache").path,
                channelMemory: condition == "headset" ? memory : nil)
            var heard: [String] = []
            for take in takes[condition] ?? [] { heard.append(await Self.transcribe(engine, take)) }
            #expect(heard.first == lines.first, "\(condition): \(heard)")
            #expect(Set(heard).count == lines.count, "\(condition): \(heard)")
        }
        // The headset's channel is kept for its device's next session.
        #expect(memory?.recall()?.channel == .narrowband)
    }
}
