import ChatModel
import Foundation
import LocalRecognizer
import Testing
import VoiceshCore
import VoiceshSession

extension DoctorTests {
    /// The report as a value: its lines and JSON, and the pins it checks models against.
    struct Report {
        @Test func rendersOneLinePerCheckAndJSONOfTheSameShape() throws {
            let report = DoctorReport([
                .found(.microphone, "ALSA device \"default\": 0.3 s heard, peak -12 dBFS, RMS -30 dBFS"),
                .problem(.identityFiles, .keyMissing(path: "/home/me/.ssh/id_work")),
            ])
            #expect(!report.ok)
            #expect(
                report.text == """
                    ✓ microphone: ALSA device "default": 0.3 s heard, peak -12 dBFS, RMS -30 dBFS
                    ✗ identity files: identity file /home/me/.ssh/id_work does not exist; fix the profile's identity (or IdentityFile), or make the key
                    """)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            #expect(
                String(decoding: try encoder.encode(report.json), as: UTF8.self)
                    == #"{"checks":[{"advice":null,"detail":"ALSA device \"default\": 0.3 s heard, peak -12 dBFS, RMS -30 dBFS","ok":true,"part":"microphone"},{"advice":"fix the profile's identity (or IdentityFile), or make the key","detail":"identity file \/home\/me\/.ssh\/id_work does not exist","ok":false,"part":"identity files"}],"ok":false}"#
            )
            #expect(DoctorReport([.found(.agent, "none")]).ok)
        }

        /// Every problem has its two parts: what is wrong and what to do.
        @Test func everyProblemSaysWhatToDo() {
            let problems: [DoctorProblem] = [
                .config(words: ["config.toml line 3: unknown key"]),
                .microphone(.cannotOpen(device: "hw:9", reason: "busy")),
                .noAudio(device: "hw:9", seconds: 1.3), .edge(.noAcousticModel(path: "/usr/share/x")),
                .earNotInstalled(ear: .whisper, places: ["/a", "/b"]), .earScriptMissing(ear: .moonshine),
                .earModel(path: "/m", reason: "no such folder"),
                .modelChanged(path: "/m/model.bin", pinned: "aa", found: "bb", reinstall: "run scripts/setup"),
                .modelUnreadable(path: "/m", reason: "Permission denied"),
                .runtimeMissing(home: "/h", package: "xllamacpp", reinstall: "run scripts/setup"),
                .intent(.localModelMissing(path: "/h")), .engineKeyNotSet(variable: "KEY"),
                .store(.corrupt(path: "/db", detail: "file is not a database")), .unresolved(words: ["no such host"]),
                .keyMissing(path: "/k"), .keyUnprotected(path: "/k", mode: 0o644), .keyUnreadable(path: "/k"),
                .notAPrivateKey(path: "/k.pub"), .hostUnknown(name: "h", file: "/kh"),
                .agentUnreachable(socket: "/s", reason: "refused"),
                .connection(.connect(host: "h", port: 22, reason: "refused")),
                .hostKeyChanged(name: "h", keyType: "ED25519", fingerprint: "SHA256:x", file: "/kh", line: 2),
            ]
            for problem in problems {
                let words = Failure.describe(problem)
                #expect(!words.detail.isEmpty && !words.advice.isEmpty, "\(problem)")
                #expect(!words.detail.hasSuffix(";") && !words.advice.hasPrefix(";"), "\(problem)")
            }
        }

        /// Words from elsewhere keep what to do last: split there, not inside a bracketed reason.
        @Test func aSentenceIsSplitAtItsLastSemicolonOutsideBrackets() {
            #expect(Failure.split("a is wrong; do b").detail == "a is wrong")
            #expect(Failure.split("a is wrong; do b").advice == "do b")
            let bracketed = Failure.split("a is not a model (too small; run setup); name a .gguf file")
            #expect(bracketed.detail == "a is not a model (too small; run setup)")
            #expect(bracketed.advice == "name a .gguf file")
            #expect(Failure.split("nothing to do").advice == "see the manual")
        }

        /// The SHA-256 digests `doctor` checks the installed models against are the ones
        /// `scripts/setup` checks them against when it installs them.
        @Test func thePinsAreSetupsPins() throws {
            let setup = try String(
                contentsOf: CLI.packageDirectory.appendingPathComponent("scripts/setup"), encoding: .utf8)
            func pin(_ name: String) -> String? {
                setup.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map {
                    String($0.dropFirst(name.count + 1))
                }
            }
            #expect(pin("whisper_sha256") == WhisperRuntime.baseModelSHA256)
            #expect(pin("whisper_shell_sha256") == WhisperRuntime.shellModelSHA256)
            #expect(pin("qwen_sha256") == IntentRuntime.modelSHA256)
        }

        @Test func levelsInDecibelsBelowFullScale() {
            #expect(AudioLevel([0, 0, 0]).isSilent)
            #expect(AudioLevel([0, 0, 0]).description == "silent (every sample zero)")
            #expect(AudioLevel([]).description == "silent (every sample zero)")
            let half = AudioLevel([16384, -16384])
            #expect(half.description == "peak -6 dBFS, RMS -6 dBFS")
            #expect(AudioLevel([Int16.min]).peak == 1)
        }
    }
}
