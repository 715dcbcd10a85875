import ArgumentParser
import Foundation
import VoiceshCore
import VoiceshSession

struct IntentCommand: AsyncVoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "intent",
        abstract: "Write a shell command from a request in plain English (nothing is run).",
        usage: "voicesh intent [--profile <profile>] [--here] [--json] <request> ...",
        discussion: """
            The model is config.toml's [intent]: an OpenAI-compatible endpoint (intent.url, intent.model, intent.api_key_env), or the local model scripts/setup installs when intent.url is unset. With --profile, the profile's own [intent] keys take the place of config.toml's, and its recent commands go with the request when intent.context allows (by default only to the local model). Prints the command; the explanation, and why it is risky when it is, go to stderr.
            """)

    @Argument(help: "What the command should do, in plain English.")
    var request: [String]

    @Option(
        help: "Use this profile's [intent] keys over config.toml's, and send its recent commands with the request.",
        completion: Completions.profileNames)
    var profile: String?

    @Flag(
        help:
            "Send this directory's names and the tools on PATH with the request, as a session sends the remote's (when intent.context allows; with the local model they go by default)."
    )
    var here = false

    // Unconditional: `--candidates -1` is a bad value to say so of, not a missing one.
    @Option(
        parsing: .unconditional,
        help: "Also ask the model for up to this many other commands, as Tab does in a session (JSON: candidates).")
    var candidates = 0

    @Flag(help: "Print request, command, explanation, candidates, risk, check, model and endpoint as JSON.")
    var json = false

    func validate() throws {
        guard !UntrustedText.clean(request.joined(separator: " ")).isEmpty else {
            throw ValidationError("the request is empty; say what the command should do")
        }
        guard (0...IntentTake.mostCandidates - 1).contains(candidates) else {
            throw ValidationError("--candidates must be between 0 and \(IntentTake.mostCandidates - 1)")
        }
    }

    func run(_ context: AppContext) async throws {
        let text = request.joined(separator: " ")
        var recent: [String] = []
        var settings = try context.config().intent
        if let profile {
            let store = try context.openStore()
            settings = try store.profile(named: profile).intentSettings(over: settings)
            recent = IntentPrompt.recent(from: try store.dictations(profile: profile, search: nil, limit: 20))
        }
        let writer = IntentWriter(
            settings: settings, environment: context.environment, progress: ProgressLine(console: context.console))
        // The command runs here: where the names stay on this machine (the local model, or
        // intent.context = true), this directory's go with every request.
        let names = here || settings.sendsContext ? LocalContext.here(context) : nil
        let intent = try await writer.write(
            IntentPrompt(request: text, context: names, recent: recent), more: candidates)
        try Self.show(intent, json: json, context: context)
    }

    /// The command on stdout, the rest on stderr; or all of it as JSON.
    static func show(_ intent: Intent, json: Bool, context: AppContext) throws {
        guard json else {
            context.console.print(intent.answer.command)
            if !intent.answer.explanation.isEmpty { context.console.error(intent.answer.explanation) }
            if let risk = intent.risk { context.console.error("risky: \(risk)") }
            for other in intent.answer.candidates { context.console.error("or: \(other)") }
            return
        }
        var object: [String: Any] = [
            "request": intent.request, "command": intent.answer.command, "explanation": intent.answer.explanation,
            "candidates": intent.answer.candidates, "model": intent.model, "endpoint": intent.endpoint,
        ]
        object["risk"] = intent.risk ?? NSNull()
        object["check"] =
            intent.check.map { check -> [String: Any] in
                ["first": check.first, "found": check.found, "repair_asked": check.asked, "faults_left": check.left]
            } ?? NSNull()
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        context.console.print(String(decoding: data, as: UTF8.self))
    }
}
