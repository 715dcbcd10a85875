import Streaming
import VoiceshCore

/// A streaming provider's text messages, one a line, through the adapter the first byte picks
/// (AssemblyAI v3, Deepgram, voicesh stream v1), then the close the last line describes. An
/// adapter reads each message or says why not; it never traps, and its transcript stays text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProviderReplies(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = bytes.first else { return 0 }
    let lines = String(decoding: bytes.dropFirst(), as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    var config = EngineConfig(kind: .stream)
    switch first % 3 {
    case 0:
        config.provider = .assemblyai
        var adapter = AssemblyAIAdapter(config: config)
        read(lines, into: &adapter)
    case 1:
        config.provider = .deepgram
        var adapter = DeepgramAdapter(config: config)
        read(lines, into: &adapter)
    default:
        config.provider = .generic
        config.url = "wss://stt.example.com/v1"
        var adapter = GenericAdapter(config: config)
        read(lines, into: &adapter)
    }
    return 0
}

func read(_ lines: [String], into adapter: inout some ProviderAdapter) {
    for line in lines {
        do {
            _ = try adapter.receive(line)
        } catch {
            _ = "\(error)"
        }
    }
    for segment in adapter.transcript.segments {
        precondition(!segment.text.isEmpty, "an empty segment kept")
        if let confidence = segment.confidence { precondition(!confidence.isNaN, "a NaN confidence") }
    }
    let close = lines.last ?? ""
    let code = Int(close.prefix { $0.isNumber }.prefix(6))
    _ = adapter.error(closeCode: code, reason: close).map { "\($0)" }
}
