/// Letters said one at a time, for `spell`, `control` and `press`: the letter itself as
/// engines write it ("m", "bee", "double u") or the NATO alphabet ("mike").
enum SpokenLetters {
    static let nato: [String: Character] = [
        "alpha": "a", "alfa": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f",
        "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l",
        "mike": "m", "november": "n", "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s",
        "tango": "t", "uniform": "u", "victor": "v", "whiskey": "w", "whisky": "w", "xray": "x", "x-ray": "x",
        "yankee": "y", "zulu": "z",
    ]

    /// How engines write a letter said alone.
    static let names: [String: Character] = [
        "bee": "b", "be": "b", "see": "c", "sea": "c", "dee": "d", "gee": "g", "aitch": "h", "eye": "i",
        "jay": "j", "kay": "k", "el": "l", "em": "m", "en": "n", "oh": "o", "pea": "p", "pee": "p", "cue": "q",
        "queue": "q", "are": "r", "ess": "s", "tee": "t", "tea": "t", "you": "u", "vee": "v", "ex": "x",
        "why": "y", "zed": "z", "zee": "z",
    ]

    /// The letter `word` names (lower case), if it names one.
    static func letter(_ word: String) -> Character? {
        if word.count == 1, let c = word.first, c.isASCII, c.isLetter { return c }
        return nato[word] ?? names[word]
    }
}
