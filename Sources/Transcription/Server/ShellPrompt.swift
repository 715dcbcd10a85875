import VoiceshCore

/// The prompt sent to Whisper-style servers. Whisper continues the style of its prompt, so a
/// few commands in their spoken form (`git remote dash v.`) make it write the symbol words as
/// words, lower case, which the normaliser (`SpokenShell`) turns into shell; example shell
/// itself would come back as the transcript of unclear audio (`echo $HOME`, issue 21). The
/// profile's vocabulary and alias replacements follow, so it spells them the profile's way.
/// Whisper keeps only the last 223 tokens of a prompt (half its 448-token text context):
/// this one stays under that by a cautious estimate of GPT-2's tokens, dropping example lines
/// first and then vocabulary from the end. Should the estimate fall short, Whisper cuts the
/// prompt's start, the examples, and the profile's terms at the end still go.
public struct ShellPrompt: Equatable, Sendable {
    static let tokenLimit = 224
    /// Commands as spoken (lower case, every symbol a word, a period after each: what the
    /// normaliser reads best), each with the shell it reads back as (the tests hold it to
    /// that). Together they say dash, dash dash, slash, dot, pipe, tilde, underscore,
    /// quote … end quote and greater than. None is a line of the benchmark sets.
    static let examples: [(spoken: String, shell: String)] = [
        ("git remote dash v.", "git remote -v"),
        ("git log dash dash oneline.", "git log --oneline"),
        ("ls dash l h tilde slash downloads.", "ls -lh ~/downloads"),
        ("cd slash usr slash local slash bin.", "cd /usr/local/bin"),
        ("cat package dot json pipe less.", "cat package.json | less"),
        ("nano my underscore notes dot md.", "nano my_notes.md"),
        (
            "echo quote all tests passed end quote greater than result dot txt.",
            "echo \"all tests passed\" > result.txt"
        ),
        ("git checkout dash b hotfix.", "git checkout -b hotfix"),
        ("sudo systemctl enable dash dash now docker.", "sudo systemctl enable --now docker"),
        ("journalctl dash b pipe grep dash i usb.", "journalctl -b | grep -i usb"),
        ("kubectl get nodes dash o yaml.", "kubectl get nodes -o yaml"),
        ("cd dot dot.", "cd .."),
    ]

    public let text: String

    /// `context`: names from the remote shell, most likely first; they come last, so they
    /// are the first to go when the prompt is too long. `plainEnglish`: a request in plain
    /// English (intent mode), heard without the spoken-shell examples, whose style would turn
    /// its words into shell; the names go in one English sentence, so "app dot log" is
    /// written as the `app.log` there. (As a bare list, Whisper continued the list: names
    /// ran into the words beside them, `big.binin bytes`; docs/benchmarks/intent.md.)
    public init(vocabulary: [String], aliases: [String: String], context: [String] = [], plainEnglish: Bool = false) {
        // Replacements are what the user wants written; their spoken forms are not.
        var terms = vocabulary + aliases.values.sorted() + context
        var seen = Set<String>()
        terms = terms.filter { !$0.isEmpty && seen.insert($0).inserted }
        var lines = plainEnglish ? [] : Self.examples.map(\.spoken)
        // The examples read as one spoken passage, the terms as a list after it.
        func render() -> String {
            if plainEnglish {
                guard let last = terms.last else { return "" }
                let listed = terms.count == 1 ? last : terms.dropLast().joined(separator: ", ") + " and " + last
                return "The files here are \(listed)."
            }
            return ([lines.joined(separator: " ")] + (terms.isEmpty ? [] : [terms.joined(separator: ", ")]))
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }
        while Self.estimatedTokens(render()) > Self.tokenLimit - 1 {
            if lines.count > 3 {
                lines.removeLast()
            } else if !terms.isEmpty {
                terms.removeLast()
            } else {
                lines.removeLast()
            }
        }
        text = render()
    }

    /// GPT-2 byte-pair tokens, counted high: one per three letters or two digits of a run
    /// (common English words are one token), one per other character (a space joins the word
    /// after it).
    static func estimatedTokens(_ text: String) -> Int {
        var count = 0
        var run = 0
        var digits = false
        func flush() {
            if run > 0 { count += digits ? (run + 1) / 2 : (run + 2) / 3 }
            run = 0
        }
        for scalar in text.unicodeScalars {
            let isDigit = ("0"..."9").contains(scalar)
            let isLetter = scalar.properties.isAlphabetic && scalar.isASCII
            if isDigit || isLetter {
                if run > 0, isDigit != digits { flush() }
                digits = isDigit
                run += 1
            } else {
                flush()
                if scalar != " " { count += scalar.isASCII ? 1 : scalar.utf8.count }
            }
        }
        flush()
        return count
    }
}

extension ShellPrompt {
    /// The prompt for one dictation: the engine's vocabulary, the aliases' spellings, then
    /// the remote's names (as a server engine's prompt has them); for a request in plain
    /// English, those alone.
    public init(context: SpeechContext, config: EngineConfig, aliases: [String: String]) {
        // A request names files, folders and branches; the PATH's programs would crowd them
        // out (and heard no better: docs/benchmarks/intent.md).
        let names = context.plainEnglish ? context.named(except: .command) : context
        self.init(
            vocabulary: config.vocabulary, aliases: aliases,
            context: names.isEmpty ? [] : names.terms(count: ServerEngine.contextTerms, length: 40),
            plainEnglish: context.plainEnglish)
    }

    /// What a prompt says, line by line and term by term: what Whisper may echo back.
    public static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { line in
            [String(line)] + line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
