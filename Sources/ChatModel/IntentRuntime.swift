import Foundation
import VoiceshCore

/// Where the local intent model runs: a Python with xllamacpp (the venv `scripts/setup` makes),
/// the script voicesh ships (`intent-server.py`), and a GGUF model: the one setup installs
/// (Qwen2.5-Coder-1.5B-Instruct, Q4_K_M), or the file `intent.model` names.
public struct IntentRuntime: Equatable, Sendable {
    public var python: String
    public var script: String
    public var model: String
    /// The context window the server keeps: the prompt's prefix, the context, the answer.
    public var contextTokens = 4096

    public static let scriptName = "intent-server.py"
    public static let modelName = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    static let bundle = "voicesh_ChatModel.resources"

    /// Where setup installs the runtime, then where a package would; `VOICESH_INTENT_HOME`
    /// names the one place instead (as it does for setup).
    public static func homes(environment: [String: String]) -> [String] {
        if let home = environment["VOICESH_INTENT_HOME"], !home.isEmpty { return [home] }
        return ["/usr/local/lib/voicesh/intent", "/usr/lib/voicesh/intent"]
    }

    /// The runtime for `model` (a GGUF file; nil: the installed one), or why there is none.
    public static func locate(model: String?, environment: [String: String]) throws(IntentError) -> IntentRuntime {
        let files = FileManager.default
        let homes = homes(environment: environment)
        guard let script = ResourceLocator.running.locate(scriptName, bundle: bundle) else {
            throw .localServer("\(scriptName) is not installed beside voicesh")
        }
        guard let home = homes.first(where: { files.isExecutableFile(atPath: $0 + "/bin/python3") }) else {
            throw .localModelMissing(path: homes[0])
        }
        let path = model.map { TildePath.expanded($0, home: environment["HOME"]) } ?? home + "/" + modelName
        guard files.isReadableFile(atPath: path) else { throw .localModelMissing(path: path) }
        return IntentRuntime(python: home + "/bin/python3", script: script, model: path)
    }
}
