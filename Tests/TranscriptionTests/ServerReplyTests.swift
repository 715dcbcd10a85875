import Foundation
import Testing
import VoiceshCore

@testable import Transcription

/// A server's reply read into a transcript or a typed problem (`Failure` words it).
struct ServerReplyTests {
    /// A key a server echoes is taken out of the whole body before any of it is read or cut:
    /// no part of it is left, even where the 200 bytes kept of an error would cut it.
    @Test func anEchoedKeyIsMaskedInTheWholeBody() throws {
        let key = "sk-" + String(repeating: "k", count: 40)
        let body = Data((String(repeating: "x", count: 180) + " Bearer \(key) and \(key)").utf8)
        let masked = ServerEngine.masking(key, in: body)
        #expect(String(decoding: masked, as: UTF8.self).hasSuffix(" Bearer *** and ***"))
        #expect(
            throws: EngineError.server(.status(502, detail: String(repeating: "x", count: 180) + " Bearer *** and ***"))
        ) {
            try ServerReply.transcript(status: 502, body: masked, dialect: .openai, responseKey: nil)
        }
    }

    func reply(_ status: Int, _ body: String, dialect: ServerDialect = .openai) throws(EngineError) -> Transcript {
        try ServerReply.transcript(status: status, body: Data(body.utf8), dialect: dialect, responseKey: nil)
    }

    @Test func anErrorIsItsStatusAndTheServersOwnMessage() {
        #expect(throws: EngineError.server(.status(401, detail: "Incorrect API key provided"))) {
            try reply(401, #"{"error":{"message":"Incorrect API key provided"}}"#)
        }
        #expect(throws: EngineError.server(.status(500, detail: "failed to process audio"))) {
            try reply(500, #"{"error":"failed to process audio"}"#, dialect: .whisperCpp)
        }
        #expect(throws: EngineError.server(.status(502, detail: ""))) { try reply(502, "  ") }
    }

    @Test func aReplyThatIsNoTranscriptSaysWhatItLacks() {
        #expect(throws: EngineError.server(.notJSON(.asrWebservice, reply: "<html>"))) {
            try reply(200, "<html>", dialect: .asrWebservice)
        }
        #expect(throws: EngineError.server(.noText(.openai, key: "text"))) { try reply(200, #"{"txt":"ls"}"#) }
        #expect(throws: EngineError.noSpeech) { try reply(200, #"{"text":"  "}"#) }
        #expect(throws: Never.self) { try reply(200, #"{"text":"ls -la"}"#) }
    }

    @Test func aProfileWithoutAUsableURLCannotRun() {
        #expect(throws: EngineError.server(.noURL)) { try ServerRequest(config: EngineConfig(kind: .server)) }
    }
}
