import Foundation
import VoiceshCore

/// An edge engine that runs the user's own recogniser (whisper.cpp's whisper-cli, vosk …) on
/// the recording: `{wav}` in the command stands for the WAV file's path, or the WAV goes to
/// its stdin. Its output is read as spec A1 says: transcript_segment JSON lines or plain text.
public struct CommandEngine: SpeechEngine {
    public let label = "edge/command"
    public let command: String
    /// Where the recording is written for the command (removed afterwards).
    let scratchDirectory: String

    public init(command: String, scratchDirectory: String) {
        self.command = command
        self.scratchDirectory = scratchDirectory
    }

    /// How many of the context's names the command gets.
    static let contextTerms = 400

    /// The context's names reach the command as `VOICESH_CONTEXT_TERMS`, one a line, most
    /// likely first (whisper-cli: `--prompt "$VOICESH_CONTEXT_TERMS"`); empty without context.
    public func transcribe(_ request: EngineRequest, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        var samples: [Int16] = []
        for await frame in request.audio { samples += frame.samples }
        let data = Data(WAV.encode(samples))
        let name = "/recording-\(UUID().uuidString).wav"
        var wav = scratchDirectory + name
        do {
            try FileManager.default.createDirectory(atPath: scratchDirectory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: wav))
        } catch {
            // A full or read-only cache disk: the temporary directory, often another disk, will do.
            try? FileManager.default.removeItem(atPath: wav)
            wav = FileManager.default.temporaryDirectory.path + name
            do {
                try data.write(to: URL(fileURLWithPath: wav))
            } catch {
                throw .command(.cannotWriteRecording(reason: error.localizedDescription))
            }
        }
        defer { try? FileManager.default.removeItem(atPath: wav) }

        let quoted = "'" + wav.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let usesPath = command.contains("{wav}")
        let line = usesPath ? command.replacingOccurrences(of: "{wav}", with: quoted) : command
        let terms = request.context.terms(count: Self.contextTerms, length: 255).joined(separator: "\n")
        let child = try ChildProcess(
            shell: line, stdinPath: usesPath ? "/dev/null" : wav, environment: ["VOICESH_CONTEXT_TERMS": terms])
        let result: Result<Transcript, EngineError> = await withTaskCancellationHandler {
            do throws(EngineError) {
                return .success(try await Self.collect(child, events: events))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            child.kill()
        }
        return try result.get()
    }

    private static func collect(_ child: ChildProcess, events: @escaping @Sendable (EngineEvent) -> Void)
        async throws(EngineError) -> Transcript
    {
        // Blocking reads belong on their own threads, off the cooperative pool.
        let output: (Data, Data, Int32) = await withCheckedContinuation { continuation in
            Thread {
                let errors = Locked<Data>(Data())
                let reading = DispatchGroup()
                reading.enter()
                Thread {
                    errors.value = child.stderr.readDataToEndOfFile()
                    reading.leave()
                }.start()
                let out = child.stdout.readDataToEndOfFile()
                let status = child.wait()
                reading.wait()
                continuation.resume(returning: (out, errors.value, status))
            }.start()
        }
        if Task.isCancelled { throw .cancelled }
        let (stdout, stderr, status) = output
        guard status == 0 else {
            let last = String(decoding: stderr, as: UTF8.self).split(separator: "\n").last.map(String.init)
            throw .command(.exited(status: status, lastLine: last))
        }
        var assembler = SegmentAssembler()
        for (index, line) in String(decoding: stdout, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            if let segment = try TranscriptSegment.parse(line: String(line), number: index + 1) {
                assembler.add(segment)
                if !segment.isFinal { events(.partial(assembler.liveText)) }
            }
        }
        guard !assembler.finals.isEmpty else { throw .noSpeech }
        return Transcript(segments: assembler.finals)
    }
}
