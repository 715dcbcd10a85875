/// The options a program takes, as its own `--help` lists them on the place a command runs,
/// so a written command's options can be checked before it is shown (`IntentCheck`). Read
/// generously: any `-x` or `--name` the help mentions counts, so an option is said to be
/// missing only when the help never names it.
public struct ToolOptions: Equatable, Sendable, Codable {
    /// Short options by letter; true when the letter takes a value (`-k KEYDEF`, `-t SEP`).
    public var short: [String: Bool] = [:]
    /// Long options without their dashes (`numeric-sort`).
    public var long: Set<String> = []

    public init() {}

    /// The programs whose `--help` is asked for (the gathering script's `@options`): common
    /// tools that print their options and do nothing else when asked, and that models get
    /// wrong. Never a program a command names: `./deploy.sh --help` may deploy.
    public static let asked = [
        "sort", "cut", "tar", "grep", "head", "tail", "wc", "ls", "du", "df", "uniq", "xargs", "sed", "cp", "mv",
        "rm", "mkdir", "chmod", "chown", "ln", "touch", "date", "stat", "tr", "diff", "comm", "split", "gzip", "xz",
        "zip", "unzip", "curl", "ss", "jq", "nl", "paste", "join", "tee", "base64", "sha256sum", "md5sum", "file",
        "rsync",
    ]

    /// The options `help` (a program's `--help`, or the lines of it that list options) names.
    public init(help: String) {
        for line in help.split(separator: "\n") {
            let chars = Array(line)
            var index = 0
            while index < chars.count {
                // An option starts a word: after a space, a comma, a bracket or the line's start.
                let startsWord = index == 0 || " \t,[(|".contains(chars[index - 1])
                guard startsWord, chars[index] == "-", index + 1 < chars.count else {
                    index += 1
                    continue
                }
                if chars[index + 1] == "-" {
                    var end = index + 2
                    while end < chars.count, chars[end].isLetter || chars[end].isNumber || chars[end] == "-" {
                        end += 1
                    }
                    if end > index + 2 { long.insert(String(chars[(index + 2)..<end])) }
                    index = end
                } else if chars[index + 1].isLetter || chars[index + 1].isNumber {
                    let letter = String(chars[index + 1])
                    let after = index + 2 < chars.count ? chars[index + 2] : " "
                    // A letter alone (`-k,` `-k ` `-k[`), not a word (`-name`), is a short option.
                    if !(after.isLetter || after.isNumber || after == "-") {
                        let takes = Self.takesValue(chars, after: index + 2) || short[letter] == true
                        short[letter] = takes
                    }
                    index += 2
                } else {
                    index += 1
                }
            }
        }
    }

    /// Whether what follows a short option in a help line says it takes a value: `-i[SUFFIX]`,
    /// `-t SEP`, `-f <file>`, or its long form's `=` (`-k, --key=KEYDEF`).
    private static func takesValue(_ chars: [Character], after start: Int) -> Bool {
        guard start < chars.count else { return false }
        if chars[start] == "[" { return true }
        var index = start
        if chars[index] == "," {
            index += 1
            while index < chars.count, chars[index] == " " { index += 1 }
            guard index + 1 < chars.count, chars[index] == "-", chars[index + 1] == "-" else { return false }
            while index < chars.count, chars[index] != " ", chars[index] != "=", chars[index] != "[" { index += 1 }
            return index < chars.count && (chars[index] == "=" || chars[index] == "[")
        }
        guard chars[index] == " ", index + 1 < chars.count else { return false }
        let next = chars[index + 1]
        if next == "<" { return true }
        // An upper-case word right after one space (`-t SEP`), not a description after two.
        return next.isUppercase && (index + 2 >= chars.count || chars[index + 2].isUppercase || chars[index + 2] == " ")
    }

    /// The options in `args` (a command's words after its program) that the help never names:
    /// short letters one by one up to the first that takes a value, long ones by any
    /// unambiguous start (as getopt takes them). Numbers (`head -5`) and `--` pass.
    public func unknown(in args: [String]) -> [String] {
        var out: [String] = []
        var skipNext = false
        for arg in args {
            if skipNext {
                skipNext = false
                continue
            }
            if arg == "--" { break }
            guard arg.hasPrefix("-"), arg.count > 1, !arg.dropFirst().allSatisfy(\.isNumber) else { continue }
            if arg.hasPrefix("--") {
                let name = String(arg.dropFirst(2).prefix { $0 != "=" })
                if !name.isEmpty, !long.contains(where: { $0.hasPrefix(name) }) { out.append("--" + name) }
                continue
            }
            for (offset, letter) in arg.dropFirst().enumerated() {
                guard letter.isLetter else { break }  // `-k2,2n`: the rest is a value
                guard let takes = short[String(letter)] else {
                    out.append("-" + String(letter))
                    break
                }
                if takes {
                    skipNext = offset == arg.count - 2  // `-t ,`: the value is the next word
                    break
                }
            }
        }
        return out
    }
}
