import Foundation
import LocalRecognizer
import TestFixtures
import Testing
import VoiceshCommands
import VoiceshCore
import VoiceshSession

/// Runs voicesh's commands in this process as the binary runs them: the same words through
/// the same root command, against a context of the test's own: its state directory and
/// environment, and pipes for standard input, output and error. The binary itself is proved
/// once per command in `CLITests`.
struct CLI: TestHome {
    typealias Result = ProgramResult

    let home: URL
    /// How `connect` and `context` reach a remote; by default none, and reaching for one fails the test.
    var connector: any SSHConnector = Unconfigured()
    /// Where a take without `--audio-file` records; by default none, and reaching for one fails the test.
    var microphone: any Microphone = Unconfigured()

    static let packageDirectory = PackagePaths.root

    /// A home of its own; `connector`, when given, is how its commands reach a remote.
    init(connector: (any SSHConnector)? = nil) throws {
        if let connector { self.connector = connector }
        // What the binary sets first: everything a command writes is the user's alone, and a
        // closed pipe is an error, not the end of the process.
        umask(0o077)
        signal(SIGPIPE, SIG_IGN)
        home = try Self.makeHome()
        try Self.seedEdgeModel(into: home.appendingPathComponent("cache"))
    }

    /// The edge model a profile without vocabulary or history uses, built once for the run
    /// and copied into each home's cache: the same for every home, and seconds of CPU to build.
    /// (`CLITests` start from an empty cache, where the session builds it in a child.)
    private static func seedEdgeModel(into cache: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: cache, withIntermediateDirectories: true)
        for entry in try files.contentsOfDirectory(atPath: seed.path) {
            try files.copyItem(at: seed.appendingPathComponent(entry), to: cache.appendingPathComponent(entry))
        }
    }

    private static let seed: URL = {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-seed-\(getpid())")
        _ = try? EdgeModelJob(vocabulary: [], history: [], cacheDirectory: cache.path).build()
        return cache
    }()

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) async throws -> Result {
        try await run(arguments, stdin: stdin)
    }

    /// `stdin` is written to the command's input; `inputFile` is opened as its input instead.
    func run(
        _ arguments: [String], stdin: String? = nil, inputFile: String? = nil,
        environment extra: [String: String] = [:]
    ) async throws -> Result {
        let bytes = try await runBytes(arguments, stdin: stdin, inputFile: inputFile, environment: extra)
        return Result(
            status: bytes.status, stdout: String(decoding: bytes.stdout, as: UTF8.self),
            stderr: String(decoding: bytes.stderr, as: UTF8.self))
    }

    /// The command's stdout as bytes, for output that is not text.
    func runRaw(_ arguments: [String]) async throws -> Data {
        try await runBytes(arguments, stdin: "", inputFile: nil, environment: [:]).stdout
    }

    /// Runs and expects success, recording the output when it fails.
    @discardableResult
    func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Result
    {
        let result = try await run(arguments, stdin: stdin)
        #expect(
            result.status == 0, "voicesh \(arguments.joined(separator: " ")): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    private func runBytes(
        _ arguments: [String], stdin: String?, inputFile: String?, environment extra: [String: String]
    ) async throws -> (status: Int32, stdout: Data, stderr: Data) {
        // As many commands at once as the binary tier runs programs (one a core, and one more):
        // unbounded, a hundred commands would share two cores, and a server's 0.2 s ping
        // deadline or an engine's timeout would measure the crowd, not the command.
        await Self.slots.take()
        defer { Self.slots.give() }
        let out = Pipe(), err = Pipe(), input = Pipe()
        let file = try inputFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
        let console = Console(
            input: file?.fileDescriptor ?? input.fileHandleForReading.fileDescriptor,
            output: out.fileHandleForWriting.fileDescriptor, errors: err.fileHandleForWriting.fileDescriptor)
        let environment = environment.merging(extra) { _, new in new }
        let context = AppContext(
            environment: environment, location: DataLocation(environment: environment),
            terminal: Pipes(console: console), clock: { DictationController.now }, console: console,
            connector: connector, microphone: microphone)
        // Feed stdin and drain both outputs on their own threads, so no pipe can fill and stall
        // the command.
        Thread {
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try? input.fileHandleForWriting.close()
        }.start()
        let stdout = Drain(out.fileHandleForReading), stderr = Drain(err.fileHandleForReading)
        // Its own thread, as in the binary: a command may block while it waits for work on
        // Swift's cooperative pool, which must not be the thread it blocks.
        let status = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            Thread { done.resume(returning: Voicesh.run(arguments, context: context)) }.start()
        }
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        try file?.close()
        return (status, stdout.wait(), stderr.wait())
    }

    private static let slots = Slots(ProcessInfo.processInfo.activeProcessorCount + 1)

    /// A counting semaphore for tasks: `take` waits for a free slot without holding a thread.
    private final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = count }

        func take() async {
            await withCheckedContinuation { (next: CheckedContinuation<Void, Never>) in
                let now: Bool = lock.withLock {
                    guard free > 0 else {
                        waiting.append(next)
                        return false
                    }
                    free -= 1
                    return true
                }
                if now { next.resume() }
            }
        }

        func give() {
            let next: CheckedContinuation<Void, Never>? = lock.withLock {
                guard !waiting.isEmpty else {
                    free += 1
                    return nil
                }
                return waiting.removeFirst()
            }
            next?.resume()
        }
    }

    /// A terminal that is the command's pipes: no size, as a program's output to a pipe has none.
    private struct Pipes: TerminalWindow {
        let console: Console
        var size: (columns: Int, rows: Int)? { nil }
        var input: Int32 { console.input }
        var output: Int32 { console.output }
        var errors: Int32 { console.errors }
    }
}
