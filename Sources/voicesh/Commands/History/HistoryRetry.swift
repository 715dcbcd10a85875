import ArgumentParser
import Foundation
import Store
import VoiceshCore

struct HistoryRetry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Transcribe a kept recording again and print the text.",
        discussion: """
            Uses the dictation's profile's engine unless told otherwise. On success the row gets the
            new text and its recording is let go (unless the profile keeps audio); on failure both stay.
            """)

    @Argument(help: "The dictation's id (voicesh history lists them).")
    var id: Int64

    @Option(help: "Use this profile's engine instead.", completion: Completions.profileNames)
    var profile: String?

    @Option(help: "Use the built-in offline engine (edge) instead.")
    var engine: BuiltInEngine?

    @Option(help: "Run this local recogniser command instead ({wav} stands for the recording).")
    var command: String?

    @Option(help: "Seconds to wait for the text.")
    var timeout: Double?

    enum BuiltInEngine: String, ExpressibleByArgument, CaseIterable {
        case edge
    }

    func validate() throws {
        if [profile != nil, engine != nil, command != nil].filter({ $0 }).count > 1 {
            throw ValidationError("pick one of --profile, --engine and --command")
        }
    }

    func run() throws {
        let context = AppContext.live()
        let database = try context.openDatabase()
        var row = try database.dictation(id: id)
        guard let wav = try database.audio(forDictation: id) else {
            throw Failure.Command.message("dictation \(id) has no kept recording to retry")
        }
        let samples = try WAV.decode([UInt8](wav)).speechSamples()
        let original = try? database.profile(named: row.profile)
        var settings = try context.effective(
            try profile.map { name throws(StoreError) in try database.profile(named: name) }
                ?? original ?? Profile(name: row.profile, host: "-"))
        if engine != nil || command != nil {
            settings.engine = EngineConfig(kind: .edge)
            settings.fallback = nil
            if let command {
                settings.engine.recognizer = .command
                settings.engine.command = command
            }
        }
        if let timeout { settings.engine.timeout = timeout }
        let speech = try EngineFactory.forProfile(settings, in: database, context: context).engine(for: settings)
        let aliases = settings.aliases
        let started = Date()
        let result = Blocking.run { () -> Result<Recognition, EngineError> in
            do throws(EngineError) {
                return .success(try await Recognition.run(speech, audio: Recognition.frames(samples), aliases: aliases))
            } catch {
                return .failure(error)
            }
        }
        row.latencyMs = Int(Date().timeIntervalSince(started) * 1000)
        let history = HistoryWriter(
            database: database, policy: original?.history ?? .text, shared: context.sharedAddress)
        defer { history.finish() }
        switch result {
        case .success(let heard):
            row.engine = heard.engine
            row.fallbackEngine = heard.fallbackEngine
            row.rawText = heard.rawText
            row.finalText = heard.text
            row.confidence = heard.confidence
            row.words = heard.words
            row.error = nil
            row.outcome = .printed
            Console.print(heard.text)
            do {
                try history.save(row, audio: nil, keepAudio: false)
            } catch {
                Console.error("voicesh: \(error.message); the text above is not in the history")
                throw ExitCode(Listen.historyUnwritten)
            }
        case .failure(let error):
            row.error = Failure.describe(error)
            try history.save(row, audio: nil, keepAudio: true)
            throw Failure.Command.message("\(Failure.describe(error)); the recording is still kept")
        }
    }
}
