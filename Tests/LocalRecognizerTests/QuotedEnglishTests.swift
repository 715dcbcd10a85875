import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// The general-English second pass over `quote … end quote`: real pocketsphinx on speech that
/// flite synthesises, with a microphone's noise floor under it.
struct QuotedEnglishTests {
    /// As the program's `main` does: a child that ends before reading what is written to it
    /// gives EPIPE, not a signal that ends the whole test process (a full run here died of one: signal 13).
    init() { signal(SIGPIPE, SIG_IGN) }

    /// A scratch folder for the speech and the built model; each test removes its own.
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-quote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(tool) failed"])
        }
    }

    /// `text` spoken by flite's slt voice as the edge benchmark hears it (scripts/synthesize-voices):
    /// 16 kHz, peaking at -6 dBFS, 0.3 s of room either side, pink noise at about -55 dBFS under
    /// it. `sox -R` makes the same noise every run.
    static func speech(_ text: String, in folder: URL) throws -> [Int16] {
        let base = folder.appendingPathComponent("speech").path
        try run("/usr/bin/flite", ["-voice", "slt", "-t", text, "-o", base + "-raw.wav"])
        try run(
            "/usr/bin/sox",
            [
                "-R", base + "-raw.wav", "-r", "16000", "-c", "1", "-b", "16", base + "-16k.wav", "gain", "-n", "-6",
                "pad", "0.3", "0.3",
            ])
        // `synth` over the speech file makes noise as long as it.
        try run(
            "/usr/bin/sox",
            [
                "-R", base + "-16k.wav", base + "-noise.wav", "synth", "pinknoise", "gain", "-6", "highpass", "60",
                "gain", "-n",
                "-43",
            ])
        try run("/usr/bin/sox", ["-R", "-m", base + "-16k.wav", base + "-noise.wav", base + ".wav"])
        return try WAV.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + ".wav")))).speechSamples()
    }

    static func transcribe(_ audio: [Int16], secondPass: Bool, cache: URL) async throws -> String {
        let engine = PocketSphinxEngine(
            vocabulary: [], history: [], cacheDirectory: cache.path, quotedEnglish: secondPass)
        let frames = AudioFrame.frames(of: audio)
        let stream = AsyncStream<AudioFrame> { continuation in
            for frame in frames { continuation.yield(frame) }
            continuation.finish()
        }
        return try await engine.transcribe(EngineRequest(stream)) { _ in }.text
    }

    /// The words between `quote` and `end quote`.
    static func inside(_ text: String) -> String {
        guard let open = text.range(of: "quote "), let close = text.range(of: " end quote") else { return "" }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// The shell-talk model has no words for this sentence and hears shell words (`we append
    /// to daemon quote` in this voice); the second pass hears it, and the line around it stays
    /// as the first pass heard it.
    @Test func secondPassHearsQuotedEnglishTheFirstPassCannot() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spoken = "echo quote welcome to the team end quote"
        let audio = try Self.speech(spoken, in: folder)
        let first = try await Self.transcribe(audio, secondPass: false, cache: folder)
        let second = try await Self.transcribe(audio, secondPass: true, cache: folder)
        #expect(first.hasPrefix("echo quote "), "first pass: \(first)")
        #expect(Self.inside(first + " end quote") != "welcome to the team", "first pass: \(first)")
        #expect(second == spoken, "first pass: \(first)")
        #expect(SpokenShell().normalize(second) == "echo \"welcome to the team\"")
    }

    /// A line without `quote` comes out of the engine exactly as the first pass heard it.
    @Test func lineWithoutQuoteIsUntouched() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = try Self.speech("git push origin main", in: folder)
        let first = try await Self.transcribe(audio, secondPass: false, cache: folder)
        let second = try await Self.transcribe(audio, secondPass: true, cache: folder)
        #expect(first == "git push origin main")
        #expect(second == first)
    }
}
