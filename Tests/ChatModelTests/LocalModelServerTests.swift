import ChatModel
import Foundation
import Testing

/// The local model's server (`intent-server.py`, the real runtime and a small real model as
/// `scripts/setup` installs them) never outlives voicesh.
struct LocalModelServerTests {
    /// voicesh gone while the model still loads (a session that ended at once): its standard
    /// input and output close, and the server ends, rather than holding the model's memory on.
    @Test func itEndsWhenVoiceshIsGoneDuringTheLoad() throws {
        let home = "/usr/local/lib/voicesh/intent"
        let runtime = try IntentRuntime.locate(
            model: home + "/SmolLM2-135M-Instruct.Q4_1.gguf", environment: ["VOICESH_INTENT_HOME": home])
        let server = Process()
        server.executableURL = URL(fileURLWithPath: runtime.python)
        server.arguments = [runtime.script, runtime.model, "1", "512"]
        let (input, output) = (Pipe(), Pipe())
        (server.standardInput, server.standardOutput) = (input, output)
        server.standardError = FileHandle.nullDevice
        try server.run()
        // As voicesh dying does: both pipes close before the server says it is ready.
        try input.fileHandleForWriting.close()
        try output.fileHandleForReading.close()
        for _ in 0..<600 where server.isRunning { usleep(100_000) }
        let ended = !server.isRunning
        if !ended { kill(server.processIdentifier, SIGKILL) }
        #expect(ended, "the server outlived voicesh by a minute")
    }
}
