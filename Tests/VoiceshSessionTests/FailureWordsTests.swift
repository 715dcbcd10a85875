import AudioCapture
import SSHClient
import Testing
import VoiceshCore
import VoiceshSession

/// The commands' typed problems in the words their thrown strings had (the CLI tests compare
/// them): each case once, value → line.
struct FailureWordsTests {
    static let unwritable = HistoryWriter.Unwritable(.diskFull(path: "/h/voicesh.db"))
    static let unwritten =
        "the history could not be written: the disk holding /h/voicesh.db is full; free some space and try again "
        + "(nothing was written)"

    static let worded: [(any Error, String)] = [
        (
            ConnectProblem.notATarget("-oProxyCommand=x"),
            #""-oProxyCommand=x" is neither a profile nor [user@]host[:port]"#
        ),
        (
            ConnectProblem.notATarget(String(repeating: "a", count: 70)),
            "\"\(String(repeating: "a", count: 64))…\" is neither a profile nor [user@]host[:port]"
        ),
        (ConnectProblem.badJumpSpec("a,,b"), "-J a,,b: expected [user@]host[:port][,…]"),
        (
            ConnectProblem.badOption("Port"),
            "-o Port: expected Key=Value, as in ssh_config (for example -o Port=2222)"
        ),
        (
            ConnectProblem.unusedOption("Ciphers=aes"),
            "-o Ciphers=aes: voicesh does not use that option; it reads "
                + SSHConfigResolver.keywords.joined(separator: ", ")
        ),
        (
            ConnectProblem.jumpsTooDeep(host: "loop", limit: 8),
            "ProxyJump through loop goes more than 8 hops deep; check ssh_config for a loop"
        ),
        (
            ConnectProblem.badJumpHost(name: "j", host: "-oops"),
            #"jump host j: host "-oops" must not start with '-'"#
        ),
        (
            SSHConfigProblem.noUserConfigFile("~/nope"),
            "Can't open user config file ~/nope: No such file or directory"
        ),
        (SSHConfigProblem.unusable(resolverProblem()), #"-o: Bad yes/no argument "maybe"."#),
        (
            SSHConfigProblem.proxyCommandTooOpen(source: "/c line 2", open: "/tmp/x"),
            "/c line 2: ProxyCommand not run: others than you can change /tmp/x (chmod go-w it, and own it)"
        ),
        (
            SSHConfigProblem.matchExec(source: "cfg", command: "\"true\""),
            "cfg: Match exec \"true\" would run a command while voicesh reads the file; "
                + "import the hosts from a copy without it"
        ),
        (SSHConfigProblem.noProfiles(source: "cfg"), "cfg: no Host alias could become a profile"),
        (
            SSHConfigProblem.cannotRunSSH(reason: "no env"),
            "cannot run ssh -G to read the config: no env; install openssh-client"
        ),
        (SSHConfigProblem.sshNotInstalled, "ssh is not installed; install openssh-client"),
        (
            SSHConfigProblem.sshRefused(alias: "web", config: "/c", reason: "/c line 1: Bad key"),
            "ssh -G web refused /c: /c line 1: Bad key"
        ),
        (
            LocalCommandProblem.fromSharedStore(profile: "p", command: "rec {wav}"),
            #"profile "p" from the shared store runs the local command "rec {wav}" on every dictation; "#
                + "allow it on this machine with: voicesh profile export p | voicesh profile import --replace "
                + "--allow-command -"
        ),
        (
            LocalCommandProblem.inImport(profile: "p", command: "rec {wav}"),
            #"profile "p" runs the local command "rec {wav}" on every dictation; import it with --allow-command "#
                + "if you trust it (nothing was imported)"
        ),
        (TextFileProblem.missing(path: "a.toml"), "cannot read a.toml: no such file"),
        (
            TextFileProblem.unreadable(path: "a.toml"),
            "cannot read a.toml: permission denied or not a regular file"
        ),
        (TextFileProblem.notUTF8(path: "a.toml"), "cannot read a.toml: not UTF-8 text"),
        (
            ConfigFileProblem.notSet(key: "defaults.engine.url", path: "/h/config.toml"),
            "defaults.engine.url is not set in /h/config.toml"
        ),
        (
            ConfigFileProblem.cannotWrite(path: "/h/config.toml", reason: "denied"),
            "cannot write /h/config.toml: denied"
        ),
        (AudioFileProblem.cannotRead(file: "-", reason: "empty"), "cannot read standard input: empty"),
        (AudioFileProblem.cannotRead(file: "a.wav", reason: "empty"), "cannot read a.wav: empty"),
        (
            AudioFileProblem.cannotWrite(file: "out.wav"),
            "cannot write out.wav; check the directory exists and is writable"
        ),
        (
            HistoryProblem.noRecording(id: 7),
            "dictation 7 has no kept recording (its profile keeps text only)"
        ),
        (HistoryProblem.noRecordingToRetry(id: 7), "dictation 7 has no kept recording to retry"),
        (
            HistoryProblem.retryFailed(.noSpeech),
            "no speech was heard in the recording; the recording is still kept"
        ),
        (
            HistoryProblem.outputExists("out.wav"),
            "out.wav exists; pass --force to overwrite it, or name another file"
        ),
        (
            HistoryProblem.notCleared,
            "not cleared; run with --yes to clear without a terminal to confirm on"
        ),
        (
            HistoryProblem.cannotPlay(id: 7, .cannotOpen(device: "hw:9", reason: "no such card")),
            "cannot play on hw:9: no such card; pick another with --device, or write it to a file: "
                + "voicesh history export-audio 7 out.wav"
        ),
        (
            HistoryProblem.cannotPlay(id: 7, .badFile(path: "x", reason: "odd")),
            "cannot play x as audio: odd, or write it to a file: voicesh history export-audio 7 out.wav"
        ),
        (
            ListenProblem.notTranscribed(error: nil, .lost(unwritten: nil)),
            "nothing was heard; the recording could not be kept anywhere"
        ),
        (
            ListenProblem.notTranscribed(error: nil, .inHistory(id: 3)),
            "nothing was heard; the recording is kept: voicesh history retry 3"
        ),
        (
            ListenProblem.notTranscribed(error: "no speech was heard in the recording", .nothing),
            "no speech was heard in the recording; nothing was kept"
        ),
        (
            ListenProblem.notTranscribed(
                error: nil, .inFile(path: "/tmp/voicesh-1-2.wav", profile: "p", unwritten: unwritable)),
            "nothing was heard; \(unwritten); the recording is kept in "
                + "/tmp/voicesh-1-2.wav: voicesh transcribe /tmp/voicesh-1-2.wav --profile p tries it again"
        ),
        (
            ListenProblem.notTranscribed(error: nil, .lost(unwritten: unwritable)),
            "nothing was heard; \(unwritten); the recording could not be kept "
                + "anywhere"
        ),
        (
            VoiceStoreProblem.cannotRead(directory: "/v", reason: "denied"),
            "cannot read /v: denied"
        ),
        (
            VoiceStoreProblem.cannotReadRecording(base: "/v/0001"),
            "cannot read /v/0001.wav; check its permissions, or move it out"
        ),
        (
            VoiceStoreProblem.unusableRecording(base: "/v/0001", notAWAV()),
            "/v/0001.wav is not a usable recording: not a WAV file (no RIFF/WAVE header); fix or remove it"
        ),
        (
            VoiceStoreProblem.cannotKeep(directory: "/v", reason: "denied"),
            "cannot keep recordings under /v: denied"
        ),
        (
            VoiceStoreProblem.cannotKeepOne(directory: "/v", reason: "No space left on device"),
            "cannot keep a recording under /v: No space left on device"
        ),
        (VoiceStoreProblem.noPairs(folder: "~/rec"), "no NAME.wav with NAME.txt beside it in ~/rec"),
        (
            VoiceAdaptationProblem.nothingToLearn,
            "nothing to learn from yet: run voicesh adapt --enroll 30, or dictate with history = \"text+audio\" "
                + "in a profile"
        ),
        (
            VoiceAdaptationProblem.notLearnt(.learning(.tooFewRecordings(count: 2, needed: 5))),
            "cannot learn the voice: too few recordings to learn from: 2 of at least 5; the recordings are kept "
                + "and the voice in use is unchanged"
        ),
        (
            VoiceAdaptationProblem.notLearntInBackground(.learning(.cannotWrite(path: "/v/status"))),
            "cannot learn the voice: the engine cannot run: cannot write /v/status; the voice in use is unchanged"
        ),
        (
            EdgeModelProblem.onTerminal,
            "edge-model is run by voicesh itself, with a JSON job on standard input"
        ),
        (EdgeModelProblem.parentGone, "edge-model ends: the session that asked for it is gone"),
        (
            EdgeModelProblem.badJob,
            "edge-model is run by voicesh itself, with a JSON job on standard input "
                + #"({"vocabulary":[…],"history":[…],"cacheDirectory":"/dir"})"#
        ),
        (EdgeModelProblem.relativeCacheDirectory("cache"), "edge-model needs an absolute cacheDirectory"),
        (
            ContextProblem.noScript(searched: ["/a/gather-context.sh", "/b/gather-context.sh"]),
            "the gathering script is missing (looked for /a/gather-context.sh, /b/gather-context.sh); "
                + "reinstall voicesh (make install) or set VOICESH_DATA_DIR"
        ),
        (
            ContextProblem.notRun(host: "web1"),
            "web1 did not run the context script (a restricted shell, a ForceCommand, no sh, or too slow); "
                + "dictation there works without context"
        ),
        (unwritable, unwritten),
        (
            SSHError.noSocketPair(for: .tunnel, reason: "Too many open files"),
            "cannot make a socket pair for the tunnel: Too many open files"
        ),
        (
            SSHError.noSocketPair(for: .proxyCommand, reason: "Too many open files"),
            "cannot make a socket pair for ProxyCommand: Too many open files"
        ),
        (
            SSHError.proxyCommandNotRun(reason: "No such file or directory"),
            "cannot run ProxyCommand: No such file or directory"
        ),
        (
            SSHError.terminalRefused(reason: "Unable to complete request for channel request-pty"),
            "the server refused a terminal (Unable to complete request for channel request-pty)"
        ),
        (
            SSHError.startRefused(request: "exec", reason: "Unable to request command execution"),
            "the server refused to start a exec (Unable to request command execution)"
        ),
    ]

    @Test(arguments: worded.indices)
    func aProblemIsWordedOnce(index: Int) {
        let (problem, words) = Self.worded[index]
        #expect(Failure.words(for: problem) == [words])
    }

    @Test(arguments: worded.indices)
    func noLineShowsSwift(index: Int) {
        let problem = Self.worded[index].0
        let typeName = "\(type(of: problem))"
        for line in Failure.words(for: problem) ?? ["no words"] {
            #expect(!line.contains("Optional("))
            #expect(!line.contains("Error("))
            #expect(!line.contains(typeName))
            #expect(!line.contains("Problem"))
        }
    }

    /// A problem as the resolver words it: ssh's own sentence for a bad yes/no value.
    private static func resolverProblem() -> SSHConfigResolver.Problem {
        let resolver = SSHConfigResolver(
            local: SSHConfig.Local(home: "/h", user: "u", hostName: "l"), read: { _ in nil }, glob: { _ in [] })
        do throws(SSHConfigResolver.Problem) {
            _ = try resolver.resolve(host: "h", commandLine: [("identitiesonly", "maybe")], files: [])
        } catch {
            return error
        }
        preconditionFailure("IdentitiesOnly maybe was taken")
    }

    /// The format error of a file that is no WAV at all.
    private static func notAWAV() -> WAV.FormatError {
        do throws(WAV.FormatError) {
            _ = try WAV.decode([])
        } catch {
            return error
        }
        preconditionFailure("an empty file decoded")
    }
}
