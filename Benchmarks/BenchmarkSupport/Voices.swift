import Foundation
import VoiceshCore

/// A line of a corpus and its recording (16 kHz mono samples).
public struct Utterance: Sendable {
    public let text: String
    public let audio: [Int16]
    public var seconds: Double { Double(audio.count) / 16000 }

    public init(text: String, audio: [Int16]) {
        self.text = text
        self.audio = audio
    }
}

/// The benchmarks' synthetic voices: made by scripts/synthesize-voices, read back from its folders.
public enum Voices {
    /// Runs scripts/synthesize-voices and returns the folders it printed: the clean one first,
    /// then one for each `--conditions` room.
    public static func synthesize(_ arguments: [String]) throws -> [String] {
        let p = Process()
        let pipe = Pipe()
        p.executableURL = URL(fileURLWithPath: "scripts/synthesize-voices")
        p.arguments = arguments
        p.standardOutput = pipe
        try p.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let folders = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
        guard p.terminationStatus == 0, !folders.isEmpty else {
            fatalError("scripts/synthesize-voices failed; run it from the package root")
        }
        return folders
    }

    /// A WAV file's speech samples.
    public static func load(_ wav: String) throws -> [Int16] {
        try WAV.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: wav)))).speechSamples()
    }

    /// The NAME.txt + NAME.wav pairs of one voice's folder, in name order.
    public static func utterances(in folder: String) throws -> [Utterance] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        return try files.filter { $0.hasSuffix(".txt") }.map { name in
            let base = folder + "/" + name.dropLast(4)
            let text = try String(contentsOfFile: base + ".txt", encoding: .utf8)
            return Utterance(text: text.trimmingCharacters(in: .whitespacesAndNewlines), audio: try load(base + ".wav"))
        }
    }
}
