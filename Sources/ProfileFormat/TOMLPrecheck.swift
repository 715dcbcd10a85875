/// Text the TOML library must not be handed. Its parser assumes, in two places, what it has
/// not checked (toml++ 3.4 in TOMLKit 0.6): that a name follows a header's `[` (`parse_key`,
/// fixed upstream in marzer/tomlplusplus#301), and that a value follows an array's `[` or `,`
/// (`parse_value`). `[=`, `[[[a]]]` or `a = [1,}` stop a debug build on an assertion and are
/// undefined behaviour in a release one. A scan of the text finds them first: it follows
/// strings (multi-line too), comments and values' brackets, so only a real header is checked.
enum TOMLPrecheck {
    /// The first such line and what is wrong on it, or nil.
    static func problem(_ text: String) -> (line: Int, message: String)? {
        let s = Array(text.unicodeScalars)
        var i = s.first == "\u{FEFF}" ? 1 : 0  // the parser skips a byte order mark
        var line = 1
        var open: [Unicode.Scalar] = []  // a value's `[` and `{` not yet closed, where a `[` opens an array
        var lineStart = true

        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        func skipBlanks(_ k: inout Int) { while at(k) == " " || at(k) == "\t" { k += 1 } }
        func skipToLineEnd(_ k: inout Int) { while let c = at(k), c != "\n" { k += 1 } }

        while let c = at(i) {
            if c == "\n" {
                line += 1
                lineStart = true
                i += 1
                continue
            }
            if lineStart, c == " " || c == "\t" {
                i += 1
                continue
            }
            if lineStart, open.isEmpty, c == "[" {
                var k = i + 1
                skipBlanks(&k)
                if at(k) == "[" {
                    k += 1
                    skipBlanks(&k)
                }
                if let first = at(k), first != "]", !isKeyStart(first) {
                    return (line, "a table header without a name after its [")
                }
                skipToLineEnd(&i)
                continue
            }
            lineStart = false
            switch c {
            case "#":
                skipToLineEnd(&i)
                continue
            case "\"", "'":
                if at(i + 1) == c, at(i + 2) == c {
                    // A multi-line string: up to three quotes that close it (a basic one's `\` escapes).
                    i += 3
                    while let d = at(i), !(d == c && at(i + 1) == c && at(i + 2) == c) {
                        if c == "\"", d == "\\" { i += 1 }  // an escape: the next character is taken as it is
                        if at(i) == "\n" { line += 1 }
                        i += 1
                    }
                    i += 3
                    while at(i) == c { i += 1 }
                    continue
                }
                i += 1
                while let d = at(i), d != c, d != "\n" { i += c == "\"" && d == "\\" && at(i + 1) != "\n" ? 2 : 1 }
                if at(i) == c { i += 1 }
                continue
            case "[", "{": open.append(c)
            case "}" where open.last == "[": return (line, "a } inside an array")
            case "]", "}": _ = open.popLast()
            default: break
            }
            i += 1
        }
        return nil
    }

    /// TOML 1.0's bare key characters (ASCII letters, digits, `_`, `-`) and its quotes.
    private static func isKeyStart(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'": true
        default: false
        }
    }
}
