import AudioCapture
import Foundation
import SSHClient
import Store
import VoiceshCore

/// Turns the layers' typed errors into words, once, at the top: one line per problem on
/// stderr, prefixed `voicesh:`, and the exit code. Errors it does not know go back to
/// argument-parser (usage errors, help).
package enum Failure {
    /// Errors the commands raise themselves.
    package enum Command: Error {
        case message(String)
        /// Some of the work failed and was already reported line by line.
        case partial
    }

    /// Writes the error's lines to stderr and returns the exit code, or nil for argument-parser's errors.
    package static func report(_ error: any Error) -> Int32? {
        guard let lines = words(for: error)?.map(UntrustedText.clean) else { return nil }
        for line in lines { Console.error("voicesh: \(line)") }
        return error is SSHError ? 255 : 1  // ssh's code for a connection that failed
    }

    package static func words(for error: any Error) -> [String]? {
        switch error {
        case let error as StoreError: [describe(error)]
        case let error as SSHError: describe(error)
        case let error as EngineError: [describe(error)]
        case let error as AudioError: [describe(error)]
        case let error as WAV.FormatError: ["cannot read the recording: \(error.message)"]
        case let error as ProfileProblems: error.lines
        case let error as ProfileProblem: [error.description]
        case let error as HistoryWriter.Unwritable: [error.message]
        case Command.message(let text): [text]
        case Command.partial: []
        default: nil
        }
    }

    package static func describe(_ error: StoreError) -> String {
        switch error {
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason); check its permissions or set VOICESH_HOME to a writable directory"
        case .sharedDirectory(let path, let problem):
            "will not use \(path): it is \(problem); set VOICESH_HOME to a directory of your own (a missing one is created, mode 0700); \(path) was left as it is"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); make it writable (chmod u+w) or set VOICESH_HOME to a writable directory"
        case .readOnlyFileSystem(let path):
            "\(path) is on a read-only file system; profiles and history can be read, not changed (remount it read-write, or set VOICESH_HOME to a writable directory)"
        case .diskFull(let path):
            "the disk holding \(path) is full; free some space and try again (nothing was written)"
        case .newerSchema(let path):
            "\(path) was written by a newer voicesh; upgrade voicesh (the file was left untouched)"
        case .corrupt(let path, let detail):
            "\(path) is not a usable voicesh database (\(detail)); move it aside and voicesh starts a new one (it was left untouched)"
        case .locked(let path, let seconds):
            "\(path) is locked by another process; waited \(Self.format(seconds)) s, try again when it is done"
        case .profileNotFound(let name):
            "no profile named \"\(name)\"; see voicesh profile list"
        case .duplicateProfile(let name):
            "a profile named \"\(name)\" exists; use --replace to overwrite it, or pick another name"
        case .dictationNotFound(let id):
            "no dictation with id \(id); see voicesh history"
        case .sqlite(let path, let message):
            "\(path): \(message)"
        case .unreachable(let server, let reason):
            "cannot reach the shared store at \(server)\(reason.isEmpty ? "" : " (\(outside(reason)))"); check VOICESH_STORE and that the server is up"
        case .authenticationFailed(let server, let user, let passwordGiven):
            passwordGiven
                ? "the shared store at \(server) refused user \"\(user)\" with that password; fix the line in ~/.pgpass (or PGPASSWORD)"
                : "the shared store at \(server) wants a password for user \"\(user)\"; add a line to ~/.pgpass (host:port:database:user:password, mode 0600)"
        case .tlsRequired(let server):
            "the shared store at \(server) only takes TLS connections; remove sslmode=disable from the store URL (or use sslmode=require)"
        case .tlsFailed(let server, let reason):
            "TLS to the shared store at \(server) failed: \(outside(reason)); check sslmode and sslrootcert in the store URL"
        case .unknownDatabase(let server, let database):
            "the shared store at \(server) has no database \"\(database)\"; create it (createdb \(database)) or fix the store URL"
        case .badStoreURL(let reason):
            "the store URL cannot be used: \(reason); write it as postgresql://user@host:port/database?sslmode=prefer"
        case .postgres(let server, let message):
            "the shared store at \(server): \(outside(message))"
        }
    }

    /// OpenSSH's phrasing, so a person who knows ssh knows what happened.
    package static func describe(_ error: SSHError) -> [String] {
        switch error {
        case .resolve(let host, let reason): ["Could not resolve hostname \(host): \(reason)"]
        case .connect(let host, let port, let reason): ["connect to host \(host) port \(port): \(reason)"]
        case .connectTimeout(let host, let port, let seconds):
            ["connect to host \(host) port \(port): Connection timed out after \(format(seconds)) s"]
        case .closedDuringSetup(let host, let port, let reason):
            ["Connection closed by \(host) port \(port): \(outside(reason))"]
        case .hostKeyRefused: ["Host key verification failed."]
        case .hostKeyChanged(let host, let file, let line):
            ["Host key for \(host) has changed (\(file):\(line)); refusing to connect. Host key verification failed."]
        case .knownHostsUnwritable(let file, let reason): ["cannot add the host key to \(file): \(reason)"]
        case .permissionDenied(let user, let host, let methods, let notes):
            notes + ["\(user)@\(host): Permission denied (\(methods.joined(separator: ",")))."]
        case .channel(let reason): [outside(reason)]
        case .closedByRemote(let host): ["Connection to \(host) closed by remote host."]
        case .library(let call, let code, let message): ["\(call) failed (\(code)): \(outside(message))"]
        case .forwardingFailed(let host, let port, let reason):
            // ssh -J's words; libssh2 keeps the reason code, not the server's text.
            ["channel 0: open failed: \(outside(reason)) (to \(host) port \(port)); stdio forwarding failed"]
        case .onJumpHost(let name, let inner): describe(inner).map { "jump host \(name): \($0)" }
        }
    }

    package static func describe(_ error: AudioError) -> String {
        switch error {
        case .cannotOpen(let device, let reason):
            "cannot record from \(device): \(reason); pick another with --device (voicesh devices lists them)"
        case .failed(let device, let reason): "recording from \(device) failed: \(reason)"
        case .badFile(let path, let reason): "cannot play \(path) as audio: \(reason)"
        }
    }

    /// A few words for the session's one status line (the history keeps `describe`'s).
    package static func brief(_ error: EngineError) -> String {
        switch error {
        case .noSpeech: "no speech heard"
        case .timedOut(let seconds): "no text within \(format(seconds)) s (engine.timeout)"
        case .unavailable(let reason): "engine unavailable: \(outside(reason))"
        case .failed(let reason): "engine failed: \(outside(reason))"
        case .badOutput: "the engine's answer was not a transcript"
        case .server(let problem): brief(spelled(problem))
        case .stream(let problem): brief(spelled(problem))
        case .command(let problem): brief(spelled(problem))
        case .cancelled: "cancelled"
        }
    }

    package static func describe(_ error: EngineError) -> String {
        switch error {
        case .noSpeech: "no speech was heard in the recording"
        case .timedOut(let seconds):
            "the engine gave no text within \(format(seconds)) s (the profile's engine.timeout)"
        case .unavailable(let reason): "the engine cannot run: \(outside(reason))"
        case .failed(let reason): "the engine failed: \(outside(reason))"
        case .badOutput(let reason): "the engine answered something that is not a transcript: \(outside(reason))"
        case .server(let problem): describe(spelled(problem))
        case .stream(let problem): describe(spelled(problem))
        case .command(let problem): describe(spelled(problem))
        case .cancelled: "cancelled"
        }
    }

    /// A server engine's problem spelled out as the kind of failure it is (the engine cannot
    /// run, failed, or answered something that is not a transcript), for those sentences.
    private static func spelled(_ problem: ServerProblem) -> EngineError {
        switch problem {
        case .noURL: .unavailable("the server engine has no usable url")
        case .badURL(let url): .unavailable("the server url \(url) is not valid")
        case .keyNotSet(let name): .unavailable("engine.api_key_env names \(name), which is not set in the environment")
        case .tooLong(let samples, let bytes, let limit):
            .unavailable(
                String(
                    format: "the recording is %.1f minutes (%.1f MiB to upload); the server takes at most %d MiB "
                        + "(about 13 minutes): dictate in shorter parts",
                    Double(samples) / 16000 / 60, Double(bytes) / 1_048_576, limit / 1_048_576))
        case .unreachable(let url, let reason): .failed("cannot reach \(url): \(reason)")
        case .status(let status, let detail):
            .failed(
                "HTTP \(status): \(detail.isEmpty ? "no details" : detail)"
                    + (status == 401 || status == 403
                        ? " (check the API key in the variable named by engine.api_key_env)" : ""))
        case .notJSON(let dialect, let reply):
            .badOutput("the \(dialect.rawValue) server's reply is not a JSON object: \(reply)")
        case .noText(let dialect, let key): .badOutput("the \(dialect.rawValue) server's reply has no \"\(key)\"")
        }
    }

    /// A streaming engine's problem spelled out the same way.
    private static func spelled(_ problem: StreamProblem) -> EngineError {
        switch problem {
        case .keyNotSet(let name): .unavailable("engine.api_key_env names \(name), which is not set in the environment")
        case .tokenUnreachable(let endpoint, let url, let reason):
            .unavailable("cannot get a token from \(name(endpoint)) at \(url): \(reason)")
        case .tokenRefused(let endpoint, let url, let status, let body):
            .unavailable(
                "\(name(endpoint)) at \(url) refused a token: HTTP \(status)\(body.isEmpty ? "" : ": \(body)")")
        case .tokenNotJSON(let endpoint, let url):
            .badOutput("\(name(endpoint)) at \(url) answered something that is not a JSON object")
        case .noToken(.proxy, let url): .badOutput("the token proxy \(url) answered without a \"token\"")
        case .noToken(.assemblyAI, _): .badOutput("AssemblyAI's token endpoint answered without a \"token\"")
        case .noToken(.deepgram, _): .badOutput("Deepgram's token endpoint answered without an \"access_token\"")
        case .cannotConnect(let provider, let place, let reason):
            .failed("cannot connect to \(name(provider)) at \(place): \(reason)")
        case .notJSON(let provider, let text):
            .badOutput("\(name(provider)) sent a message that is not a JSON object: \(text)")
        case .incomplete(let message, let text):
            switch message {
            case .turn: .badOutput("AssemblyAI sent a Turn without turn_order or transcript: \(text)")
            case .results: .badOutput("Deepgram sent Results without a transcript: \(text)")
            case .ack: .badOutput("the stream server sent an ack without a sequenceId: \(text)")
            case .resumed: .badOutput("the stream server sent resumed without resumeFrom: \(text)")
            }
        case .said(.generic, let code, let words):
            .failed("the stream server said \(code ?? "error")\(words.map { ": \($0)" }.joined())")
        case .said(let provider, _, let words): .failed("\(name(provider)): \(words.joined(separator: ": "))")
        case .ended(let provider, let ending, let signal): spelled(provider, ending, signal)
        case .dropped(.generic, let url): .failed("the connection to \(url) dropped")
        case .dropped(let provider, _):
            .failed("the connection to \(name(provider)) dropped before the final transcript")
        case .closedEarly(.generic): .failed("the stream server closed the connection before the end")
        case .closedEarly(let provider): .failed("\(name(provider)) closed the stream before the recording ended")
        case .connectionEnded: .failed("the connection ended")
        }
    }

    /// Why the provider ended the stream, with its code and reason in brackets.
    private static func spelled(_ provider: StreamProvider, _ ending: StreamEnding, _ signal: StreamSignal)
        -> EngineError
    {
        let said = name(provider)
        let detail =
            switch signal {
            // Deepgram's reasons are codes (NET-0001), written after the close code without a colon.
            case .close(let code, let reason):
                "(close \(code)\(reason.isEmpty ? "" : (provider == .deepgram ? " " : ": ") + reason))"
            case .error(let code, let message): "(error \(code): \(message))"
            }
        return switch ending {
        case .keyRefused: .unavailable("\(said) refused the key or token \(detail)")
        case .serverError: .failed("\(said) had a server error \(detail)")
        case .controlMessageRejected: .failed("\(said) rejected a control message \(detail)")
        case .audioRejected: .failed("\(said) rejected the audio (frame size or rate) \(detail)")
        case .audioUndecodable: .failed("\(said) could not decode the audio \(detail)")
        case .sessionExpired: .failed("the \(said) session expired \(detail)")
        case .tooManySessions: .failed("\(said) refused the session: too many concurrent sessions \(detail)")
        case .idle: .failed("\(said) closed the stream: it received no audio within its 10 s window \(detail)")
        case .other:
            switch provider {
            case .assemblyai: .failed("AssemblyAI ended the stream \(detail)")
            case .deepgram: .failed("Deepgram closed the stream \(detail)")
            case .generic: .failed("the stream server closed the connection \(detail)")
            }
        }
    }

    /// A recogniser command's problem spelled out the same way.
    private static func spelled(_ problem: CommandProblem) -> EngineError {
        switch problem {
        case .cannotWriteRecording(let reason): .unavailable("cannot write the recording for the command: \(reason)")
        case .noPipes: .unavailable("cannot create pipes")
        case .cannotRun(let program, let reason): .unavailable("cannot run \(program): \(reason)")
        case .exited(let status, let last):
            .failed("the recogniser command exited with status \(status)" + (last.map { ": \($0)" } ?? ""))
        case .notASegment(let line, let text): .badOutput("line \(line) is not a transcript_segment: \(text)")
        }
    }

    private static func name(_ provider: StreamProvider) -> String {
        switch provider {
        case .assemblyai: "AssemblyAI"
        case .deepgram: "Deepgram"
        case .generic: "the stream server"
        }
    }

    private static func name(_ endpoint: TokenEndpoint) -> String {
        switch endpoint {
        case .proxy: "the token proxy"
        case .assemblyAI: "AssemblyAI's token endpoint"
        case .deepgram: "Deepgram's token endpoint"
        }
    }

    package static func describe(_ reason: FallbackReason) -> String {
        switch reason {
        case .failed(let error): describe(error)
        case .lowConfidence(let value, let threshold):
            "the first engine's confidence \(Int(value * 100))% is below min_confidence \(Int(threshold * 100))%"
        }
    }

    /// Text from a server, a recogniser or the network, cleaned before it becomes our words:
    /// an HTTP error body or a disconnect message must not set the title or the clipboard.
    private static func outside(_ text: String) -> String {
        UntrustedText.clean(text)
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
