import Foundation
import TestFixtures
import Testing

/// `voicesh transcribe` with the built-in edge engine: real pocketsphinx on speech that
/// espeak-ng synthesises, with a realistic noise floor mixed in.
struct TranscribeTests {
    @Test(arguments: [
        ("git status", "en-us"), ("sudo systemctl restart nginx", "en-us"), ("kubectl get pods", "en-gb"),
        ("docker ps", "en-us"),
    ])
    func recognisesShellTalkOffline(text: String, voice: String) async throws {
        let cli = try CLI()
        let result = try await cli.run("transcribe", try SpeechFiles.speech(text, voice: voice, in: cli))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == text + "\n")
    }

    /// Lines the shell-talk model misheard before it knew how shells are used (this speech,
    /// checked against the model without the usage priors and the flags each command takes):
    /// `make` as the rarely typed `du` (the whole line heard as `du`), and a flag that does not
    /// go with `docker compose up` (`dash b`).
    @Test(arguments: [("make test", "make test"), ("docker compose up dash d", "docker compose up -d")])
    func hearsTheCommandsPeopleType(spoken: String, shell: String) async throws {
        let cli = try CLI()
        let result = try await cli.run("transcribe", try SpeechFiles.speech(spoken, in: cli))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == shell + "\n")
    }

    /// A profile's vocabulary reaches the model, with espeak-ng's pronunciation for a word no
    /// dictionary has.
    @Test func profileVocabularyIsRecognised() async throws {
        let cli = try CLI()
        let file = try cli.file(
            "vocab.toml", "name = \"infra\"\nhost = \"h\"\n[engine]\nvocabulary = [\"podman\", \"vagrant\"]\n")
        try await cli.ok("profile", "import", file)
        let speech = try SpeechFiles.speech("sudo podman", in: cli)
        #expect(try await cli.run("transcribe", "--profile", "infra", speech).stdout == "sudo podman\n")
        #expect(try await cli.run("transcribe", speech).stdout != "sudo podman\n")  // not without the vocabulary
    }

    @Test func profileAliasesShapeTheText() async throws {
        let cli = try CLI()
        try await cli.ok("profile", "add", "aliased", "--host", "h")
        try await cli.ok("profile", "set", "aliased", "aliases.git status=git status --short --branch")
        #expect(
            try await cli.ok("profile", "export", "aliased").stdout.contains(
                "[aliases]\n\"git status\" = \"git status --short --branch\"\n"))
        let speech = try SpeechFiles.speech("git status", in: cli)
        #expect(
            try await cli.run("transcribe", "--profile", "aliased", speech).stdout == "git status --short --branch\n")
        try await cli.ok("profile", "set", "aliased", "aliases.git status=")
        #expect(try await cli.run("transcribe", "--profile", "aliased", speech).stdout == "git status\n")
    }

    @Test func readsOtherRatesAndStdin() async throws {
        let cli = try CLI()
        let wav = try SpeechFiles.speech("git status", in: cli)
        let stereo = cli.home.appendingPathComponent("stereo-44k-float.wav").path
        try Shell.run("/usr/bin/sox", [wav, "-r", "44100", "-c", "2", "-e", "floating-point", "-b", "32", stereo])
        #expect(try await cli.run("transcribe", stereo).stdout == "git status\n")
        let piped = try await cli.run(["transcribe", "-"], inputFile: wav)
        #expect(piped.stdout == "git status\n", "\(piped.stderr)")
    }

    @Test func jsonCarriesSegmentsAndLatency() async throws {
        let cli = try CLI()
        let result = try await cli.run("transcribe", "--json", try SpeechFiles.speech("docker ps", in: cli))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["engine"] as? String == "edge/pocketsphinx")
        #expect(object["raw_text"] as? String == "docker ps")
        #expect((object["segments"] as? [[String: Any]])?.first?["type"] as? String == "transcript_segment")
        #expect(object["latency_ms"] is Int)
    }

    /// The edge engine's words carry pocketsphinx's lattice posteriors (0…1) in `--json`.
    @Test func edgeWordsCarryTheirPosteriors() async throws {
        let cli = try CLI()
        let result = try await cli.run("transcribe", "--json", try SpeechFiles.speech("git status", in: cli))
        #expect(result.status == 0, "\(result.stderr)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let words = try #require(output["words"] as? [[String: Any]])
        #expect(words.compactMap { $0["text"] as? String } == ["git", "status"])
        let confidence = words.compactMap { $0["confidence"] as? Double }
        #expect(confidence.count == 2)
        #expect(confidence.allSatisfy { (0...1).contains($0) })
        #expect(output["unsure"] is [Int])
    }

    @Test func silenceAndNoiseAreNoSpeech() async throws {
        let cli = try CLI()
        for effect in [["pinknoise", "vol", "0.004"], ["whitenoise", "vol", "0.05"], ["brownnoise", "vol", "0.2"]] {
            let path = cli.home.appendingPathComponent("noise-\(effect[0]).wav").path
            try Shell.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", path, "synth", "2"] + effect)
            let result = try await cli.run("transcribe", path)
            #expect(result.status == 1, "\(effect[0]) gave \(result.stdout)")
            #expect(result.stderr == "voicesh: no speech was heard in the recording\n")
        }
    }

    /// Real recordings (Debian's pocketsphinx-testdata): a person's voice through a real
    /// microphone counts as speech and yields text; the room tone before it does not.
    @Test func realRecordingsAreSpeech() async throws {
        let cli = try CLI()
        let raw = "/usr/share/pocketsphinx/test/data/goforward.raw"
        let wav = cli.home.appendingPathComponent("goforward.wav").path
        try Shell.run("/usr/bin/sox", ["-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1", raw, wav])
        let spoken = try await cli.run("transcribe", "--json", wav)
        #expect(spoken.status == 0, "\(spoken.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(spoken.stdout.utf8)) as? [String: Any]
        #expect((object?["raw_text"] as? String)?.isEmpty == false)

        let roomTone = cli.home.appendingPathComponent("room.wav").path
        // The room tone before the first word, repeated to two seconds.
        try Shell.run("/usr/bin/sox", [wav, roomTone, "trim", "0", "0.25", "repeat", "7"])
        #expect(try await cli.run("transcribe", roomTone).stderr == "voicesh: no speech was heard in the recording\n")
    }

    @Test func badInputIsOneLine() async throws {
        let cli = try CLI()
        let notWav = try cli.file("notes.txt", "hello")
        #expect(
            try await cli.run("transcribe", notWav).stderr
                == "voicesh: cannot read the recording: not a WAV file (no RIFF/WAVE header)\n")
        #expect(
            try await cli.run("transcribe", "/nonexistent.wav").stderr
                == "voicesh: cannot read /nonexistent.wav: no such file\n")
    }

    /// A FIFO, `/dev/zero` or a directory as the audio file: one line that says what it is,
    /// never "no such file", and never a read without end.
    @Test func anAudioFileThatIsNotAFileSaysWhatItIs() async throws {
        let cli = try CLI()
        let zero = "a character device, not a regular file, with no WAV header"
        #expect(try await cli.run("transcribe", "/dev/zero").stderr == "voicesh: cannot read /dev/zero: \(zero)\n")
        let listened = try await cli.run("listen", "--audio-file", "/dev/zero")
        #expect(listened.status != 0)
        #expect(listened.stderr.contains("cannot play /dev/zero as audio: \(zero)"), "\(listened.stderr)")
        #expect(
            try await cli.run("transcribe", cli.home.path).stderr
                == "voicesh: cannot read \(cli.home.path): a directory, not a WAV file\n")

        let speech = try SpeechFiles.speech("git status", in: cli)
        let fifo = cli.home.appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o600) == 0)
        /// A writer that opens the FIFO and sends `python`'s bytes, ignoring a reader that goes.
        func feed(_ python: String) throws -> Process {
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            writer.arguments = [
                "-c",
                "import signal,sys\nsignal.signal(signal.SIGPIPE, signal.SIG_DFL)\nf = open(sys.argv[1], 'wb')\n"
                    + python,
                fifo, speech,
            ]
            try writer.run()
            return writer
        }
        // A WAV through a pipe is read like a file.
        var writer = try feed("f.write(open(sys.argv[2], 'rb').read())")
        let heard = try await cli.run("transcribe", fifo)
        writer.waitUntilExit()
        #expect(heard.stdout == "git status\n", "\(heard.stderr)")
        // Text through a pipe is no WAV.
        writer = try feed("f.write(b'hello, this is not audio at all')")
        #expect(
            try await cli.run("transcribe", fifo).stderr
                == "voicesh: cannot read \(fifo): a FIFO (a pipe), not a regular file, with no WAV header\n")
        writer.waitUntilExit()
        // A WAV header, then zeros for ever: read up to the bound, then refused.
        writer = try feed(
            "f.write(open(sys.argv[2], 'rb').read(44))\nwhile True: f.write(bytes(1 << 20))")
        let endless = try await cli.run("transcribe", fifo)
        writer.terminate()
        writer.waitUntilExit()
        #expect(endless.stderr == "voicesh: cannot read \(fifo): too long (more than 256 MB)\n")
        // Standard input is bounded the same way.
        let piped = try await cli.run(["transcribe", "-"], inputFile: "/dev/zero")
        #expect(piped.stderr == "voicesh: cannot read standard input: \(zero)\n", "\(piped.stderr)")
    }
}
