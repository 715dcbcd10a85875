import Testing
import VoiceshCore

@testable import Streaming

/// The frame cutter, the bounded outbound queue and the generic protocol's segment ledger.
struct StreamBufferTests {
    func frame(_ start: Int, _ count: Int) -> AudioFrame {
        AudioFrame(start: start, samples: (0..<count).map { Int16(truncatingIfNeeded: start + $0) })
    }

    @Test func theCutterMakesWholeFramesAndPadsOnlyWhenAsked() {
        var cutter = FrameCutter(samples: 800)
        var out: [AudioFrame] = []
        for i in 0..<5 { out += cutter.push(frame(i * 640, 640)) }  // 3200 samples in 40 ms frames
        #expect(out.map(\.start) == [0, 800, 1600, 2400])
        #expect(out.allSatisfy { $0.samples.count == 800 })
        #expect(out[1].samples.first == 800)
        #expect(cutter.finish(pad: true) == nil)
        _ = cutter.push(frame(3200, 100))
        var padded = cutter
        #expect(padded.finish(pad: true)?.samples.count == 800)
        #expect(cutter.finish(pad: false)?.samples.count == 100)
        var empty = FrameCutter(samples: 640)
        #expect(empty.finish(pad: false) == nil)  // never an empty frame
    }

    @Test func dropOldestCountsWhatItDrops() {
        var queue = OutboundQueue(limit: 3, policy: .dropOldest, maxSamples: 1000)
        for i in 0..<5 { queue.push(frame(i * 10, 10)) }
        #expect(queue.count == 3)
        #expect(queue.droppedSamples == 20)
        #expect(queue.pop()?.start == 20)
    }

    @Test func coalesceMergesNeighboursWithinTheLimitThenDrops() {
        var queue = OutboundQueue(limit: 2, policy: .coalesce, maxSamples: 30)
        for i in 0..<4 { queue.push(frame(i * 10, 10)) }
        #expect(queue.droppedSamples == 0)
        #expect(queue.merges == 2)
        let first = queue.pop()
        #expect(first?.start == 0 && first?.samples.count == 30)
        #expect(first?.samples == (0..<30).map(Int16.init))
        #expect(queue.pop()?.start == 30)
        for i in 0..<8 { queue.push(frame(100 + i * 30, 30)) }  // frames already at the limit cannot merge
        #expect(queue.count == 2)
        #expect(queue.droppedSamples == 180)
    }

    @Test func theLedgerResendsWhatWasNotAcknowledged() {
        var ledger = SegmentLedger(segmentSamples: 100, capacity: 10)
        ledger.append(frame(0, 250))
        #expect(ledger.held.map(\.start) == [0, 100])
        let first = ledger.nextToSend()
        let second = ledger.nextToSend()
        #expect(first?.sequenceId == 0 && second?.sequenceId == 1)
        #expect(ledger.nextToSend() == nil)
        ledger.ack(0)
        ledger.connectionLost()
        #expect(ledger.resumeFrom == 1)
        ledger.resumed(from: 1)
        #expect(ledger.nextToSend()?.sequenceId == 1)  // the same number again: the server dedupes by it
        ledger.finish()
        let last = ledger.nextToSend()
        #expect(last?.sequenceId == 2 && last?.start == 200 && last?.end == 250)
        #expect(ledger.allSent)
        // The server already held 1 and 2: a resume at 3 needs nothing re-sent.
        ledger.resumed(from: 3)
        #expect(ledger.held.isEmpty)
    }

    /// An ACK for a segment never numbered (a server's mistake) is not believed: the audio held
    /// stays, and a resume still starts after what was really acknowledged.
    @Test func anAckForASegmentNeverSentIsNotBelieved() {
        var ledger = SegmentLedger(segmentSamples: 100, capacity: 10)
        ledger.append(frame(0, 300))
        _ = ledger.nextToSend()
        ledger.ack(40)
        #expect(ledger.held.map(\.start) == [0, 100, 200] && ledger.resumeFrom == 0)
        ledger.ack(0)
        #expect(ledger.held.map(\.start) == [100, 200] && ledger.resumeFrom == 1)
    }

    @Test func aRestartRenumbersWhatIsHeld() {
        var ledger = SegmentLedger(segmentSamples: 100, capacity: 10)
        ledger.append(frame(0, 300))
        for _ in 0..<3 { _ = ledger.nextToSend() }
        ledger.ack(0)
        ledger.restart()
        #expect(ledger.nextToSend().map { ($0.sequenceId, $0.start) }! == (0, 100))
        #expect(ledger.nextToSend().map { ($0.sequenceId, $0.start) }! == (1, 200))
    }

    @Test func anOverflowingLedgerDropsTheOldestAndCountsIt() {
        var ledger = SegmentLedger(segmentSamples: 100, capacity: 3)
        ledger.append(frame(0, 500))
        #expect(ledger.held.map(\.start) == [200, 300, 400])
        #expect(ledger.lostSamples == 200)
    }
}
