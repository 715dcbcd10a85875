import Testing

@testable import Streaming

/// After a network stall the backlog goes out no faster than the provider's rate over any
/// 1 s window (AssemblyAI closes with 3007 otherwise), on a simulated clock.
struct RatePacerTests {
    /// Sends `frames` as soon as the pacer allows, starting at `start`; returns the send times.
    func drain(_ pacer: inout RatePacer, frames: Int, samples: Int, from start: Double) -> [Double] {
        var now = start
        var times: [Double] = []
        for _ in 0..<frames {
            now += pacer.delay(for: samples, at: now)
            pacer.sent(samples, at: now)
            times.append(now)
        }
        return times
    }

    /// The most samples any window of `length` seconds holds (windows ending at each send).
    func busiestWindow(_ times: [Double], samples: Int, length: Double = 1) -> Int {
        times.map { end in times.filter { $0 > end - length && $0 <= end }.count * samples }.max() ?? 0
    }

    @Test func aBacklogAfterAStallGoesOutAtRealTime() {
        var pacer = RatePacer(rate: 1, sampleRate: 16000)
        // One second streamed live (16 frames of 62.5 ms: exact in binary), then a 3 s stall:
        // 48 frames wait.
        var times = (0..<16).map { Double($0) * 0.0625 }
        for time in times { pacer.sent(1000, at: time) }
        times += drain(&pacer, frames: 48, samples: 1000, from: 4.0)
        #expect(busiestWindow(times, samples: 1000) <= 16000)
        // And no slower than it must be: 3 s of audio take under 3 s (a full window at once).
        #expect(times.last! - 4.0 < 3)
    }

    /// What the socket's buffers held through a stall reaches the server when it ends, together
    /// with the first of the backlog: counted then, the two stay within one window's worth, and
    /// the backlog then leaves evenly, never in bursts.
    @Test func whatTheSocketHeldCountsWhenTheStallEnds() {
        var pacer = RatePacer(rate: 1, sampleRate: 16000)
        for i in 0..<16 { pacer.sent(1000, at: Double(i) * 0.0625) }
        // The network stalls at 1 s with 4 frames in the socket's buffers; the send the socket
        // held returns at 4 s, when those 4 frames arrive.
        pacer.held(4000, until: 4.0)
        let backlog = drain(&pacer, frames: 48, samples: 1000, from: 4.0)
        let times = Array(repeating: 4.0, count: 4) + backlog
        #expect(busiestWindow(times, samples: 1000) <= 16000)
        // Evenly: no quarter of a second carries more than a quarter second and one frame.
        #expect(busiestWindow(backlog, samples: 1000, length: 0.25) <= 5000)
        // And the held audio is not counted longer than it takes to play.
        #expect(backlog.first! <= 4.25 + 1e-9)
    }

    /// Audio that waited for a slow connection (2 s of it at the open) leaves no faster than
    /// real time since the open, and a quarter second: the server counts from its open.
    @Test func audioThatWaitedForTheConnectionLeavesAtRealTime() {
        var pacer = RatePacer(rate: 1, sampleRate: 16000)
        let times = drain(&pacer, frames: 32, samples: 1000, from: 0)
        for (index, time) in times.enumerated() {
            #expect(Double((index + 1) * 1000) / 16000 <= time + RatePacer.lead + 1e-9, "frame \(index) at \(time)")
        }
        #expect(times.first == 0 && times.last! < 2)  // and no slower than it must be
    }

    @Test func deepgramMayGoAQuarterFaster() {
        var pacer = RatePacer(rate: 1.25, sampleRate: 16000)
        let times = drain(&pacer, frames: 100, samples: 640, from: 0)
        #expect(busiestWindow(times, samples: 640) <= 20000)
        #expect(busiestWindow(times, samples: 640) >= 19000)
    }

    @Test func liveAudioIsNeverHeldBack() {
        var pacer = RatePacer(rate: 1, sampleRate: 16000)
        for i in 0..<40 {
            let now = Double(i) * 0.0625
            #expect(pacer.delay(for: 1000, at: now) == 0)
            pacer.sent(1000, at: now)
        }
    }
}
