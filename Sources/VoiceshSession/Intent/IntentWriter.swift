import ChatModel
import Foundation
import VoiceshCore

/// Writes commands from requests with the model `[intent]` names: an OpenAI-compatible
/// endpoint, or the local model, whose server starts at the first request and stops with the
/// writer. An actor: a session's takes ask from tasks of their own, one server for them all.
package actor IntentWriter {
    package nonisolated let settings: IntentSettings
    private let environment: [String: String]
    private var local: LocalModelServer?
    /// The local server while it loads: a request that comes meanwhile waits for the same one.
    private var starting: Task<Result<LocalModelServer, IntentError>, Never>?
    /// The kept local server's socket (`intent.persist`), once reached.
    private var kept: String?
    /// Whether reaching it loaded the model (no server answered yet).
    private var loadedKept = false

    /// How long the first answer may have taken for a repair to be asked (half the timeout).
    private let repairBudget: Double
    /// Says what a command waits for: the local model loading, each candidate (nil in a session,
    /// which draws its own line).
    private let progress: ProgressLine?

    /// `repairBudget`: seconds, instead of half the timeout (tests, whose load is not a user's).
    package init(
        settings: IntentSettings, environment: [String: String], repairBudget: Double? = nil,
        progress: ProgressLine? = nil
    ) {
        self.settings = settings
        self.environment = environment
        self.repairBudget = repairBudget ?? settings.timeout / 2
        self.progress = progress
    }

    deinit { local?.stop() }

    /// Starts the local model and has it read the prompt's fixed part once (with a request of
    /// its own, whose answer is dropped), so that a session's first intent is not the cold one.
    /// Nothing for an endpoint, with `warm = false`, or when the model is not installed (the
    /// first intent then says so). A kept server that already answered has read that part for
    /// its last request: reaching it is enough, and no session start writes a command for nothing
    /// beside the user's first keys.
    package func warm() async {
        guard settings.isLocal, settings.warm else { return }
        do throws(IntentError) {
            if settings.persist > 0 {
                _ = try await endpoint()
                guard loadedKept else { return }
            }
            _ = try await write(IntentPrompt(request: "list the files here"))
        } catch {
            Log.app.notice("intent: not warmed: \(Failure.describe(error))")
        }
    }

    /// One command for `prompt`; the request is the caller's to keep whatever happens.
    /// Before it is shown the command is checked against the place it runs (`IntentCheck`:
    /// one complete line, its programs there, the files it reads here); with a fault, and
    /// `repairing` and time left, the model is told what is wrong and asked once more, and the
    /// better of the two is kept. What is still wrong is said first in the explanation.
    /// `drafting` gets the command as soon as the model has written it, before its explanation
    /// (an intent whose explanation is empty; again for a repair's), and whether it passed the
    /// check: a command that did is the one this returns (nothing repairs it), so it may be
    /// confirmed while the rest comes.
    package func write(
        _ prompt: IntentPrompt, repairing: Bool = true, drafting: (@Sendable (Intent, _ checked: Bool) -> Void)? = nil
    ) async throws(IntentError) -> Intent {
        var prompt = prompt
        let said = UntrustedText.clean(prompt.request)
        guard !said.isEmpty else { throw .emptyRequest }
        // The model reads names written, as the directory writes them ("notes dot TXT" → notes.txt).
        prompt.request = WrittenRequest.written(
            said, names: prompt.context?.entries ?? [], inside: prompt.context?.inside ?? [])
        // Chosen by the request as the model reads it (the corpus is kept written too), and by
        // what is being refined.
        let asked = [prompt.refining?.request, prompt.request].compactMap { $0 }.joined(separator: " ")
        prompt.examples =
            settings.examples ? IntentExamples.bundled.nearest(to: asked, count: IntentExamples.perRequest) : []
        // Checked here against what is known, sent or not.
        let place = prompt.context
        if !settings.sendsContext {
            prompt.context = nil
            prompt.recent = []
        }
        // A repair's command said to pass may already be confirmed: it is the answer even if the
        // rest of the repair's reply never comes.
        let passed = Locked<Intent?>(nil)
        let drafting = drafting.map { show in
            { @Sendable (draft: Intent) in
                let checked = IntentCheck.faults(in: draft.answer.command, context: place).isEmpty
                if checked { passed.value = draft }
                show(draft, checked)
            }
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var spent: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        var intent: Intent
        var rewritten = false
        do throws(IntentError) {
            intent = try await ask(prompt, said: said, drafting: drafting)
        } catch {
            // An answer that gives no command (several lines, cut at the length limit, prose)
            // is asked for again once, saying why, as a faulty command is.
            guard repairing, spent < repairBudget, let why = Self.unusable(error) else { throw error }
            var again = prompt
            again.rewrite = why
            intent = try await ask(again, said: said, drafting: drafting)
            rewritten = true
        }
        var faults = IntentCheck.faults(in: intent.answer.command, context: place)
        if !faults.isEmpty {
            var check = Intent.Check(
                first: intent.answer.command, found: IntentCheck.words(faults),
                asked: repairing && !rewritten && spent < repairBudget,  // one more ask at most
                left: faults.count)
            if check.asked {
                prompt.repair = .init(command: check.first, problems: check.found)
                if let second = try? await ask(prompt, said: said, drafting: drafting) {
                    let left = IntentCheck.faults(in: second.answer.command, context: place)
                    if left.count < faults.count { (intent, faults) = (second, left) }
                } else if let draft = passed.value {
                    (intent, faults) = (draft, [])  // unexplained, but what the line shows
                }
            }
            check.left = faults.count
            intent.check = check
        }
        if !faults.isEmpty {
            let check = "check: " + IntentCheck.words(faults) + "."
            intent.answer.explanation =
                intent.answer.explanation.isEmpty ? check : check + " " + intent.answer.explanation
        }
        return intent
    }

    /// What the model is told of an answer that gave no command, or nil: the error is not
    /// the answer's (the endpoint, the network, the key).
    private static func unusable(_ error: IntentError) -> String? {
        switch error {
        case .severalLines: "the command had several lines"
        case .noCommand: "the command was empty"
        case .prose: "it was not the JSON object"
        case .malformed(let reason) where reason.contains("length limit"): "it was cut off before it ended"
        default: nil
        }
    }

    /// One request to the model and its answer, read.
    private func ask(
        _ prompt: IntentPrompt, said: String, drafting: (@Sendable (Intent) -> Void)? = nil
    ) async throws(IntentError) -> Intent {
        var endpoint = try await endpoint()
        let (model, host) = (endpoint.model, settings.url.map(Self.host) ?? "local")
        let written = { @Sendable (command: String) in
            Intent(request: said, answer: IntentAnswer(command: command, explanation: ""), model: model, endpoint: host)
        }
        let shown = drafting.map { show in { @Sendable (command: String) in show(written(command)) } }
        let partial = Self.drafts(to: shown, progress: progress, hiding: endpoint.sentKey)
        let content: String
        do throws(IntentError) {
            do throws(IntentError) {
                content = try await endpoint.complete(prompt.messages, schema: IntentPrompt.schema, drafting: partial)
            } catch .unreachable where kept != nil {
                // It ended idle between our calls, or was stopped: started again, asked again.
                kept = nil
                endpoint = try await self.endpoint()
                content = try await endpoint.complete(prompt.messages, schema: IntentPrompt.schema, drafting: partial)
            }
        } catch .unreachable(let url, let reason) {
            // The local server died under us: said as such, and the next request starts it anew.
            if let local, local.hasEnded {
                self.local = nil
                throw .localServerEnded
            }
            throw .unreachable(url: url, reason: reason)
        }
        var intent = written("")
        intent.answer = try IntentAnswer.read(content, hiding: endpoint.sentKey)
        return intent
    }

    /// What reads a streamed answer's content as it grows: the command, once its string has
    /// ended, goes to `drafting` and the progress line, once (the content grows a token at a
    /// time). Nil when nobody shows drafts.
    private static func drafts(
        to drafting: (@Sendable (String) -> Void)?, progress: ProgressLine?, hiding key: String?
    ) -> (@Sendable (String) -> Void)? {
        guard drafting != nil || progress != nil else { return nil }
        let shown = Locked<String?>(nil)
        return { content in
            guard let command = IntentAnswer.draft(in: content, hiding: key) else { return }
            let new = shown.update { old in
                defer { old = command }
                return old != command
            }
            guard new else { return }
            drafting?(command)
            progress?.show("intent: \(command)  (explaining …)")
        }
    }

    /// One command for `prompt` and up to `more` others, asked for one at a time as a session's
    /// Tab does (the answer's `candidates`); the asking stops at the first repeat or failure.
    package func write(_ prompt: IntentPrompt, more: Int) async throws(IntentError) -> Intent {
        defer { progress?.clear() }
        progress?.show("intent: writing the command …")
        var intent = try await write(prompt)
        var asking = prompt
        asking.others = [intent.answer]
        while asking.others.count <= more {
            progress?.show("intent: other commands", done: asking.others.count - 1, of: more)
            guard let next = try? await write(asking, repairing: false) else { break }
            guard next.answer.repeated(in: asking.others) == nil else { break }
            asking.others.append(next.answer)
        }
        intent.answer.candidates = asking.others.dropFirst().map(\.command)
        return intent
    }

    private func endpoint() async throws(IntentError) -> ChatEndpoint {
        if let url = settings.url {
            var key: String?
            if let name = settings.apiKeyEnv {
                guard let value = environment[name], !value.isEmpty else { throw .keyNotSet(variable: name) }
                key = value
            }
            return ChatEndpoint(
                url: url, model: settings.model ?? "", key: key, environment: environment, timeout: settings.timeout)
        }
        let runtime = try IntentRuntime.locate(model: settings.model, environment: environment)
        // Two threads: one leaves generation at half speed; more contend with the session.
        let threads = min(2, ProcessInfo.processInfo.activeProcessorCount)
        let name = (runtime.model as NSString).lastPathComponent
        if settings.persist > 0 {
            let socket: String
            if let kept {
                socket = kept
            } else {
                socket = try await reach(runtime, threads: threads)
            }
            kept = socket
            var endpoint = ChatEndpoint(socket: socket, model: name, timeout: settings.timeout)
            endpoint.grammar = IntentPrompt.grammar
            return endpoint
        }
        let server: LocalModelServer
        if let local {
            server = local
        } else {
            let load =
                starting
                ?? Task { () async -> Result<LocalModelServer, IntentError> in
                    do throws(IntentError) {
                        return .success(try await LocalModelServer.starting(runtime, threads: threads))
                    } catch {
                        return .failure(error)
                    }
                }
            starting = load
            progress?.show("intent: loading the local model (the first request waits for it) …")
            let started = await load.value
            progress?.show("intent: writing the command …")
            if starting == load { starting = nil }
            server = try started.get()
            local = server
        }
        var endpoint = ChatEndpoint(
            url: server.url, model: name, key: nil, environment: environment, timeout: settings.timeout)
        endpoint.grammar = IntentPrompt.grammar  // llama.cpp's: a model's `\;` kept
        return endpoint
    }

    /// The kept server's socket, started when none answers.
    private func reach(_ runtime: IntentRuntime, threads: Int) async throws(IntentError) -> String {
        let progress = progress
        let loaded = Locked(false)
        let socket = try await KeptModelServer.reaching(
            runtime, threads: threads, idle: settings.persist, environment: environment
        ) {
            loaded.value = true
            progress?.show("intent: loading the local model (the first request waits for it) …")
        }
        loadedKept = loaded.value
        progress?.show("intent: writing the command …")
        return socket
    }

    private static func host(_ url: String) -> String {
        URLComponents(string: url)?.host ?? UntrustedText.excerpt(url)
    }
}
