import Foundation
import Testing

/// A test that stops early without recording an issue passes for what it never checked (issue
/// 34). Every Swift file under Tests/ is read for an `else` whose whole body is a bare return:
/// a test that must stop says why (`Issue.record`, `#require`), and a helper that may end
/// quietly is written another way (`if let`, `break`).
struct TestHygieneTests {
    @Test func noTestReturnsEarlySilently() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let enumerator = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50, "\(tests.path) holds \(files.count) Swift files")
        let silent = try Regex(#"else\s*\{\s*return\s*\}"#)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: silent) {
                let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                found.append("\(file.lastPathComponent):\(line)")
            }
        }
        #expect(found.isEmpty, "silent early returns: \(found)")
    }
}
