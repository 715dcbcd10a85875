import Foundation
import LocalRecognizer
import Store
import TestFixtures
import Testing
import VoiceshCore
import VoiceshSession

/// Learning from use, as a session starts it (`voicesh adapt --background`): real sphinxtrain
/// on espeak-ng speech in the voice store, the held-back gate, a killed run, and
/// `--status`/`--forget`.
struct LearningTests {
    /// Keeps `texts` spoken in `voice` in the voice store, numbered after what is there, as a
    /// session keeps confirmed dictations; `labels` are the words written beside them.
    static func keep(_ texts: [String], labels: [String]? = nil, voice: String, in cli: CLI) throws {
        let store = cli.home.appendingPathComponent("voice/recordings").path
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        let first = try FileManager.default.contentsOfDirectory(atPath: store).filter { $0.hasSuffix(".wav") }.count
        for (i, text) in texts.enumerated() {
            let base = store + String(format: "/%04d", first + i + 1)
            try FileManager.default.moveItem(
                atPath: try SpeechFiles.speech(text, voice: voice, in: cli), toPath: base + ".wav")
            try ((labels?[i] ?? text) + "\n").write(toFile: base + ".txt", atomically: true, encoding: .utf8)
        }
    }

    static func prompts(_ count: Int, from start: Int = 0) -> [String] {
        let all = ShellCorpus.prompts
        return (start..<start + count).map { all[($0 * 7919) % all.count] }
    }

    /// The model's files and their bytes.
    static func snapshot(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name)
        }
        return files
    }

    static func status(_ cli: CLI) throws -> [String: Any] {
        let data = try Data(contentsOf: cli.home.appendingPathComponent("voice/learning.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Learning from use teaches the choice too: with Whisper installed, the background run has
    /// both ears hear the kept recordings and fits which to trust, under the same held-back gate.
    @Test func theBackgroundRunLearnsWhichEarToTrust() throws {
        let cli = try CLI()
        try Self.keep(Self.prompts(10, from: 40), voice: "en-gb", in: cli)
        let run = try cli.run(
            ["adapt", "--background"], executable: CLI.binary.path, environment: ["VOICESH_WHISPER_HOME": ""])
        #expect(run.status == 0, "\(run.stderr)")
        let ears = try #require(run.stderr.split(separator: "\n").last { $0.contains("pocketsphinx heard ") })
        #expect(ears.contains(" of 10 recordings right; ") && ears.contains(" of 2 held back chosen right)"), "\(ears)")
        let status = try JSONSerialization.jsonObject(
            with: Data(contentsOf: cli.home.appendingPathComponent("voice/ear-choice-shell-status.json")))
        #expect((status as? [String: Any])?["heldBack"] as? Int == 2, "\(status)")
    }

    @Test func learnsKeepsOnlyABetterVoiceAndSurvivesBeingKilled() throws {
        let cli = try CLI()
        let voice = cli.home.appendingPathComponent("voice").path
        #expect(try cli.ok("adapt", "--status").stdout.contains("not learnt from use yet"))
        #expect(try cli.run("adapt", "--background").status != 0)  // nothing kept yet: says why, keeps nothing

        // 20 recordings: 16 to train on, every fifth (4) held back to score with.
        try Self.keep(Self.prompts(20), voice: "en-gb", in: cli)
        let first = try cli.ok("adapt", "--background")
        let one = try Self.status(cli)
        let before = one["before"] as? [String: Int] ?? [:]
        let after = one["after"] as? [String: Int] ?? [:]
        #expect(one["heldBack"] as? Int == 4 && one["seen"] as? Int == 20, "\(one)")
        let better =
            (after["exact"] ?? -1, -(after["wordErrors"] ?? 99)) >= (before["exact"] ?? 0, -(before["wordErrors"] ?? 0))
        #expect(one["replaced"] as? Bool == better, "\(first.stderr) \(one)")
        #expect(one["replaced"] as? Bool == true, "the British voice should learn: \(one)")
        #expect(one["learntFrom"] as? Int == 16)
        let attributes = try FileManager.default.attributesOfItem(atPath: voice + "/learning.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let learnt = try Self.snapshot(voice + "/model")
        let status = try cli.ok("adapt", "--status").stdout
        #expect(status.contains("voice in use: learnt from 16 recordings"), "\(status)")
        #expect(status.contains("score before: \(before["exact"] ?? -1)/4 exact"), "\(status)")
        #expect(status.contains("(new voice kept)"), "\(status)")

        // Killed while bw runs: the voice in use is untouched and nothing half-written is left beside it.
        try Self.keep(Self.prompts(10, from: 20), voice: "en-gb", in: cli)
        let run = Process()
        run.executableURL = CLI.binary
        run.arguments = ["adapt", "--background"]
        run.environment = cli.environment
        run.standardError = FileHandle.nullDevice
        try run.run()
        let bwLog = cli.home.appendingPathComponent("cache/learning/work/bw.log").path
        let deadline = Date().addingTimeInterval(300)
        while !FileManager.default.fileExists(atPath: bwLog) && run.isRunning && Date() < deadline {
            usleep(20_000)
        }
        #expect(run.isRunning, "the learner ended before bw started")
        Self.killTree(run.processIdentifier)
        run.waitUntilExit()
        #expect(try Self.snapshot(voice + "/model") == learnt)
        let left = try FileManager.default.contentsOfDirectory(atPath: voice).sorted()
        #expect(left == ["learning.json", "learning.lock", "model", "recordings"], "\(left)")
        #expect(try Self.status(cli)["seen"] as? Int == 20)  // the killed run recorded nothing

        // Recordings whose words are wrong teach the voice wrong sounds: the held-back score
        // drops, so the new voice is thrown away and the old one stays.
        let store = voice + "/recordings"
        let names = try FileManager.default.contentsOfDirectory(atPath: store).filter { $0.hasSuffix(".txt") }.sorted()
        let wrong = Self.prompts(names.count, from: 500)
        for (i, name) in names.enumerated() where i % 5 != 4 {
            try (wrong[i] + "\n").write(toFile: store + "/" + name, atomically: true, encoding: .utf8)
        }
        let third = try cli.ok("adapt", "--background")
        let three = try Self.status(cli)
        #expect(three["replaced"] as? Bool == false, "\(third.stderr) \(three)")
        #expect(three["learntFrom"] as? Int == 16 && three["seen"] as? Int == 30, "\(three)")
        #expect(try Self.snapshot(voice + "/model") == learnt)
        #expect(try cli.ok("adapt", "--status").stdout.contains("(worse: old voice kept)"))
        #expect(!FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("cache/learning").path))

        // --forget: recordings, voice and status gone.
        #expect(try cli.ok("adapt", "--forget").stderr.contains("forgot the learnt voice and its 30 recordings"))
        #expect(!FileManager.default.fileExists(atPath: voice))
    }

    /// In a real session: 10 recordings are waiting to be learnt from, so once the user has left
    /// dictation alone for 5 s the session starts the learner by itself, in the background.
    @Test func aSessionStartsTheLearnerWhenRecordingsWait() throws {
        let cli = try CLI()
        let sshd = try SSHSandbox()
        try Self.keep(Self.prompts(10), voice: "en-gb", in: cli)
        let file = try cli.file("demo.toml", sshd.profile("demo"))
        try cli.ok("profile", "import", file)
        let speech = try SpeechFiles.speech("git status", in: cli)
        let tmux = try Tmux(
            [
                CLI.binary.path, "connect", "--audio-file", speech, "demo", "--",
                "env PS1='remote$ ' bash --norc --noprofile",
            ],
            environment: cli.environment)
        try tmux.wait { $0.contains("remote$") }
        let status = cli.home.appendingPathComponent("voice/learning.json").path
        let deadline = Date().addingTimeInterval(300)
        while !FileManager.default.fileExists(atPath: status) && Date() < deadline { usleep(200_000) }
        let learnt = try Self.status(cli)
        #expect(learnt["seen"] as? Int == 10 && learnt["heldBack"] as? Int == 2, "\(learnt)")
        try tmux.send("echo still here", "Enter")
        #expect(try tmux.wait { $0.contains("\nstill here") }.contains("remote$ echo still here"))
    }

    /// `voicesh adapt` at a terminal says which phase it is in, with its counts, on one line
    /// redrawn in place and erased at the end; piped, its stderr holds its messages alone.
    @Test func adaptShowsItsProgressAtATerminalAndNoneInAPipe() throws {
        let cli = try CLI()
        try Self.keep(Self.prompts(10), voice: "en-gb", in: cli)
        let piped = try cli.ok("adapt").stderr
        #expect(!piped.contains("\r") && !piped.contains("\u{1B}") && !piped.contains("adapt: "), "\(piped)")
        #expect(piped.contains("learning your voice from 10 recordings"), "\(piped)")

        let tmux = try Tmux([CLI.binary.path, "adapt"], environment: cli.environment)
        var phases: [String] = []
        let end = try tmux.wait(seconds: 300) { screen in
            for line in screen.split(separator: "\n") where line.hasPrefix("adapt: ") {
                let phase = line.prefix { !$0.isNumber }
                if phases.last != String(phase) { phases.append(String(phase)) }
            }
            return screen.contains("EXIT=")
        }
        #expect(end.contains("EXIT=0"), "\(end)")
        // Each phase, in order (the reading may pass between two looks at the screen).
        let expected = [
            "adapt: scoring the voice in use on held-back recordings ", "adapt: training the new voice, step ",
            "adapt: scoring the new voice on held-back recordings ",
        ]
        #expect(phases.filter { !$0.hasPrefix("adapt: reading") } == expected, "\(phases)")
        // Erased at the end: the last messages stand alone.
        #expect(!end.contains("adapt: "), "\(end)")
        #expect(end.contains("voicesh: learnt your voice") || end.contains("voicesh: the new voice heard"), "\(end)")
    }

    /// SIGKILL to a process and everything under it (its sphinxtrain tools).
    static func killTree(_ pid: Int32) {
        for member in [pid] + VoiceLearning.descendants(of: pid) { kill(member, SIGKILL) }
    }

    @Test func statsComparesTheLastWeekWithEarlier() throws {
        let cli = try CLI()
        #expect(try cli.run("stats").stderr == "no dictations yet\n")
        let db = try AppDatabase.open(at: cli.database)
        let now = Date()
        func add(
            _ daysAgo: Double, _ outcome: Dictation.Outcome, latency: Int?, profile: String = "prod",
            fallback: String? = nil, error: String? = nil, intent: String? = nil
        ) throws {
            var d = Dictation(
                profile: profile, engine: "edge/pocketsphinx", fallbackEngine: fallback,
                startedAt: now.addingTimeInterval(-daysAgo * 86_400), audioSeconds: 2, latencyMs: latency,
                rawText: "git status", finalText: "git status", outcome: outcome)
            d.error = error
            if let intent {
                d.intent = IntentTake(request: "how do i see what changed")
                d.intent?.model = intent
            }
            try db.appendDictation(d)
        }
        // Earlier: 4 dictations, 2 edited of 4 shown, latencies 100…400.
        for (i, outcome) in [Dictation.Outcome.edited, .edited, .inserted, .discarded].enumerated() {
            try add(10 + Double(i), outcome, latency: 100 * (i + 1))
        }
        // The last week: 5, one with no speech, one from the fallback, none edited.
        try add(1, .inserted, latency: 50)
        try add(1, .ran, latency: 70, fallback: "server/openai")
        try add(2, .inserted, latency: 60)
        try add(2, .failed, latency: 40, error: "no speech heard")
        try add(3, .discarded, latency: 90)
        try add(1, .inserted, latency: 10, profile: "dev")
        // Intents count apart, under their model: 3 shown, one run as written, one edited, one discarded.
        for outcome in [Dictation.Outcome.ran, .edited, .discarded] {
            try add(1, outcome, latency: 2000, intent: "qwen")
        }

        let json = try cli.ok("stats", "--json").stdout
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        #expect(
            rows.map { "\($0["profile"]!) \($0["period"]!)" } == [
                "dev last 7 days", "prod last 7 days", "prod earlier", "prod last 7 days",
            ])
        let asked = rows[3]
        #expect(asked["engine"] as? String == "intent/qwen" && asked["dictations"] as? Int == 3)
        for key in ["asWrittenRate", "editRate", "discardRate"] {
            #expect((asked[key] as? Double).map { abs($0 - 1.0 / 3) < 1e-9 } == true, "\(key): \(asked)")
        }
        let recent = rows[1]
        #expect(recent["dictations"] as? Int == 5)
        #expect(recent["medianLatencyMs"] as? Int == 60 && recent["p95LatencyMs"] as? Int == 90)
        #expect(recent["noSpeechRate"] as? Double == 0.2 && recent["fallbackRate"] as? Double == 0.2)
        #expect(recent["editRate"] as? Double == 0 && recent["discardRate"] as? Double == 0.25)
        #expect(recent["asWrittenRate"] as? Double == 0.75)
        let earlier = rows[2]
        #expect(earlier["dictations"] as? Int == 4 && earlier["editRate"] as? Double == 0.5)
        #expect(earlier["medianLatencyMs"] as? Int == 200 && earlier["p95LatencyMs"] as? Int == 400)

        let piped = try cli.ok("stats", "--profile", "prod")
        #expect(!piped.stderr.contains("\r") && !piped.stdout.contains("\r"))
        let table = piped.stdout.split(separator: "\n").map(String.init)
        #expect(table.count == 4 && table[0].hasPrefix("PROFILE  ENGINE"), "\(table)")
        // The weeks, oldest first, drawn once per profile and engine: 3 of 4 sent as heard this
        // week (▆), 1 of 4 the week before (▃), none shown further back; the model's 1 of 3 (▃).
        #expect(table[0].contains("AS WRITTEN  BY WEEK "), "\(table)")
        #expect(table[1].contains(" 75%         ······▃▆ "), "\(table)")
        #expect(!table[2].contains("·") && table[3].contains(" ·······▃ "), "\(table)")
        #expect(table[0].contains("AS WRITTEN") && table[3].contains("intent/qwen"), "\(table)")
        #expect(table[1].contains("last 7 days") && table[1].contains("60 ms") && table[1].contains("25%"), "\(table)")
        #expect(table[2].contains("earlier") && table[2].contains("50%"), "\(table)")

        // After `voicesh adapt` learnt which ear to trust: how often each was right, once.
        let voice = cli.home.appendingPathComponent("voice").path
        try FileManager.default.createDirectory(atPath: voice, withIntermediateDirectories: true)
        try Data(
            #"{"learntFrom": 40, "heldBack": 10, "before": 7, "after": 9, "pocketsphinxRight": 31, "whisperRight": 38, "kept": true, "lastRun": "2026-11-20T10:00:00Z"}"#
                .utf8
        ).write(to: URL(fileURLWithPath: voice + "/ear-choice-shell-status.json"))
        let ears = try cli.ok("stats").stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            ears.hasPrefix("ears, from voicesh adapt ")
                && ears.hasSuffix(
                    "pocketsphinx heard 31 and Whisper 38 of your 50 recordings right; the choice between them is voicesh's"
                ),
            "\(ears)")
        // Weights learnt beside the weights voicesh ships choose; learnt beside others, not.
        let shipped = try #require(EarWeights.shipped)
        for (beside, says) in [
            (shipped, "is learnt for you"), (EarFusion.Weights(readings: [:], none: [:]), "is voicesh's"),
        ] {
            var own = try #require(
                try JSONSerialization.jsonObject(with: JSONEncoder().encode(shipped)) as? [String: Any])
            own["shipped"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(beside))
            try JSONSerialization.data(withJSONObject: own).write(
                to: URL(fileURLWithPath: voice + "/ear-choice-shell.json"))
            let line = try cli.ok("stats").stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(line.hasSuffix("the choice between them " + says), "\(line)")
        }
        #expect(try cli.ok("stats", "--profile", "prod").stdout.split(separator: "\n").count == 4)
    }
}
