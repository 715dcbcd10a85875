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
    /// The SHA-256 Qwen publishes for `modelName`, which `scripts/setup` checks the joined file
    /// against (`qwen_sha256` there; a test keeps the two the same).
    public static let modelSHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
    /// The Python package the server script runs the model with.
    public static let runtimePackage = "xllamacpp"
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
        // The user's own path first, said as theirs (never "run setup"), whatever is installed.
        var chosen: String?
        if let model {
            let path = TildePath.expanded(model, home: environment["HOME"])
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .modelFileMissing(path: path) }
            if isDirectory.boolValue { throw .notAModel(path: path, reason: "it is a directory") }
            if let reason = notGGUF(path) { throw .notAModel(path: path, reason: reason) }
            chosen = path
        }
        let homes = homes(environment: environment)
        guard let script = ResourceLocator.running.locate(scriptName, bundle: bundle) else {
            throw .localServer("\(scriptName) is not installed beside voicesh")
        }
        guard let home = homes.first(where: { files.isExecutableFile(atPath: $0 + "/bin/python3") }) else {
            throw .localModelMissing(path: homes[0])
        }
        let path = chosen ?? home + "/" + modelName
        if chosen == nil {
            guard files.isReadableFile(atPath: path) else { throw .localModelMissing(path: path) }
            if let reason = notGGUF(path) { throw .notAModel(path: path, reason: reason + "; run scripts/setup again") }
        }
        return IntentRuntime(python: home + "/bin/python3", script: script, model: path)
    }

    /// The smallest model file taken: a GGUF header and the tensors of even a tiny model
    /// (SmolLM2-135M is 90 MB) are far larger.
    static let smallestModel = 1 << 20

    /// Why the file at `path` cannot be a GGUF model, checked before a server is started on it
    /// (whose own words are "Failed to init server"): its magic, its version, its size.
    static func notGGUF(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "it cannot be read" }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        guard head.count == 8, head.prefix(4) == Data("GGUF".utf8) else {
            return head.isEmpty ? "it is empty" : "it does not begin as a GGUF file does"
        }
        let version = head.dropFirst(4).enumerated().reduce(0) { $0 | (Int($1.element) << (8 * $1.offset)) }
        guard (1...3).contains(version) else { return "its GGUF version \(version) is not one llama.cpp reads" }
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        guard size >= smallestModel else { return "it is \(size) bytes, too small to hold a model (truncated?)" }
        return nil
    }
}
