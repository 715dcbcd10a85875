/// A row of Unicode block characters, one per value, for a trend seen at a glance beside its
/// numbers (as `spark` draws them). Each value is a share, 0…1, drawn on that fixed scale
/// rather than stretched between the smallest and largest: a flat 90% is drawn high, not as
/// noise. A missing value (nothing to measure) is `·`.
public enum Sparkline {
    /// The eight heights, lowest first (U+2581…U+2588).
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func draw(_ shares: [Double?]) -> String {
        String(
            shares.map { share in
                guard let share, share.isFinite else { return "·" }
                let level = (min(max(share, 0), 1) * Double(bars.count - 1)).rounded()
                return bars[Int(level)]
            })
    }
}
