import Foundation
import Testing
import VoiceshCore

@testable import VoiceshSession

/// The writer and the local model (the real runtime and a small real model, as `scripts/setup`
/// installs them): requests that come while the model loads wait for the same server.
struct IntentWriterTests {
    static let home = "/usr/local/lib/voicesh/intent"

    /// The model, through a link of this test's own: the servers counted are the ones serving
    /// it, not another suite's running in the same test process at the same time.
    let model: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intent-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        model = folder.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf").path
        try FileManager.default.createSymbolicLink(
            atPath: model, withDestinationPath: Self.home + "/SmolLM2-135M-Instruct.Q4_1.gguf")
    }

    /// The intent servers this test process started for this test's model.
    func servers() throws -> [String] {
        let pgrep = Process()
        pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        pgrep.arguments = ["-P", String(getpid()), "-f", "intent-server.py " + model]
        let output = Pipe()
        pgrep.standardOutput = output
        try pgrep.run()
        pgrep.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// Two requests at once on a writer whose model has not started yet.
    func ask(_ writer: IntentWriter) async throws {
        // A tiny model: what it writes is its own (prose is an answer too); one server is the check.
        let done = Locked(false)
        let asking = Task {
            async let first: Void = { _ = try? await writer.write(IntentPrompt(request: "list the files here")) }()
            async let second: Void = { _ = try? await writer.write(IntentPrompt(request: "show the date")) }()
            _ = await (first, second)
            done.update { $0 = true }
        }
        // Counted while they wait too: a second server started and dropped would be gone by the end.
        var most = 0
        while !done.value {
            most = max(most, try servers().count)
            try await Task.sleep(for: .milliseconds(100))
        }
        await asking.value
        let left = try servers().count
        #expect(most == 1 && left == 1, "\(most) servers at once, \(left) at the end")
    }

    @Test func requestsDuringTheLoadShareOneServer() async throws {
        defer { try? FileManager.default.removeItem(atPath: (model as NSString).deletingLastPathComponent) }
        var settings = IntentSettings(model: model)
        settings.timeout = 120  // a whole answer may take long on a machine running every suite at once
        settings.persist = 0  // the server of this writer's own, not the kept one (KeptModelServerTests)
        try await ask(IntentWriter(settings: settings, environment: ["VOICESH_INTENT_HOME": Self.home]))
        // The writer is gone: its server with it.
        for _ in 0..<100 where try !servers().isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        #expect(try servers().isEmpty, "the server outlived its writer")
    }
}
