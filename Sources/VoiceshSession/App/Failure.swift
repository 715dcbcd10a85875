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
        /// Some of the work failed and was already reported line by line.
        case partial
    }

    /// Writes the error's lines to stderr and returns the exit code, or nil for argument-parser's errors.
    package static func report(_ error: any Error, on console: Console) -> Int32? {
        guard let lines = words(for: error)?.map(UntrustedText.clean) else { return nil }
        for line in lines { console.error("voicesh: \(line)") }
        return error is SSHError ? 255 : 1  // ssh's code for a connection that failed
    }

    /// The error's lines, or nil for one voicesh does not word (argument-parser's own).
    package static func words(for error: any Error) -> [String]? {
        (error as? any Worded)?.words
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
        case .damaged(let path, let detail):
            "\(path) is damaged (\(detail)) and was not written; save what it holds (voicesh history --json --limit 1000000 > history.json, voicesh profile export NAME), then move it aside and voicesh starts a new one"
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
        case .hostKeyRevoked(let host, let keyType, let file, let line):
            [
                "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@",
                "@       WARNING: REVOKED HOST KEY DETECTED!               @",
                "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@",
                "The \(keyType) host key for \(host) is marked as revoked (\(file):\(line)).",
                "This could mean that a stolen key is being used to impersonate this host.",
                "Host key verification failed.",
            ]
        case .knownHostsUnwritable(let file, let reason): ["cannot add the host key to \(file): \(reason)"]
        case .permissionDenied(let user, let host, let methods, let notes):
            notes + ["\(user)@\(host): Permission denied (\(methods.joined(separator: ",")))."]
        case .noSocketPair(.tunnel, let reason): [outside("cannot make a socket pair for the tunnel: \(reason)")]
        case .noSocketPair(.proxyCommand, let reason):
            [outside("cannot make a socket pair for ProxyCommand: \(reason)")]
        case .proxyCommandNotRun(let reason): [outside("cannot run ProxyCommand: \(reason)")]
        case .terminalRefused(let reason): [outside("the server refused a terminal (\(reason))")]
        case .startRefused(let request, let reason):
            [outside("the server refused to start a \(request) (\(reason))")]
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
        case .cancelled: "cancelled"
        default:
            switch spelled(error) {
            case .unavailable(let reason): "engine unavailable: \(outside(reason))"
            case .failed(let reason): "engine failed: \(outside(reason))"
            case .badOutput: "the engine's answer was not a transcript"
            }
        }
    }

    package static func describe(_ error: EngineError) -> String {
        switch error {
        case .noSpeech: "no speech was heard in the recording"
        case .timedOut(let seconds):
            "the engine gave no text within \(format(seconds)) s (the profile's engine.timeout)"
        case .cancelled: "cancelled"
        default:
            switch spelled(error) {
            case .unavailable(let reason): "the engine cannot run: \(outside(reason))"
            case .failed(let reason): "the engine failed: \(outside(reason))"
            case .badOutput(let reason):
                "the engine answered something that is not a transcript: \(outside(reason))"
            }
        }
    }

    /// Why the engine could not run, or how it failed, without saying which of the two: for a
    /// caller that says it in its own words ("cannot learn the voice: …").
    package static func reason(_ error: EngineError) -> String {
        switch spelled(error) {
        case .unavailable(let reason), .failed(let reason): outside(reason)
        case .badOutput: describe(error)
        }
    }

    /// An engine's problem as the kind of failure it is (the engine cannot run, failed, or
    /// answered something that is not a transcript) and its sentence: the three ways the
    /// words begin.
    private enum Spelled {
        case unavailable(String)
        case failed(String)
        case badOutput(String)
    }

    private static func spelled(_ error: EngineError) -> Spelled {
        switch error {
        case .server(let problem): spelled(problem)
        case .stream(let problem): spelled(problem)
        case .command(let problem): spelled(problem)
        case .edge(let problem): spelled(problem)
        case .whisper(let problem): spelled(problem)
        case .learning(let problem): spelled(problem)
        case .trust(let problem): .unavailable(words(for: problem))
        case .noSpeech, .timedOut, .cancelled: .failed(describe(error))  // no problem: `describe`'s own sentence
        }
    }

    /// A server engine's problem spelled out.
    private static func spelled(_ problem: ServerProblem) -> Spelled {
        switch problem {
        case .noURL: .unavailable("the server engine has no usable url")
        case .badURL(let url):
            .unavailable(
                "engine.url: "
                    + (EngineConfig.urlProblems(url, schemes: ["http", "https"]).first
                        ?? "\"\(UntrustedText.excerpt(url))\" is not a URL the server engine can use")
                    + "; fix it with voicesh profile set")
        case .keyWithheld(let refusal): .unavailable("engine.url: \(refusal)")
        case .keyNotSet(let name): .unavailable("engine.api_key_env names \(name), which is not set in the environment")
        case .tooLong(let samples, let bytes, let limit):
            .unavailable(
                String(
                    format: "the recording is %.1f minutes (%.1f MiB to upload); the server takes at most %d MiB "
                        + "(about 13 minutes): dictate in shorter parts",
                    Double(samples) / 16000 / 60, Double(bytes) / 1_048_576, limit / 1_048_576))
        case .unreachable(let url, let reason): .failed("cannot reach \(url): \(reason)")
        case .redirected(let url, let to):
            .failed(
                "\(url) redirected to \(to), which voicesh does not follow (nothing was sent there); set the profile's url to it if you trust it"
            )
        case .tooLarge(let url, let limit):
            .badOutput("\(url) sent more than \(limit / 1_048_576) MiB, which no transcript is")
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
    private static func spelled(_ problem: StreamProblem) -> Spelled {
        switch problem {
        case .keyNotSet(let name): .unavailable("engine.api_key_env names \(name), which is not set in the environment")
        case .keyWithheld(let refusal): .unavailable("engine.url: \(refusal)")
        case .tokenUnreachable(let endpoint, let url, let reason):
            .unavailable("cannot get a token from \(name(endpoint)) at \(url): \(reason)")
        case .tokenRefused(let endpoint, let url, let status, let body):
            .unavailable(
                "\(name(endpoint)) at \(url) refused a token: HTTP \(status)\(body.isEmpty ? "" : ": \(body)")")
        case .tokenRedirected(let endpoint, let url, let to):
            .unavailable(
                "\(name(endpoint)) at \(url) redirected to \(to), which voicesh does not follow (the key was not sent there)"
            )
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
        -> Spelled
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
    private static func spelled(_ problem: CommandProblem) -> Spelled {
        switch problem {
        case .cannotWriteRecording(let reason): .unavailable("cannot write the recording for the command: \(reason)")
        case .noPipes: .unavailable("cannot create pipes")
        case .cannotRun(let program, let reason): .unavailable("cannot run \(program): \(reason)")
        case .exited(let status, let last):
            .failed("the recogniser command exited with status \(status)" + (last.map { ": \($0)" } ?? ""))
        case .notASegment(let line, let text): .badOutput("line \(line) is not a transcript_segment: \(text)")
        }
    }

    /// The edge engine's problem spelled out the same way.
    private static func spelled(_ problem: EdgeProblem) -> Spelled {
        switch problem {
        case .noAcousticModel(let path):
            .unavailable("no pocketsphinx acoustic model at \(path); install pocketsphinx-en-us")
        case .noCorpus(let searched):
            .unavailable(
                "the edge engine's shell corpus is missing (looked for \(searched)); "
                    + "reinstall voicesh (make install) or set VOICESH_DATA_DIR to the folder that holds it")
        case .cannotWriteModel(let directory, let reason):
            .unavailable("cannot write the edge model under \(directory): \(reason)")
        case .configurationRejected: .unavailable("pocketsphinx rejected its configuration")
        case .cannotLoadModel(let path): .unavailable("pocketsphinx could not load its model from \(path)")
        case .contextRefused(.words): .failed("pocketsphinx could not load the context words")
        case .contextRefused(.read): .failed("pocketsphinx could not read the context model")
        case .contextRefused(.combine): .failed("pocketsphinx could not combine the context model")
        case .contextRefused(.search): .failed("pocketsphinx could not search with the context model")
        case .contextNotInMemory(let reason):
            .failed("cannot hold the context model in memory" + (reason.map { ": \($0)" } ?? ""))
        case .busy: .failed("the edge engine is busy with another recording")
        }
    }

    /// The second ear's problem spelled out the same way.
    private static func spelled(_ problem: WhisperProblem) -> Spelled {
        switch problem {
        case .badModel(let path, let reason):
            .unavailable(
                "whisper_model \(path): \(reason); give a Whisper model folder in CTranslate2's format "
                    + "(config.json, model.bin, tokenizer.json or vocabulary.*), or remove the key")
        case .stoppedStarting(let lastWords): .unavailable("the Whisper runtime stopped: \(lastWords)")
        case .cannotStart(let words): .unavailable(words)
        case .cannotWriteRecording(let directory):
            .unavailable("cannot write the recording for Whisper in \(directory)")
        case .cannotTalk: .failed("cannot talk to the Whisper runtime")
        case .stopped: .failed("the Whisper runtime has stopped")
        case .notJSON(let line): .badOutput("the Whisper runtime wrote \(line)")
        case .noText: .badOutput("the Whisper runtime gave no text")
        case .missingScores: .badOutput("the Whisper runtime did not score every reading")
        case .said(let words): .failed("Whisper: \(words)")
        case .busy: .failed("Whisper is busy with another recording")
        }
    }

    /// Learning's problem spelled out the same way.
    private static func spelled(_ problem: LearningProblem) -> Spelled {
        switch problem {
        case .missingTool(let path, let package):
            .unavailable(
                "learning a voice needs \(path) from Debian's \(package) package; "
                    + "install it with: apt-get install sphinxtrain sphinxbase-utils pocketsphinx")
        case .cannotCreate(let path, let reason): .unavailable("cannot create \(path): \(reason)")
        case .cannotWrite(let path): .unavailable("cannot write \(path)")
        case .noSendump(let model): .unavailable("cannot read \(model)/sendump; reinstall pocketsphinx-en-us")
        case .badSendump(let defect): .unavailable("cannot read the acoustic model's sendump: \(words(for: defect))")
        case .cannotRun(let program, let reason): .unavailable("cannot run \(program): \(reason)")
        case .toolFailed(let tool, let status, let lastError):
            .failed("\(tool) failed (status \(status))" + (lastError.map { ": \($0)" } ?? ""))
        case .nothingToLearn(let firstSkipped):
            .failed("none of the recordings can be learnt from (\(firstSkipped ?? "no recordings"))")
        case .tooFewRecordings(let count, let needed):
            .failed("too few recordings to learn from: \(count) of at least \(needed)")
        case .incompleteModel(let path): .failed("the model at \(path) is incomplete")
        case .cannotInstallModel(let path, let reason):
            .failed("cannot install the adapted model at \(path): \(reason)")
        case .cannotInstallVoice(let path, let reason):
            .failed("cannot install the new voice at \(path): \(reason)")
        case .cannotWriteStatus(let path): .failed("cannot write \(path)")
        case .cannotWriteDictionary(let directory): .failed("cannot write a dictionary under \(directory)")
        }
    }

    private static func words(for defect: SendumpDefect) -> String {
        switch defect {
        case .noTitle: "no title"
        case .clustered: "clustered weights are not supported"
        case .wrongLength: "its sizes do not match its length"
        }
    }

    /// What is wrong with the TLS trust settings, and what to do.
    static func words(for problem: TrustProblem) -> String {
        switch problem {
        case .notAFile(let path):
            "SSL_CERT_FILE names \(path), which is not a file; point it at a PEM file of CA certificates, "
                + "or unset it to use the system's"
        case .noCertificateIn(let path):
            "SSL_CERT_FILE names \(path), which holds no readable PEM certificate; point it at a PEM file of "
                + "CA certificates, or unset it to use the system's"
        case .notADirectory(let path):
            "SSL_CERT_DIR names \(path), which is not a directory; point it at directories of CA certificates "
                + "hashed by `openssl rehash`, or unset it to use the system's"
        case .noCertificates:
            "no CA certificates were found (no system bundle, SSL_CERT_FILE and SSL_CERT_DIR unset); "
                + "install ca-certificates or set SSL_CERT_FILE"
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
