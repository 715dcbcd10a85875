import Foundation
import TestFixtures
import Testing

/// The generic protocol's segment ACKs and resume (specs A2 §4–5), against a server that drops
/// the connection without a close frame.
struct StreamResumeTests {
    let cli: CLI
    let recording: String
    let samples = 5 * 16000

    init() throws {
        cli = try CLI()
        recording = cli.home.appendingPathComponent("five.wav").path
        try SpeechFiles.voice(seconds: 5, at: recording)
    }

    func run(_ server: WSServer) async throws -> CLI.Result {
        let file = try cli.file(
            "g.toml",
            "name = \"g\"\nhost = \"h\"\n[engine]\nkind = \"stream\"\nprovider = \"generic\"\nurl = \"\(server.url)\"\n"
        )
        try await cli.ok("profile", "import", file, "--replace")
        return try await cli.run(["transcribe", "--profile", "g", recording], environment: [:])
    }

    @Test func fiveDropsMidRecordingLoseAndRepeatNothing() async throws {
        let server = try WSServer(
            provider: "generic", text: "git status | docker ps",
            arguments: ["--drop-at", "20,50,70,95,120", "--expect-wav", recording])
        let result = try await run(server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status docker ps\n")
        #expect(result.stderr == "voicesh: reconnected 5 times to the stream server and resumed\n")
        #expect(try server.events("drop").count == 5)
        #expect(try server.events("connect").count == 6)
        let violations = try server.events("violation")
        #expect(violations.isEmpty, "\(violations)")

        // Every segment exactly once, in order, and the server's audio is the recording, byte for byte.
        let end = try #require(try server.events("session_end").first)
        #expect(end["duplicates"] as? Int == 0)
        #expect(end["gaps"] as? Int == 0)
        #expect(end["bytes"] as? Int == samples * 2)
        #expect(end["matches"] as? Bool == true)
        let accepted = try server.events("segment").filter { $0["duplicate"] as? Bool == false }
        #expect(accepted.map { $0["seq"] as? Int } == Array(0..<5))
        #expect(accepted.map { $0["start"] as? Int } == [0, 16000, 32000, 48000, 64000])
        // One device id, the same in every segment and in the file under the data directory.
        let device = try String(contentsOf: cli.home.appendingPathComponent("device-id"), encoding: .utf8)
        let starts = try server.events("text").compactMap { $0["message"] as? String }.filter {
            $0.contains("\"start\"")
        }
        #expect(starts.count == 1 && starts[0].contains(device.trimmingCharacters(in: .whitespacesAndNewlines)))
        let resumes = try server.events("text").compactMap { $0["message"] as? String }.filter { $0.contains("resume") }
        #expect(resumes.count == 5)
    }

    @Test func aServerThatCannotResumeGetsANewSessionWithEverythingStillHeld() async throws {
        let server = try WSServer(
            provider: "generic", text: "git status", arguments: ["--drop-at", "60", "--no-resume"])
        let result = try await run(server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        let messages = try server.events("text").compactMap { $0["message"] as? String }
        #expect(messages.filter { $0.contains(#""type":"start""#) }.count == 2)
        #expect(messages.filter { $0.contains(#""type":"resume""#) }.count == 1)
        // The first session ACKed some segments; the second got all the rest, renumbered from 0,
        // so together they hold the whole recording once.
        let segments = try server.events("segment").filter { $0["duplicate"] as? Bool == false }
        let sessions = Dictionary(grouping: segments) { $0["session"] as? String ?? "" }
        #expect(sessions.count == 2)
        let ranges = segments.compactMap { s in (s["start"] as? Int).flatMap { a in (s["end"] as? Int).map { (a, $0) } }
        }
        let covered = Set(ranges.map(\.0))
        #expect(covered.count == ranges.count)  // no segment twice
        #expect(covered == Set(stride(from: 0, to: samples, by: 16000)))
        let second = try #require(
            sessions.values.first { $0.first?["seq"] as? Int == 0 && ($0.first?["start"] as? Int ?? 0) > 0 })
        #expect(second.map { $0["seq"] as? Int } == Array(0..<second.count))
    }
}
