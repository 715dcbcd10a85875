import Foundation

/// What the model is asked: a fixed prefix (the rules and worked examples, the same bytes in
/// every request, so a local server keeps it cached and a session warms it once), then what is
/// known of the remote and the user's request. The context is untrusted text from the server:
/// it is cleaned and capped here, and whatever the model makes of it still meets the risk check
/// and a key press.
public struct IntentPrompt: Equatable, Sendable {
    /// The request, as heard or typed.
    public var request: String
    /// The remote's names (nil: none known, or not to be sent).
    public var context: RemoteContext?
    /// The profile's recent commands, oldest first.
    public var recent: [String]
    /// A request being refined ("only the five biggest"): what was asked before, and its command.
    public var refining: Refinement?
    /// Commands already written for this request: the model is asked for one unlike them (Tab).
    public var others: [IntentAnswer] = []
    /// The last command written, and what `IntentCheck` found wrong with it: asked again once.
    public var repair: Repair?
    /// Why the last answer gave no command (several lines, cut off): asked again, saying so.
    public var rewrite: String?
    /// Worked examples chosen for this request (`IntentExamples.nearest`): in the request's
    /// turn, after the server's names, so the fixed prefix and those names (the same in every
    /// request from one directory) stay cached and only the examples and the request are read.
    public var examples: [IntentExamples.Example] = []

    public struct Repair: Equatable, Sendable {
        public var command: String
        public var problems: String

        public init(command: String, problems: String) {
            self.command = command
            self.problems = problems
        }
    }

    public struct Refinement: Equatable, Sendable {
        public var request: String
        public var command: String

        public init(request: String, command: String) {
            self.request = request
            self.command = command
        }
    }

    public init(
        request: String, context: RemoteContext? = nil, recent: [String] = [], refining: Refinement? = nil,
        others: [IntentAnswer] = []
    ) {
        self.request = request
        self.context = context
        self.recent = recent
        self.refining = refining
        self.others = others
    }

    /// The commands a profile sent lately, oldest first, from its history rows (newest first).
    public static func recent(from rows: [Dictation], count: Int = 5) -> [String] {
        let sent: Set<Dictation.Outcome> = [.inserted, .ran, .edited, .printed]
        return rows.filter { sent.contains($0.outcome) }.prefix(count).reversed().map(\.finalText)
    }

    /// The messages to send: the fixed prefix, then the request with its context, then (for
    /// Tab) the commands already written, each followed by a request for a different one: the
    /// conversation so far, whose start a local server still has cached.
    public var messages: [ChatMessage] {
        var messages = Self.prefix
        let known = situation + similar
        if let refining {
            messages.append(.user("Request: \(UntrustedText.clean(refining.request))"))
            messages.append(.assistant(Self.answer(command: refining.command, explanation: "")))
            messages.append(.user(known + "Change the last command: \(UntrustedText.clean(request))"))
        } else {
            messages.append(.user(known + "Request: \(UntrustedText.clean(request))"))
        }
        for other in others {
            messages.append(.assistant(Self.answer(command: other.command, explanation: other.explanation)))
            messages.append(.user(Self.another))
        }
        if let repair {
            messages.append(.assistant(Self.answer(command: repair.command, explanation: "")))
            messages.append(.user(Self.repairing(repair.problems)))
        }
        if let rewrite { messages.append(.user(Self.rewriting(rewrite))) }
        return messages
    }

    /// What the model is told when its answer gave no command it could be held to.
    public static func rewriting(_ problem: String) -> String {
        "Your answer could not be used: \(problem). Answer the same request again with the JSON object only, "
            + "its command one short line."
    }

    public static let another = "Another command for the same request, different from the ones above."

    /// What the model is told when its command cannot work where it runs.
    public static func repairing(_ problems: String) -> String {
        "That command cannot work on this server: \(UntrustedText.clean(problems)). "
            + "Write a command for the same request that works here."
    }

    /// The rules and worked examples; identical in every request (a cached prefix).
    public static let prefix: [ChatMessage] =
        [.system(rules)]
        + examples.flatMap { request, command, explanation in
            [ChatMessage.user("Request: \(request)"), .assistant(answer(command: command, explanation: explanation))]
        }

    static let rules = """
        You write one shell command for a Linux server from a request in plain English. \
        Answer with a JSON object only: {"command": "...", "explanation": "..."}. \
        "command" is one line for bash, using only common tools; prefer read-only commands when the request allows; \
        escape a double quote inside it as \\". \
        "explanation" says in at most ten words what the command does. \
        Never add sudo unless asked. Use the names and tools listed under "Server" when they fit.
        """

    /// Worked examples. The intent benchmark's sets never share a request with these.
    static let examples: [(String, String, String)] = [
        (
            "show the ten largest files in this folder", "du -ah . | sort -rh | head -n 10",
            "Ten largest entries here, by size."
        ),
        (
            "which process is listening on port 8080", "ss -ltnp 'sport = :8080'",
            "The process listening on TCP port 8080."
        ),
        (
            "follow the nginx error log", "tail -f /var/log/nginx/error.log",
            "Prints the nginx error log as it grows."
        ),
        (
            "make a compressed archive of the site folder", "tar -czf site.tar.gz site",
            "Packs the site folder into site.tar.gz."
        ),
        // A double quote inside the command, escaped as JSON wants: without one to copy, a small
        // model ends the string at the command's first quote (`echo "hi" > f` became `echo`).
        // (An example with `\;` helped Qwen more, but sent SmolLM2, the tests' model, into a
        // loop of backslashes.)
        (
            "find failed logins in the auth log", #"grep -i "failed password" /var/log/auth.log"#,
            "Failed password attempts in auth.log."
        ),
    ]

    static func answer(command: String, explanation: String) -> String {
        let object: [String: Any] = ["command": command, "explanation": explanation]
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Tools whose presence changes the right answer (`rg` or `grep`, `docker` or `podman`).
    public static let notableTools: Set<String> = [
        "apt", "dnf", "yum", "pacman", "apk", "zypper", "brew", "systemctl", "service", "journalctl", "docker",
        "podman", "kubectl", "helm", "git", "rg", "fd", "fdfind", "jq", "yq", "python3", "node", "npm", "pip3",
        "ss", "netstat", "lsof", "ip", "ifconfig", "curl", "wget", "rsync", "zstd", "xz", "htop", "ncdu", "tree",
        "nginx", "apache2ctl", "psql", "mysql", "redis-cli", "sqlite3", "make", "cargo", "go", "swift",
    ]

    /// Names from the server, at most this many of each kind.
    static let entriesShown = 40
    static let recentShown = 5
    static let branchesShown = 12

    /// What is known of the server, as lines before the request; empty when nothing is.
    var situation: String {
        var lines: [String] = []
        let name = { (text: String) in UntrustedText.excerpt(text, limit: 80) }
        // A name made only of escapes is nothing once cleaned: it is left out, not sent empty.
        let names = { (texts: [String]) in texts.map(name).filter { !$0.isEmpty } }
        if let context {
            if let directory = context.directory.map(name), !directory.isEmpty {
                lines.append("Directory: \(directory)")
            }
            let entries = names(context.entries).prefix(Self.entriesShown)
            if !entries.isEmpty { lines.append("Here: " + entries.joined(separator: ", ")) }
            let inside = names(context.inside).prefix(Self.entriesShown)
            if !inside.isEmpty { lines.append("In its folders: " + inside.joined(separator: ", ")) }
            let tools = context.commands.filter(Self.notableTools.contains).sorted()
            if !tools.isEmpty { lines.append("Tools: " + tools.joined(separator: ", ")) }
            // All of them (the first few): a request names one, and the check refuses others.
            let branches = names(context.branches).prefix(Self.branchesShown)
            if !branches.isEmpty { lines.append("Git branches: " + branches.joined(separator: ", ")) }
        }
        let recent = names(recent).suffix(Self.recentShown)
        if !recent.isEmpty { lines.append("Recent commands: " + recent.joined(separator: " ; ")) }
        return lines.isEmpty ? "" : "Server:\n" + lines.joined(separator: "\n") + "\n"
    }

    /// The worked examples as lines before the request; empty when there are none.
    var similar: String {
        guard !examples.isEmpty else { return "" }
        return "Similar requests and their commands:\n"
            + examples.map { "- \($0.request): \($0.command)\n" }.joined()
    }

    /// The schema as llama.cpp's own grammar (GBNF), for the local model: the same object, but
    /// its strings take any escape. A model writes find's `\;` in its JSON as in a shell; the
    /// schema's grammar has no such escape and made it `\"` (`-exec rm {} ",`). The answer is
    /// read with such an escape kept as written (`IntentAnswer.read`). The explanation is held
    /// to 100 characters (ten words take about 60): a small model rambling in it (one word
    /// over and over) ran to the length limit and lost the whole command written before.
    public static let grammar = #"""
        root ::= "{" space command "," space explanation "}" space
        command ::= "\"command\"" space ":" space string
        explanation ::= "\"explanation\"" space ":" space "\"" char{0,100} "\"" space
        string ::= "\"" char* "\"" space
        char ::= [^"\\\x7F\x00-\x1F] | "\\" [^\x7F\x00-\x1F]
        space ::= | " " | "\n" [ \t]{0,20}
        """#

    /// The JSON Schema the answer must match (`response_format`), as JSON text. Each token
    /// costs about 0.1 s on a laptop's CPU, so the answer is the command and a short line.
    public static let schema = """
        {"type":"object","properties":{"command":{"type":"string"},"explanation":{"type":"string"}},\
        "required":["command","explanation"],"additionalProperties":false}
        """
}
