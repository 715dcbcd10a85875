import Foundation
import VoiceshCore

/// A URL from a profile, config.toml, an import or the command line, checked where it enters
/// (`CheckedURL`) for the schemes the first byte picks. What it accepts is what the HTTP and
/// WebSocket clients then read: where Foundation's URL reads it too, both name the same host
/// and port, so the check is on the address a request goes to. Reading it again, or with a
/// path appended, gives the same address.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = bytes.first else { return 0 }
    let schemeLists = [["http", "https"], ["ws", "wss"], ["http", "ws"], ["https"]]
    let schemes = schemeLists[Int(first) % schemeLists.count]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    _ = EngineConfig.urlProblems(text, schemes: schemes)
    guard let url = try? CheckedURL(text, schemes: schemes) else { return 0 }
    precondition(schemes.contains(url.scheme), "scheme \(url.scheme) let through")
    precondition(!url.host.isEmpty && url.host == url.host.lowercased(), "host \(url.host) let through")
    precondition(url.port.map { (1...65535).contains($0) } ?? true, "port \(String(describing: url.port))")
    precondition((1...65535).contains(url.effectivePort), "effective port \(url.effectivePort)")
    precondition((try? CheckedURL(url.text, schemes: schemes)) == url, "a second reading differs")
    _ = (url.hostIsAddress, url.hostIsLoopback, url.isSecure)

    let appended = url.appending(path: "/chat/completions")
    if let again = try? CheckedURL(appended, schemes: schemes) {
        precondition(again.host == url.host && again.port == url.port, "\(appended) goes elsewhere")
    }

    if let foundation = URL(string: text), let host = foundation.host {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        precondition(bare.lowercased() == url.host, "Foundation reads host \(host), the check \(url.host)")
        precondition(foundation.port == url.port, "Foundation reads port \(String(describing: foundation.port))")
    }
    return 0
}
