import CVTerm

/// A cell's or the pen's attributes, and the SGR parameters that set them after an `SGR 0`.
/// Colours keep their palette index, so a restored row looks as the user's own theme drew it.
struct Style {
    var bold = false
    var underline = 0
    var italic = false
    var blink = false
    var reverse = false
    var strike = false
    var font = 0
    var foreground: VTermColor?
    var background: VTermColor?

    static let plain = Style()

    init(
        bold: Bool = false, underline: Int = 0, italic: Bool = false, blink: Bool = false, reverse: Bool = false,
        strike: Bool = false, font: Int = 0, foreground: VTermColor? = nil, background: VTermColor? = nil
    ) {
        self.bold = bold
        self.underline = underline
        self.italic = italic
        self.blink = blink
        self.reverse = reverse
        self.strike = strike
        self.font = font
        self.foreground = foreground
        self.background = background
    }

    init(_ cell: VTermScreenCell) {
        let a = cell.attrs
        self.init(
            bold: a.bold != 0, underline: Int(a.underline), italic: a.italic != 0, blink: a.blink != 0,
            reverse: a.reverse != 0, strike: a.strike != 0, font: Int(a.font), foreground: cell.fg,
            background: cell.bg)
    }

    /// `CSI … m` for everything that differs from the default, or "" for the default style.
    var sgr: String {
        var parameters: [String] = []
        if bold { parameters.append("1") }
        switch underline {
        case 0: break
        case 2: parameters.append("21")
        case 3: parameters.append("4:3")
        default: parameters.append("4")
        }
        if italic { parameters.append("3") }
        if blink { parameters.append("5") }
        if reverse { parameters.append("7") }
        if strike { parameters.append("9") }
        if font > 0 { parameters.append(String(10 + font)) }
        if let foreground, let p = Self.parameter(foreground, base: 30, bright: 90, extended: 38) {
            parameters.append(p)
        }
        if let background, let p = Self.parameter(background, base: 40, bright: 100, extended: 48) {
            parameters.append(p)
        }
        return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// One colour's parameter: the 16 named colours by their own codes, the rest of the palette
    /// as `38;5;N`, true colour as `38;2;R;G;B`; nil for the terminal's default.
    private static func parameter(_ color: VTermColor, base: Int, bright: Int, extended: Int) -> String? {
        let type = color.type
        if type & UInt8(VTERM_COLOR_DEFAULT_MASK.rawValue) != 0 { return nil }
        if type & UInt8(VTERM_COLOR_TYPE_MASK.rawValue) == UInt8(VTERM_COLOR_INDEXED.rawValue) {
            let index = Int(color.indexed.idx)
            switch index {
            case 0..<8: return String(base + index)
            case 8..<16: return String(bright + index - 8)
            default: return "\(extended);5;\(index)"
            }
        }
        return "\(extended);2;\(color.rgb.red);\(color.rgb.green);\(color.rgb.blue)"
    }
}
