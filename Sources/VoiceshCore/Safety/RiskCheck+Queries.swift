/// Statements that destroy data, in whatever client or quoting carries them: SQL through
/// `psql -c`, `mysql -e`, `sqlite3 db '…'`, `cqlsh -e` or `echo … | psql`; MongoDB shell
/// calls through `mongosh --eval`; Redis and memcached flushes. The whole line is read as
/// words, so a new client needs no entry here.
extension RiskCheck {
    /// Why `text` holds a destructive statement, or nil.
    static func query(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.contains("dropdatabase(") { return "drops a MongoDB database" }
        if lowered.contains(".drop(") || lowered.contains("dropcollection(") { return "drops a MongoDB collection" }
        if lowered.contains("deletemany(") || lowered.contains(".remove(") { return "deletes MongoDB documents" }
        let words = sqlWords(lowered)
        let texts = words.map(\.text)
        for (i, word) in texts.enumerated() {
            let next = i + 1 < texts.count ? texts[i + 1] : ""
            let starts = words[i].starts
            switch word {
            case "drop":
                if ["database", "schema", "keyspace"].contains(next) { return "drops a database" }
                if ["table", "collection"].contains(next) { return "drops a table" }
                if dropped.contains(next) { return "drops a database object" }
            case "truncate":
                // `TRUNCATE users`, but not the program: `truncate -s 0 f`.
                if next == "table" || (starts && !next.isEmpty && next != ";" && !next.hasPrefix("-")) {
                    return "truncates a table"
                }
            case "delete" where next == "from":
                if !statement(texts, from: i).contains("where") { return "deletes every row of a table" }
            case "update" where starts && statement(texts, from: i).contains("set"):
                if !statement(texts, from: i).contains("where") { return "changes every row of a table" }
            case "alter" where next == "table":
                if statement(texts, from: i).contains("drop") { return "drops part of a table" }
            case "flushall", "flushdb", "flush_all":
                return "deletes every key of a store"
            default:
                break
            }
        }
        return nil
    }

    /// What `DROP` may name besides databases and tables.
    private static let dropped: Set<String> = [
        "index", "view", "materialized", "user", "role", "owned", "sequence", "tablespace", "function", "procedure",
        "trigger", "type", "extension", "column",
    ]

    /// The words of the statement that starts at `start`, up to its `;`.
    private static func statement(_ words: [String], from start: Int) -> ArraySlice<String> {
        words[start...].prefix { $0 != ";" }
    }

    /// Lowercased words as SQL sees them, `;` a word of its own. Quotes, brackets, `=`, pipes
    /// and spaces separate; a word after a quote, bracket, `=` or pipe starts a statement
    /// (`-c 'TRUNCATE t'`, `--command=…`, `echo … |`), as does the first.
    private static func sqlWords(_ lowered: String) -> [(text: String, starts: Bool)] {
        var words: [(text: String, starts: Bool)] = []
        var word = ""
        var starts = true
        for char in lowered {
            if char.isLetter || char.isNumber || "_-.:$/*".contains(char) {
                word.append(char)
                continue
            }
            if !word.isEmpty {
                words.append((word, starts))
                starts = false
            }
            word = ""
            if char == ";" { words.append((";", false)) }
            if ";'\"`(=\n|&".contains(char) { starts = true }
        }
        if !word.isEmpty { words.append((word, starts)) }
        return words
    }
}
