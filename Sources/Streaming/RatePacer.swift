/// Paces audio so that no 1 s window carries more than the provider's rate (AssemblyAI closes
/// with 3007 past 1× real time; Deepgram allows 1.25×). Pacing by the total since the
/// connection opened is not enough: after a network stall it lets the backlog out in a burst.
/// The window alone is not enough either: the audio that waited for a slow connection would
/// leave as one window's worth at once, a second ahead of real time when the server counts from
/// its open (AssemblyAI's "Received 0.7 sec. audio in 0.2 sec"); so the total since the open
/// stays within real time and a quarter second, too.
struct RatePacer {
    /// Samples allowed in any window.
    let limit: Int
    let window: Double
    /// Samples per second at the provider's rate.
    let perSecond: Double
    /// What went out within the last window, oldest first.
    private var sends: [(time: Double, samples: Int)] = []
    /// Once the socket held a send: when the next may go, so the backlog leaves evenly.
    private var evenFrom: Double?
    /// Samples sent since the connection opened (time 0).
    private var total = 0
    /// How far ahead of real time since the open the total may be, in seconds.
    static let lead = 0.25

    init(rate: Double, sampleRate: Int, window: Double = 1) {
        limit = Int(rate * Double(sampleRate) * window)
        self.window = window
        perSecond = rate * Double(sampleRate)
    }

    /// Seconds to wait before `samples` may go out at `now`.
    func delay(for samples: Int, at now: Double) -> Double {
        // Not ahead of real time since the open (and the lead), then within the window from then.
        let at = max(now, Double(self.total + samples) / perSecond - Self.lead)
        var total = samples + sends.reduce(0) { $0 + ($1.time > at - window ? $1.samples : 0) }
        var wait = evenFrom.map { max(0, $0 - at) } ?? 0
        for send in sends where total > limit {
            // Wait until this send leaves the window (a nanosecond past, so that it has left
            // whatever the rounding of the times).
            if send.time > at - window { total -= send.samples }
            wait = max(wait, send.time + window - at + 1e-9)
        }
        return at - now + wait
    }

    mutating func sent(_ samples: Int, at time: Double) {
        sends.removeAll { $0.time <= time - window }
        sends.append((time, samples))
        total += samples
        if let from = evenFrom { evenFrom = max(from, time) + Double(samples) / perSecond }
    }

    /// The socket held a send (the network stalled) until `time`: what its buffers took before
    /// may all reach the server now, so it counts as sent now. From then on sends are spaced at
    /// the rate: the window alone lets a backlog out a window's worth at a time, and bursts a
    /// second apart, each spread by the network, can crowd into one window at the server.
    /// Counting `samples` when the buffers held less only delays the backlog by the difference.
    mutating func held(_ samples: Int, until time: Double) {
        evenFrom = time
        sent(samples, at: time)
    }
}
