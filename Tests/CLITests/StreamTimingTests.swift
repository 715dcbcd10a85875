import Foundation
import TestFixtures
import Testing

/// The stream engine's real-time duties, through the binary: pacing audio at a microphone's
/// rate and answering a server's pings within its 0.2 s deadline. Here and not in process,
/// where the commands of other tests share the concurrency pool these run on.
@Suite(.serialized)
struct StreamTimingTests {
    let cli: CLI
    /// Two seconds of a voice (every engine is behind the recording's voice-activity check).
    let tone: String
    let toneSamples = 32000

    init() throws {
        cli = try CLI()
        tone = try SpeechFiles.voice(seconds: 2, in: cli, named: "tone.wav")
    }

    func transcribe(_ name: String) throws -> CLI.Result {
        try cli.run("transcribe", "--profile", name, "--partials", tone)
    }

    @Test(arguments: [("assemblyai", 1600), ("deepgram", 1280), ("generic", 1280)])
    func rawPCMGoesOutInProviderFramesAtRealTime(provider: String, frameBytes: Int) throws {
        let server = try WSServer(provider: provider, text: "kubectl get pods")
        try cli.streamProfile("p", server, "vocabulary = [\"kubectl\"]\n")
        let started = Date()
        let result = try transcribe("p")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "kubectl get pods\n")
        #expect(Date().timeIntervalSince(started) < 60)
        let violations = try server.events("violation")
        #expect(violations.isEmpty, "\(violations)")

        // Audio only in binary frames of the provider's size; text frames are small JSON controls.
        let frames = try server.events("binary")
        let sizes = frames.compactMap { $0["bytes"] as? Int }
        #expect(sizes.dropLast().allSatisfy { $0 == frameBytes }, "\(Set(sizes))")
        #expect(sizes.reduce(0, +) == toneSamples * 2)
        for text in try server.events("text").compactMap({ $0["message"] as? String }) {
            #expect(text.utf8.count < 400)
            let control = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(control?["type"] is String)
            #expect(control?["audio"] == nil)
        }
        // Paced at real time: two seconds of audio took about two seconds to arrive, not less.
        // The generic provider sends a segment once it is whole (its message names the end
        // sample), so its frames start one segment (1 s) late and come a segment at a time.
        let times = frames.compactMap { $0["t"] as? Double }
        let span = try #require(times.last) - (try #require(times.first))
        let lag = provider == "generic" ? 1.0 : 3 * Double(frameBytes) / 32000
        #expect(span > 2.0 - lag - 0.1, "sent \(span) s of frames for 2 s of audio")

        let connect = try #require(try server.events("connect").first)
        let query = connect["query"] as? [String: [String]] ?? [:]
        switch provider {
        case "assemblyai":
            #expect(query["speech_model"] == ["universal-streaming-english"])
            #expect(query["sample_rate"] == ["16000"])
            #expect(query["encoding"] == ["pcm_s16le"])
            #expect(query["keyterms_prompt"] == [#"["kubectl"]"#])
        case "deepgram":
            #expect(query["model"] == ["nova-3"])
            #expect(query["encoding"] == ["linear16"])
            #expect(query["interim_results"] == ["true"])
            #expect(query["keyterm"] == ["kubectl"])
        default:
            let start = try server.events("text").compactMap { $0["message"] as? String }.first
            #expect(start?.contains(#""type":"start""#) == true)
        }
    }

    /// A server that pings (as websockets' keepalive does) closes with 1011 when a pong is late;
    /// every ping is answered, mid-stream and while the sender waits for the pacer.
    @Test(arguments: ["assemblyai", "generic"])
    func aServerThatPingsGetsItsPongs(provider: String) throws {
        let server = try WSServer(provider: provider, text: "git status", arguments: ["--ping-interval", "0.2"])
        try cli.streamProfile("pings", server)
        let result = try transcribe("pings")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "git status\n")
        let codes = try server.events("disconnect").compactMap { $0["code"] as? Int }
        #expect(codes == [1000], "\(codes)")
    }
}
