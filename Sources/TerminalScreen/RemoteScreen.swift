import CVTerm

/// What the remote has drawn on a full-screen program's screen, kept by libvterm from the same
/// bytes the local terminal gets, so the row a dictation draws over can be painted back exactly
/// as it was: characters, colours and attributes, then the remote's own pen.
///
/// It lives only while the remote is on the alternate screen (vim, less, top), so ordinary
/// output never pays for it. Owned by the session loop's thread; libvterm is not thread-safe.
public final class RemoteScreen {
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    public private(set) var rows: Int
    public private(set) var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = max(rows, 1)
        self.columns = max(columns, 1)
        terminal = vterm_new(Int32(self.rows), Int32(self.columns))
        vterm_set_utf8(terminal, 1)
        // Answers to the remote's queries (cursor reports, device attributes) come from the real
        // terminal; the model's own would be sent nowhere, so they are dropped.
        vterm_output_set_callback(terminal, { _, _, _ in }, nil)
        screen = vterm_obtain_screen(terminal)
        state = vterm_obtain_state(terminal)
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_reset(screen, 1)
    }

    deinit { vterm_free(terminal) }

    /// The remote's output, exactly as it went to the local terminal.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), bytes.count)
    }

    public func resize(rows: Int, columns: Int) {
        self.rows = max(rows, 1)
        self.columns = max(columns, 1)
        vterm_set_size(terminal, Int32(self.rows), Int32(self.columns))
    }

    /// The bytes that paint `row` (0-based) as the remote left it, starting from its first
    /// column wherever the cursor is put first, and that end with the remote's pen in force.
    public func repaint(row: Int) -> [UInt8] {
        guard (0..<rows).contains(row) else { return [] }
        var cells: [(text: String, style: String)] = []
        var cell = VTermScreenCell()
        for column in 0..<columns {
            guard vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(column)), &cell) != 0 else {
                continue
            }
            if cell.chars.0 == UInt32.max { continue }  // the right half of a wide character
            cells.append((Self.text(of: cell), Style(cell).sgr))
        }
        // Trailing blanks in the default style are one erase, never written into the last column.
        let blank = Style.plain.sgr
        let used = (cells.lastIndex { $0.text != " " || $0.style != blank } ?? -1) + 1
        var out = "\u{1B}[0m"
        var style = blank
        for cell in cells[..<used] {
            if cell.style != style {
                out += "\u{1B}[0m" + cell.style
                style = cell.style
            }
            out += cell.text
        }
        if used < cells.count {
            out += "\u{1B}[0m\u{1B}[K"
            style = blank
        }
        out += "\u{1B}[0m" + pen.sgr
        return Array(out.utf8)
    }

    /// The attributes the remote's next characters will be drawn with.
    var pen: Style {
        func value(_ attribute: VTermAttr) -> VTermValue {
            var v = VTermValue()
            _ = vterm_state_get_penattr(state, attribute, &v)
            return v
        }
        return Style(
            bold: value(VTERM_ATTR_BOLD).boolean != 0, underline: Int(value(VTERM_ATTR_UNDERLINE).number),
            italic: value(VTERM_ATTR_ITALIC).boolean != 0, blink: value(VTERM_ATTR_BLINK).boolean != 0,
            reverse: value(VTERM_ATTR_REVERSE).boolean != 0, strike: value(VTERM_ATTR_STRIKE).boolean != 0,
            font: Int(value(VTERM_ATTR_FONT).number), foreground: value(VTERM_ATTR_FOREGROUND).color,
            background: value(VTERM_ATTR_BACKGROUND).color)
    }

    private static func text(of cell: VTermScreenCell) -> String {
        var scalars = String.UnicodeScalarView()
        withUnsafeBytes(of: cell.chars) { raw in
            for code in raw.bindMemory(to: UInt32.self) {
                guard code != 0, let scalar = Unicode.Scalar(code) else { break }
                scalars.append(scalar)
            }
        }
        return scalars.isEmpty ? " " : String(scalars)
    }
}
