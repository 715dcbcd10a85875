import AudioCapture
import Foundation
import SSHClient
import Store
import VoiceshCore
import VoiceshSession

/// What the in-process tests stand in for: the microphone, the engine, the terminal, the remote.
enum Fakes {
    /// Dictation into a profile whose engine says `text`, after telling `events`.
    static func dictation(
        says text: String, events: [EngineEvent] = [], database: AppDatabase? = nil, terminal: any TerminalWindow,
        clock: TestClock
    ) -> DictationController {
        let setup = DictationController.Setup(
            profile: Profile(name: "test", host: "example.org"), engine: .success(Engine(text: text, events: events)),
            source: Microphone(), database: database, maxRecordingSeconds: 60, inbox: Inbox(), terminal: terminal,
            clock: { clock.now })
        return DictationController(setup: setup, toggle: .defaultToggle)
    }
}

/// The live clock, which a test can move on (a second toggle 0.4 s after the first is a
/// double press: the test skips the wait instead of sleeping through it).
final class TestClock: Sendable {
    private let ahead = Locked(0.0)

    var now: Double { DictationController.now + ahead.value }

    func advance(_ seconds: Double) { ahead.update { $0 += seconds } }
}

/// A terminal of 80 × 24 (the controller asks only its size).
struct Window: TerminalWindow {
    var size: (columns: Int, rows: Int)? { (80, 24) }
}

/// A source that gives one second of silence at once, then nothing until it is stopped.
final class Microphone: AudioSource, @unchecked Sendable {
    let name = "test microphone"

    func start(_ sink: @escaping @Sendable (AudioEvent) -> Void) throws(AudioError) {
        sink(.frame(AudioFrame(start: 0, samples: [Int16](repeating: 0, count: 16_000))))
    }

    func stop() {}
}

/// An engine that hears the whole recording out, tells `events`, then says `text`.
struct Engine: SpeechEngine {
    let text: String
    var events: [EngineEvent] = []
    var label: String { "fake" }

    func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        for await _ in request.audio {}
        for event in self.events { events(event) }
        return Transcript(segments: text.isEmpty ? [] : [TranscriptSegment(text: text)])
    }
}

/// A pipe whose ends are non-blocking and closed with it.
final class TestPipe: @unchecked Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        (readEnd, writeEnd) = (fds[0], fds[1])
    }

    deinit {
        close(readEnd)
        closeWriting()
    }

    private var writing = true

    func write(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) } }

    func closeWriting() {
        if writing { close(writeEnd) }
        writing = false
    }

    /// What can be read now.
    func drain() -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            guard n > 0 else { return all }
            all += buffer[..<n]
        }
    }
}

/// The local terminal on pipes: the test types into `keys` and reads the screen from `screen`.
final class PipeTerminal: TerminalWindow, @unchecked Sendable {
    let keys = TestPipe()
    let screen = TestPipe()
    private let shown = Locked<[UInt8]>([])

    var size: (columns: Int, rows: Int)? { (80, 24) }
    var input: Int32 { keys.readEnd }
    var output: Int32 { screen.writeEnd }
    var errors: Int32 { screen.writeEnd }

    func type(_ bytes: [UInt8]) { keys.write(bytes) }

    /// Everything written to the screen so far.
    var text: String {
        let new = screen.drain()
        return String(
            decoding: shown.update {
                $0 += new; return $0
            }, as: UTF8.self)
    }
}

/// The remote shell on a pipe: what the test `say`s is its output; what the loop sends to it
/// is kept in `received`. Closing the pipe is the remote hanging up.
final class PipeRemote: SessionLink, ShellChannel, @unchecked Sendable {
    private let output = TestPipe()
    private let sent = Locked<[UInt8]>([])
    private(set) var isEOF = false

    var socket: Int32 { output.readEnd }
    var pollEvents: Int16 { Int16(POLLIN) }
    var received: [UInt8] { sent.value }

    func say(_ text: String) { output.write(Array(text.utf8)) }
    func hangUp() { output.closeWriting() }

    func configureKeepalive(interval: Int) {}
    func sendKeepalive() throws(SSHError) -> Int { 0 }
    func hasQueuedData(stream: Int32) -> Bool { false }

    func read(into buffer: UnsafeMutableRawBufferPointer, stream: Int32) throws(SSHError) -> Step<Int> {
        guard stream == 0 else { return .wouldBlock }
        let n = Glibc.read(output.readEnd, buffer.baseAddress, buffer.count)
        if n == 0 { isEOF = true }
        return n >= 0 ? .done(n) : .wouldBlock
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(SSHError) -> Step<Int> {
        sent.update { $0 += bytes }
        return .done(bytes.count)
    }

    func resize(columns: Int, rows: Int) throws(SSHError) -> Step<Int> { .done(0) }
    func sendEOF() throws(SSHError) -> Step<Int> { .done(0) }
}
