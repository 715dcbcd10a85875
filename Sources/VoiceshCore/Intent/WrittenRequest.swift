/// A request as the model should read it: names said in words put in written form ("backup dot
/// tar dot gz" → `backup.tar.gz`, "logs slash worker dot log" → `logs/worker.log`, "the dot bak
/// files" → `the *.bak files`), and written the way the directory writes them when it holds
/// them (`notes dot TXT` → `notes.txt`, "docker compose dot yml" → `docker-compose.yml`), and a
/// name said with its folder written as the path the folder holds ("the changelog in docs" →
/// `the docs/CHANGELOG.md`).
///
/// A model given "ready dot flag" writes `touch ready.dot`; given `ready.flag` it writes
/// `touch ready.flag`. Only words joined by a symbol's word are touched, so the English around
/// them is the user's as said.
public enum WrittenRequest {
    /// Spoken symbols that join the parts of a name.
    static let joiners: [String: String] = ["dot": ".", "slash": "/", "dash": "-", "underscore": "_"]

    /// `request` with its spoken names written; `names`: those the directory holds (the
    /// context's entries), whose spelling wins where one is said; `inside`: its folders'
    /// entries as `folder/name`.
    public static func written(_ request: String, names: [String] = [], inside: [String] = []) -> String {
        let listed = names + inside
        var words = request.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        words = unglued(words, names: listed)
        words = rejoined(words, names: listed)
        words = known(words, names: listed)
        words = joined(words, names: listed)
        words = respelled(words, names: listed)
        return inFolders(words, inside: inside).joined(separator: " ")
    }

    /// A name the ear ran into the word beside it ("notes.zipholding", "printjan.log"): the name
    /// and the word apart. Only a listed name with an extension, at a word's start or end, beside
    /// two or more letters, in a word that is no listed name itself.
    private static func unglued(_ words: [String], names: [String]) -> [String] {
        let dotted = names.filter { $0.contains(".") && !$0.hasSuffix("/") }.sorted { $0.count > $1.count }
        guard !dotted.isEmpty else { return words }
        let listed = Set(names.map { $0.lowercased() })
        return words.flatMap { word -> [String] in
            let core = bare(word, keepingCase: true)
            let lower = core.lowercased()
            guard !listed.contains(lower) else { return [word] }
            for name in dotted {
                let key = name.lowercased()
                guard lower.count >= key.count + 2 else { continue }
                if lower.hasPrefix(key), core.dropFirst(key.count).allSatisfy(\.isLetter) {
                    return [name, String(core.dropFirst(key.count)) + trailing(word)]
                }
                if lower.hasSuffix(key), core.dropLast(key.count).allSatisfy(\.isLetter) {
                    return [String(core.dropLast(key.count)), name + trailing(word)]
                }
            }
            return [word]
        }
    }

    /// A name the ear wrote in pieces ("to do .md", "to do.md", "my app.log"): the name, where
    /// up to three words before a word with a dot, run together with it, make a listed name
    /// (the most words that do).
    private static func rejoined(_ words: [String], names: [String]) -> [String] {
        var byLower: [String: String] = [:]
        for name in names where name.contains(".") && !name.hasSuffix("/") { byLower[name.lowercased()] = name }
        guard !byLower.isEmpty else { return words }
        var out: [String] = []
        for word in words {
            let core = bare(word)
            let pieces = out.suffix(3).reversed().prefix { piece in
                !hasTrailing(piece) && bare(piece).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
            let match =
                core.count > 1 && core.contains(".") && byLower[core] == nil
                ? (1...3).reversed().lazy.filter { $0 <= pieces.count }.compactMap { count in
                    byLower[(out.suffix(count).map { bare($0) } + [core]).joined()].map { (count, $0) }
                }.first
                : nil
            if let (count, name) = match {
                out.removeLast(count)
                out.append(name + trailing(word))
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// A name the ear wrote in another case than the directory does ("the SRC folder",
    /// `Notes.TXT`): the directory's spelling. Only a whole word that is one of its names, case
    /// aside, and that has a capital or a dot, so plain English is left as said.
    private static func respelled(_ words: [String], names: [String]) -> [String] {
        var byLower: [String: String] = [:]
        for name in names {
            let plain = name.hasSuffix("/") ? String(name.dropLast()) : name
            if byLower[plain.lowercased()] == nil { byLower[plain.lowercased()] = plain }
        }
        return words.map { word in
            let core = bare(word, keepingCase: true)
            guard core != core.lowercased() || core.contains("."), let name = byLower[core.lowercased()], name != core
            else { return word }
            return name + trailing(word)
        }
    }

    /// "NAME in FOLDER" (or under, inside, from; "the" and "folder" may be said) where
    /// `FOLDER/NAME.EXT` is listed: the path. NAME is said as the name's stem: its part before
    /// the first dot, with `-` and `_` as spaces ("docker compose in deploy" →
    /// `deploy/docker-compose.yml`); a stem two files share is left as said.
    private static func inFolders(_ words: [String], inside: [String]) -> [String] {
        var byStem: [[String]: [(folder: [String], path: String)]] = [:]
        for path in inside where !path.hasSuffix("/") {
            guard let slash = path.firstIndex(of: "/") else { continue }
            let name = path[path.index(after: slash)...]
            guard let stem = name.split(separator: ".").first, !name.contains("/") else { continue }
            byStem[spoken(String(stem)), default: []].append((spoken(String(path[..<slash])), path))
        }
        guard !byStem.isEmpty else { return words }
        let plain = words.map { bare($0) }
        var out: [String] = []
        var index = 0
        scan: while index < words.count {
            for (stem, places) in byStem where plain[index...].starts(with: stem) {
                var at = index + stem.count
                guard at < plain.count, ["in", "under", "inside", "from"].contains(plain[at]) else { continue }
                at += 1
                if at < plain.count, plain[at] == "the" { at += 1 }
                let matching = places.filter { plain[at...].starts(with: $0.folder) }
                guard matching.count == 1, let place = matching.first else { continue }
                at += place.folder.count
                if at < plain.count, ["folder", "directory", "dir"].contains(plain[at]) { at += 1 }
                out.append(place.path + trailing(words[at - 1]))
                index = at
                continue scan
            }
            out.append(words[index])
            index += 1
        }
        return out
    }

    /// A name's words as said: lower case, `-`, `_` and `.` as spaces.
    private static func spoken(_ name: String) -> [String] {
        name.lowercased().split(whereSeparator: { "-_. ".contains($0) }).map(String.init)
    }

    /// Each of `names` said as `SpokenName` says it, longest first, replaced by the name itself.
    private static func known(_ words: [String], names: [String]) -> [String] {
        var said: [(spoken: [String], name: String)] = []
        for name in names {
            for form in SpokenName.forms(of: name) {
                let spoken = form.split(separator: " ").map(String.init)
                if spoken.count > 1 { said.append((spoken, name)) }  // one word is written as said
            }
        }
        said.sort { $0.spoken.count > $1.spoken.count }
        guard !said.isEmpty else { return words }
        var out: [String] = []
        var index = 0
        let plain: [String] = words.map { bare($0) }
        while index < words.count {
            let at = index
            let match = said.first { entry in
                at + entry.spoken.count <= plain.count && Array(plain[at..<at + entry.spoken.count]) == entry.spoken
            }
            if let (spoken, name) = match {
                out.append(name + trailing(words[index + spoken.count - 1]))
                index += spoken.count
            } else {
                out.append(words[index])
                index += 1
            }
        }
        return out
    }

    /// Words joined by a symbol's word become one name; a leading "dot X" before "files" is a glob.
    private static func joined(_ words: [String], names: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            // "slash etc slash hosts": a path from the root; "dot bak files": every .bak file.
            if let symbol = joiners[bare(word)], symbol == "/" || symbol == ".", index + 1 < words.count,
                isPart(words[index + 1]), out.last.map({ !isPart($0) || isArticle($0) }) ?? true
            {
                var name = symbol + bare(words[index + 1])
                index += 2
                (name, index) = extend(name, words, from: index)
                let glob = symbol == "." && index < words.count && ["files", "file"].contains(bare(words[index]))
                out.append(spelled(glob ? "*" + name : name, names: names) + trailing(words[index - 1]))
                continue
            }
            if isPart(word), index + 2 < words.count, joiners[bare(words[index + 1])] != nil,
                isPart(words[index + 2])
            {
                var (name, next) = (bare(word, keepingCase: true), index + 1)
                (name, next) = extend(name, words, from: next)
                // "dash" and "underscore" alone join nothing ("list with dash l" is an option,
                // not `with-l`) unless the directory holds the name they make.
                let spelt = spelled(name, names: names)
                if name.contains(".") || name.contains("/") || spelt != name {
                    out.append(spelt + trailing(words[next - 1]))
                    index = next
                    continue
                }
            }
            out.append(word)
            index += 1
        }
        return out
    }

    /// `name` with every "JOINER PART" that follows from `index`, and where it stopped.
    private static func extend(_ name: String, _ words: [String], from index: Int) -> (String, Int) {
        var (name, index) = (name, index)
        while index + 1 < words.count, let symbol = joiners[bare(words[index])], isPart(words[index + 1]),
            !hasTrailing(words[index - 1])
        {
            name += symbol + bare(words[index + 1], keepingCase: true)
            index += 2
        }
        return (name, index)
    }

    /// The directory's own spelling of `name` when it holds it (case aside).
    private static func spelled(_ name: String, names: [String]) -> String {
        names.first { $0.lowercased() == name.lowercased() } ?? name
    }
    /// A word that can be part of a name: letters and digits (a sentence's comma may follow).
    private static func isPart(_ word: String) -> Bool {
        let core = bare(word)
        return !core.isEmpty && joiners[core] == nil && !isArticle(core)
            && core.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Words a name follows rather than begins with: articles, prepositions, and the verbs and
    /// tools a request names before a path ("cat slash etc slash hosts" is `cat /etc/hosts`).
    private static func isArticle(_ word: String) -> Bool {
        leadingWords.contains(bare(word))
    }

    static let leadingWords: Set<String> = [
        "the", "a", "an", "all", "every", "each", "my", "in", "to", "of", "from", "into", "under", "at", "on",
        "cat", "ls", "cd", "less", "more", "tail", "head", "vim", "nano", "edit", "open", "show", "list", "read",
        "print", "view", "check", "delete", "remove", "copy", "move", "touch", "create",
    ]

    /// The word without a sentence's punctuation at its end, lower-cased unless asked.
    private static func bare(_ word: String, keepingCase: Bool = false) -> String {
        let core = String(word.reversed().drop { ",.?!;:".contains($0) }.reversed())
        return keepingCase ? core : core.lowercased()
    }

    /// The sentence's punctuation after a word (`files,` → `,`), kept after the name it ends.
    private static func trailing(_ word: String) -> String {
        String(word.reversed().prefix { ",.?!;:".contains($0) }.reversed())
    }

    private static func hasTrailing(_ word: String) -> Bool { !trailing(word).isEmpty }
}
