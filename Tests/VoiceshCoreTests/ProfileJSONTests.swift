import Foundation
import Testing

@testable import VoiceshCore

/// The JSON form of a profile (`profile list --json`) and of an engine (as the stores keep it):
/// the file form's keys and values, nothing else (`pinned` is the store's own).
struct ProfileJSONTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Every key set, none at its default.
    static var full: Profile {
        var p = Profile(name: "prod", host: "example.com")
        p.port = 2222
        p.user = "deploy"
        p.identity = "~/.ssh/id_ed25519"
        p.knownHosts = "/tmp/kh"
        p.keepalive = 30
        p.jump = "bastion"
        p.forwardAgent = true
        p.toggleKey = "f9"
        p.send = .auto
        p.history = .textAndAudio
        p.production = true
        p.autoStop = 1.5
        p.audioDevice = "hw:1"
        p.learn = .off
        p.context = .all
        p.handsFree = true
        p.engine = EngineConfig(kind: .server)
        p.engine.timeout = 12.5
        p.engine.language = "de"
        p.engine.vocabulary = ["kubectl"]
        p.engine.minConfidence = 0.6
        p.engine.recognizer = .command
        p.engine.command = "whisper {wav}"
        p.engine.whisperModel = "off"
        p.engine.dialect = .whisperCpp
        p.engine.provider = .deepgram
        p.engine.url = "http://h"
        p.engine.model = "m"
        p.engine.apiKeyEnv = "KEY"
        p.engine.tokenURL = "http://t"
        p.engine.backpressure = .dropOldest
        p.engine.backlog = 100
        p.engine.fileField = "audio"
        p.engine.responseKey = "transcript"
        p.fallback = EngineConfig()
        p.aliases = ["dot dot": ".."]
        p.pinned = ["send"]
        return p
    }

    static let fullEngine =
        #"{"api_key_env":"KEY","backlog":100,"backpressure":"drop-oldest","command":"whisper {wav}","dialect":"whisper.cpp","#
        + #""file_field":"audio","kind":"server","language":"de","min_confidence":0.6,"model":"m","provider":"deepgram","#
        + #""recognizer":"command","response_key":"transcript","timeout":12.5,"token_url":"http://t","url":"http://h","#
        + #""vocabulary":["kubectl"],"whisper_model":"off"}"#

    @Test func aProfileIsWrittenUnderItsFileKeys() throws {
        #expect(
            try Self.json(Self.full)
                == #"{"aliases":{"dot dot":".."},"audio_device":"hw:1","auto_stop":1.5,"context":"all","engine":"#
                + Self.fullEngine
                + #","fallback":{"kind":"edge","language":"en","timeout":30,"vocabulary":[]},"forward_agent":true,"#
                + #""hands_free":true,"history":"text+audio","host":"example.com","identity":"~/.ssh/id_ed25519","#
                + #""intent_key":"ctrl-\\","jump":"bastion","keepalive":30,"known_hosts":"/tmp/kh","learn":"off","#
                + #""name":"prod","port":2222,"#
                + #""production":true,"send":"auto","toggle_key":"f9","user":"deploy"}"#)
    }

    @Test func keysWithoutAValueAreLeftOut() throws {
        #expect(
            try Self.json(Profile(name: "bare", host: "h"))
                == #"{"aliases":{},"auto_stop":0,"context":"local","engine":{"kind":"edge","language":"en","timeout":30,"#
                + #""vocabulary":[]},"forward_agent":false,"hands_free":false,"history":"text","host":"h","#
                + #""intent_key":"ctrl-\\","keepalive":0,"#
                + #""name":"bare","port":22,"production":false,"send":"confirm","toggle_key":"ctrl-]"}"#)
    }

    @Test func anEngineReadsBackAsItWasWritten() throws {
        let engine = Self.full.engine
        let read = try JSONDecoder().decode(EngineConfig.self, from: Data(try Self.json(engine).utf8))
        #expect(read == engine)
        #expect(try Self.json(read) == Self.fullEngine)
    }

    /// An engine saved by an older voicesh, before later keys: those take their defaults.
    @Test func missingKeysTakeTheirDefaults() throws {
        let saved = #"{"kind":"stream","provider":"generic"}"#
        let read = try JSONDecoder().decode(EngineConfig.self, from: Data(saved.utf8))
        var expected = EngineConfig(kind: .stream)
        expected.provider = .generic
        #expect(read == expected)
        #expect(read.timeout == 30 && read.language == "en" && read.vocabulary.isEmpty)
    }

    @Test func aWholeNumberReadsAsANumberWhereOneIsWanted() throws {
        let read = try JSONDecoder().decode(EngineConfig.self, from: Data(#"{"timeout":5,"min_confidence":1}"#.utf8))
        #expect(read.timeout == 5 && read.minConfidence == 1)
    }

    @Test func aWordThatIsNoChoiceIsAnError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EngineConfig.self, from: Data(#"{"kind":"telepathy"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EngineConfig.self, from: Data(#"{"timeout":"soon"}"#.utf8))
        }
    }
}
