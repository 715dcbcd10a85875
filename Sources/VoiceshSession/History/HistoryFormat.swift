import Foundation

/// How history values look in tables and details.
package enum HistoryFormat {
    package static func time(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f.string(from: date)
    }

    /// Text on one line: control characters shown as spaces, long text cut with an ellipsis.
    package static func oneLine(_ text: String, max: Int) -> String {
        let flat = String(text.map { $0.isControl ? " " : $0 })
        return flat.count > max ? flat.prefix(max - 1) + "…" : flat
    }
}
