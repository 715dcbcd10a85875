import Testing

@testable import VoiceshCore

/// The one pass over the remote's output must read exactly what each reader reads on its own,
/// however the output is cut into reads.
struct OutputScannerTests {
    static let streams: [String] = [
        "prompt$ \u{1B}]7;file://host/srv/my%20app\u{07}ls\r\n",
        "a\u{1B}[?2004hb\u{1B}[?1049;25hc\u{1B}[?1049ld\u{1B}[?2004l",
        // A title, then a report ended by ST, then vim's modes in one write.
        "\u{1B}]0;user@host: ~\u{07}\u{1B}]7;file://h/tmp\u{1B}\\\u{1B}[?1049h\u{1B}[?2004h\u{1B}[1;1H",
        // A mode sequence that cuts an OSC short: each reader decides for itself.
        "\u{1B}]7;file://h/a\u{1B}[?2004h/b\u{07}\u{1B}]7;file://h/c\u{07}",
        // ESC ESC, ESC inside a colour sequence, an unfinished sequence at the end.
        "\u{1B}\u{1B}[?47h\u{1B}[31mred\u{1B}[0m\u{1B}]7;file://h/d%2",
    ]

    /// Each reader on its own, fed the whole stream.
    private static func separately(_ bytes: [UInt8]) -> (TerminalModes, String?) {
        var modes = TerminalModes()
        var directory = WorkingDirectoryReport()
        modes.feed(bytes)
        directory.feed(bytes)
        return (modes, directory.directory)
    }

    private static func scanned(_ chunks: [[UInt8]]) -> OutputScanner {
        var scanner = OutputScanner()
        for chunk in chunks { scanner.feed(chunk) }
        return scanner
    }

    @Test(arguments: streams)
    func everyCutReadsAsTheWholeDoes(_ text: String) {
        let bytes = Array(text.utf8)
        let (modes, directory) = Self.separately(bytes)
        let dripped = Self.scanned(bytes.map { [$0] })
        #expect(dripped.modes == modes && dripped.directory.directory == directory)
        for cut in 0...bytes.count {  // one sequence split across two reads, at every byte
            let two = Self.scanned([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(two.modes == modes, "cut at \(cut)")
            #expect(two.directory.directory == directory, "cut at \(cut)")
        }
    }

    @Test func readsBothFromOneStream() {
        let scanner = Self.scanned([Array(Self.streams[2].utf8)])
        #expect(scanner.modes.alternateScreen && scanner.modes.bracketedPaste)
        #expect(scanner.directory.directory == "/tmp")
        // The mode sequence inside the OSC is read by the modes; the report it cut is not taken.
        let cut = Self.scanned([Array(Self.streams[3].utf8)])
        #expect(cut.modes.bracketedPaste)
        #expect(cut.directory.directory == "/c")
    }

    /// Streams made of the bytes these sequences are built from, in a seeded random order and
    /// cut at random: the scanner always agrees with the readers run one after the other.
    @Test func agreesWithTheReadersOnRandomStreams() {
        let pieces = [
            "\u{1B}", "[", "?", "]", "7", ";", "2004", "1049", "47", "h", "l", "\u{07}", "\\", "file://h/", "x", "%41",
        ]
        .map { Array($0.utf8) }
        var random = SeededRandom(seed: 14)
        for _ in 0..<300 {
            let bytes = (0..<random.next(below: 60)).flatMap { _ in pieces[random.next(below: pieces.count)] }
            var chunks: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + random.next(below: 6))
                chunks.append(Array(bytes[start..<end]))
                start = end
            }
            let (modes, directory) = Self.separately(bytes)
            let scanner = Self.scanned(chunks)
            #expect(scanner.modes == modes, "\(bytes)")
            #expect(scanner.directory.directory == directory, "\(bytes)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing stream can be found again.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
