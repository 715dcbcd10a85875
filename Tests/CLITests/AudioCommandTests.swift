import Foundation
import TestFixtures
import Testing

/// Recording, listening and playback through real ALSA: `file` PCMs in the test's own
/// ~/.asoundrc replay a raw file as a microphone (bit-exact, unpaced) and record what is
/// played, since these machines have no sound card.
@Suite(.serialized)
struct AudioCommandTests {
    let cli: CLI
    let speech: String
    /// The speech as headerless 16 kHz mono S16_LE, what the `replay` PCM reads.
    let raw: String
    let played: String

    init() throws {
        cli = try CLI()
        speech = try SpeechFiles.speech("git status", in: cli)
        raw = cli.home.appendingPathComponent("speech.raw").path
        played = cli.home.appendingPathComponent("played.raw").path
        try Shell.run("/usr/bin/sox", [speech, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        _ = try cli.file(
            ".asoundrc",
            """
            pcm.replay { type file; slave.pcm "null"; file "/dev/null"; infile "\(raw)"; format "raw" }
            pcm.tape { type file; slave.pcm "null"; file "\(played)"; format "raw" }
            """)
    }

    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func recordsFromAnALSADeviceBitForBit() throws {
        let out = cli.home.appendingPathComponent("out.wav").path
        let result = try cli.run("record", "--device", "replay", "--seconds", "1.5", out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("recorded 1.5 s from ALSA device \"replay\""))
        let wav = try bytes(out)
        #expect(wav.count == 44 + 48_000)
        #expect(Array(wav.dropFirst(44)) == Array(try bytes(raw).prefix(48_000)))
    }

    @Test func aMissingDeviceIsOneClearLine() throws {
        let result = try cli.run(
            "record", "--device", "nosuch", "--seconds", "1", cli.home.appendingPathComponent("x.wav").path)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicesh: cannot record from nosuch: ALSA knows no device of that name; pick another with --device (voicesh devices lists them)\n"
        )
    }

    @Test func listsCaptureDevices() throws {
        let out = try cli.ok("devices").stdout
        #expect(out.split(separator: "\n").contains { $0.hasPrefix("replay") })
        #expect(out.contains("null"))
    }

    @Test func listensFromTheMicrophoneAndRemembers() throws {
        let result = try cli.run("listen", "--device", "replay", "--seconds", "2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        let rows = try cli.ok("history").stdout
        #expect(rows.contains(/listen +edge\/pocketsphinx +printed +git status/), "\(rows)")
    }

    @Test func listenFromAFileStopsAtItsEnd() throws {
        let result = try cli.run("listen", "--audio-file", speech)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
    }

    @Test func aFailedListenKeepsTheRecordingToExportPlayAndRetry() throws {
        let server = try STTServer(dialect: "openai", mode: "error")
        let file = try cli.file(
            "broken.toml", "name = \"broken\"\nhost = \"h\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n")
        try cli.ok("profile", "import", file)
        let result = try cli.run("listen", "--profile", "broken", "--audio-file", speech)
        #expect(result.status == 1)
        let id = try #require(result.stderr.firstMatch(of: /voicesh history retry (\d+)/).map { String($0.1) })
        #expect(result.stderr.hasPrefix("voicesh: the engine failed: "), "\(result.stderr)")

        let exported = cli.home.appendingPathComponent("kept.wav").path
        try cli.ok("history", "export-audio", id, exported)
        let again = try cli.run("history", "export-audio", id, exported)
        #expect(again.status == 1 && again.stderr.contains("exists; pass --force to overwrite it"), "\(again.stderr)")
        try cli.ok("history", "export-audio", "--force", id, exported)
        #expect(try cli.ok("history").stderr.contains("try it again: voicesh history retry \(id)"))
        let original = try bytes(raw)
        let kept = Array(try bytes(exported).dropFirst(44))
        #expect(kept.count > 16_000 && original.starts(with: kept))  // what was heard, sample for sample

        try cli.ok("history", "play", id, "--device", "tape")
        #expect(try bytes(played) == kept)

        let retried = try cli.run("history", "retry", id, "--engine", "edge")
        #expect(retried.stdout == "git status\n", "\(retried.stderr)")
        // A profile that keeps text only lets the recording go once it has become text.
        #expect(try cli.run("history", "export-audio", id, exported).stderr.contains("has no kept recording"))
    }

    /// `listen` in tmux, recording a 30 s file.
    func recordingLong() throws -> Tmux {
        let long = cli.home.appendingPathComponent("long.wav").path
        try SpeechFiles.voice(seconds: 30, at: long)
        let tmux = try Tmux([CLI.binary.path, "listen", "--audio-file", long], environment: cli.environment)
        try tmux.wait { $0.contains("● rec") }
        return tmux
    }

    /// `listen` in tmux once it is transcribing, with a server that never answers (kept alive
    /// by the caller, so it goes on not answering).
    func transcribingForever() throws -> (Tmux, STTServer) {
        let server = try STTServer(dialect: "openai", mode: "hang")
        let file = try cli.file(
            "slow.toml", "name = \"slow\"\nhost = \"h\"\n[engine]\nkind = \"server\"\nurl = \"\(server.url)\"\n")
        try cli.ok("profile", "import", file)
        let tmux = try Tmux(
            [CLI.binary.path, "listen", "--profile", "slow", "--audio-file", speech], environment: cli.environment)
        try tmux.wait { $0.contains("transcribing") }
        return (tmux, server)
    }

    /// Esc at the terminal cancels a listen: one line, status 130, nothing in the history.
    @Test func aCancelledListenKeepsNothing() throws {
        let tmux = try recordingLong()
        try tmux.send("Escape")
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("voicesh: cancelled; nothing transcribed\nEXIT=130"), "\(screen)")
        #expect(try cli.ok("history", "--json").stdout.filter { !$0.isWhitespace } == "[]")
    }

    /// Esc while the engine works cancels too (the session's own transcribing state reads it):
    /// a server that never answers does not hold `listen` until its timeout.
    @Test func escWhileTranscribingCancelsAListen() throws {
        let (tmux, server) = try transcribingForever()
        defer { withExtendedLifetime(server) {} }
        try tmux.send("Escape")
        let screen = try tmux.wait { $0.contains("EXIT=") }
        #expect(screen.contains("voicesh: cancelled; nothing transcribed\nEXIT=130"), "\(screen)")
        #expect(!screen.contains("transcribing"), "\(screen)")  // the line went before the words
        #expect(try cli.ok("history", "--json").stdout.filter { !$0.isWhitespace } == "[]")
    }

    /// A terminating signal while recording (a hang-up, a kill) keeps the speech, as a session
    /// does: one line that says how to retry it, status 130, the row interrupted with its audio.
    @Test func aSignalledListenKeepsTheRecording() throws {
        let tmux = try recordingLong()
        try tmux.wait { $0.contains("● rec 0:01") }  // speech to keep
        try expectKeptAfterATerm(tmux, while: "recording")
    }

    /// A signal while the engine works says so, not "while recording", and keeps the speech
    /// for a retry as one while recording does.
    @Test func aListenSignalledWhileTranscribingSaysSo() throws {
        let (tmux, server) = try transcribingForever()
        defer { withExtendedLifetime(server) {} }
        try expectKeptAfterATerm(tmux, while: "transcribing")
    }

    /// TERM to the listen in `tmux`: one line that says how to retry, status 130, the row
    /// interrupted with its audio.
    func expectKeptAfterATerm(_ tmux: Tmux, while stage: String) throws {
        try tmux.signal("TERM")
        let screen = try tmux.wait { $0.contains("EXIT=") }
        let said = "voicesh: stopped by a signal while \(stage); the recording is kept: voicesh history retry 1"
        #expect(screen.contains(said + "\nEXIT=130"), "\(screen)")
        let history = try cli.ok("history", "--json").stdout
        #expect(history.contains("\"interrupted\"") && history.contains("\"has_audio\" : true"), "\(history)")
    }

    /// A history that cannot be written (another process holds the write lock past the busy
    /// timeout) does not lose the text: it is printed, stderr says so, the status is 3.
    @Test func listenKeepsTheTextWhenTheHistoryCannotBeWritten() throws {
        // The database exists and is current: opening it only reads.
        try cli.ok("profile", "import", try cli.file("p.toml", "name = \"p\"\nhost = \"h\"\n"))
        // After listen has opened the database (it reads then), while it records (2 s).
        let holder = try cli.holdWriteLock(after: 1)
        defer { holder.terminate() }
        let result = try cli.run("listen", "--audio-file", speech)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        #expect(result.stderr.contains("the history could not be written"), "\(result.stderr)")
        #expect(result.stderr.contains("the text above is not in the history"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
