import VoiceshCore

/// Frames waiting for the socket, bounded (specs A2 §7): past `limit` frames the policy either
/// merges neighbours into larger messages (up to `maxSamples`) or drops the oldest, and counts it.
/// Capture only ever appends here, so it never waits for the network.
struct OutboundQueue {
    let limit: Int
    let policy: BackpressurePolicy
    let maxSamples: Int
    private var frames: [AudioFrame] = []
    private var head = 0
    /// Samples dropped by `drop-oldest` (or by `coalesce` when nothing more can merge).
    private(set) var droppedSamples = 0
    /// Merges made by `coalesce`.
    private(set) var merges = 0

    init(limit: Int, policy: BackpressurePolicy, maxSamples: Int) {
        self.limit = max(1, limit)
        self.policy = policy
        self.maxSamples = maxSamples
    }

    var count: Int { frames.count - head }

    mutating func push(_ frame: AudioFrame) {
        frames.append(frame)
        while count > limit {
            if policy == .coalesce, mergeOnePair() { continue }
            droppedSamples += frames[head].samples.count
            head += 1
        }
        compact()
    }

    mutating func pop() -> AudioFrame? {
        guard head < frames.count else { return nil }
        defer {
            head += 1
            compact()
        }
        return frames[head]
    }

    /// Merges the oldest two neighbouring frames that fit in one message; false when none do.
    private mutating func mergeOnePair() -> Bool {
        var i = head
        while i + 1 < frames.count {
            let a = frames[i], b = frames[i + 1]
            if a.start + a.samples.count == b.start, a.samples.count + b.samples.count <= maxSamples {
                frames[i] = AudioFrame(start: a.start, samples: a.samples + b.samples)
                frames.remove(at: i + 1)
                merges += 1
                return true
            }
            i += 1
        }
        return false
    }

    private mutating func compact() {
        if head > 256, head * 2 > frames.count {
            frames.removeFirst(head)
            head = 0
        }
    }
}

extension OutboundQueue {
    /// Merges made elsewhere (the generic provider coalesces whole segments).
    mutating func countMerges(_ n: Int) { merges += n }
}
