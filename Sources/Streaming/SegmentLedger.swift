import VoiceshCore

/// The generic protocol's segments (specs A2 §3–5): audio grouped into segments of fixed
/// length, numbered when first sent, kept until the server ACKs them, re-sent after a
/// resume or a restart. Bounded: past `capacity` segments the oldest is dropped and counted.
struct SegmentLedger {
    struct Segment: Equatable {
        var sequenceId: Int?
        var start: Int
        var samples: [Int16]
        var sent = false
        var end: Int { start + samples.count }
    }

    let segmentSamples: Int
    let capacity: Int
    private(set) var held: [Segment] = []
    private var open: Segment?
    private(set) var nextSequence = 0
    private(set) var lastAcked = -1
    /// Samples lost because the buffer overflowed.
    private(set) var lostSamples = 0
    private(set) var finished = false

    init(segmentSamples: Int, capacity: Int) {
        self.segmentSamples = segmentSamples
        self.capacity = max(2, capacity)
    }

    mutating func append(_ frame: AudioFrame) {
        var samples = frame.samples[...]
        var start = frame.start
        while !samples.isEmpty {
            if open == nil { open = Segment(start: start, samples: []) }
            let room = segmentSamples - open!.samples.count
            open!.samples += samples.prefix(room)
            start += min(room, samples.count)
            samples = samples.dropFirst(room)
            if open!.samples.count == segmentSamples { seal() }
        }
    }

    /// Recording stopped: the part-filled segment is complete as it is.
    mutating func finish() {
        if open != nil { seal() }
        finished = true
    }

    private mutating func seal() {
        guard let segment = open else { return }
        held.append(segment)
        open = nil
        while held.count > capacity {
            lostSamples += held.removeFirst().samples.count
        }
    }

    /// The oldest segment not yet sent on this connection, numbered now if it has no number.
    mutating func nextToSend() -> Segment? {
        guard let i = held.firstIndex(where: { !$0.sent }) else { return nil }
        if held[i].sequenceId == nil {
            held[i].sequenceId = nextSequence
            nextSequence += 1
        }
        held[i].sent = true
        return held[i]
    }

    var unsentCount: Int { held.count(where: { !$0.sent }) }

    /// The server holds every segment up to `sequenceId`. An ACK for a segment never numbered
    /// (a server's mistake) is not believed: it would drop audio not yet sent, and a resume
    /// would skip what follows.
    mutating func ack(_ sequenceId: Int) {
        guard sequenceId < nextSequence else { return }
        held.removeAll { ($0.sequenceId ?? .max) <= sequenceId }
        lastAcked = max(lastAcked, sequenceId)
    }

    /// Where a resume asks the server to start.
    var resumeFrom: Int { lastAcked + 1 }

    /// The server resumed at `sequenceId`: it holds everything before, the rest goes again.
    mutating func resumed(from sequenceId: Int) {
        if sequenceId > 0 { ack(sequenceId - 1) }
        for i in held.indices { held[i].sent = false }
    }

    /// The connection dropped: whatever was sent but not ACKed is unconfirmed.
    mutating func connectionLost() {
        for i in held.indices { held[i].sent = false }
    }

    /// A new session: everything still held goes again, numbered from 0.
    mutating func restart() {
        for i in held.indices {
            held[i].sequenceId = nil
            held[i].sent = false
        }
        nextSequence = 0
        lastAcked = -1
    }

    /// Everything recorded has been sent (the `end` may go).
    var allSent: Bool { finished && open == nil && unsentCount == 0 }
}
