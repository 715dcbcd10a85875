import VoiceshCore

extension Connect {
    /// `connect`'s words put in the order the parser reads, as OpenSSH reads them: options
    /// may also follow the destination, up to the first word that is not an option or `--`;
    /// that word and everything after it are the remote command. `prod -p 2222 ls -l`
    /// becomes `-p 2222 prod ls -l`. The parser itself says where the options end (it stops
    /// at the first positional word), so no list of which options take a value is kept here.
    /// Words it cannot read are moved too, so its error names them.
    static func openSSHOrder(_ words: [String]) -> [String] {
        let words = joinedOptions(words)
        guard let parsed = try? parse(words) else { return words }
        let targetIndex = words.count - parsed.command.count - 1
        let after = parsed.command
        guard let first = after.first, first.hasPrefix("-"), first != "--", first != "-" else { return words }
        // Options end at `--` at the latest; a stand-in word ends them when no command follows.
        let scanned = Array(after.prefix { $0 != "--" })
        let optionCount: Int
        if let probe = try? parse(scanned + ["command"]) {
            optionCount = scanned.count - probe.command.count
        } else {
            optionCount = scanned.count
        }
        return Array(words[..<targetIndex]) + after.prefix(optionCount) + [words[targetIndex]]
            + after.dropFirst(optionCount)
    }

    /// ssh's `-oKey=Value` as `-o Key=Value` (the parser reads `=` as its own separator), for
    /// the keywords `-o` takes, up to `--`: a remote command's words hardly ever look like that.
    static func joinedOptions(_ words: [String]) -> [String] {
        let end = words.firstIndex(of: "--") ?? words.count
        return words[..<end].flatMap { word -> [String] in
            guard word.hasPrefix("-o"), let equals = word.firstIndex(of: "=") else { return [word] }
            let keyword = word[word.index(word.startIndex, offsetBy: 2)..<equals].lowercased()
            let known = SSHConfigResolver.keywords.contains { $0.lowercased() == keyword }
            return known ? ["-o", String(word.dropFirst(2))] : [word]
        } + words[end...]
    }
}
