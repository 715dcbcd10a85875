import Foundation
import Testing
import VoiceshCore

@testable import LocalRecognizer

/// Whisper's encoder reads ahead when the speech pauses; the take hears what was read ahead
/// only when no speech came after it.
struct EarlyHearingTests {
    /// What the ear was asked to encode, in samples.
    final class Asked: @unchecked Sendable {
        let lock = NSLock()
        var counts: [Int] = []
        func add(_ count: Int) { lock.withLock { counts.append(count) } }
        var all: [Int] { lock.withLock { counts } }
    }

    static func feed(_ early: EarlyHearing, _ samples: [Int16], from start: Int = 0) {
        for offset in stride(from: 0, to: samples.count, by: 320) {
            let piece = Array(samples[offset..<min(offset + 320, samples.count)])
            early.add(AudioFrame(start: start + offset, samples: piece))
        }
    }

    /// A line with two pauses, fed to an ear slow to encode (the second pause comes while the
    /// first is read ahead): what it was asked, the hearing, the line to its first pause, all.
    static func twoPauses() -> (Asked, EarlyHearing, first: [Int16], line: [Int16]) {
        let asked = Asked()
        let early = EarlyHearing {
            asked.add($0.count)
            usleep(400_000)
            return true
        }
        let first = SpeechPauseTests.floor(0.3) + SpeechPauseTests.sound(0.5, level: 0.1) + SpeechPauseTests.floor(0.3)
        let line = first + SpeechPauseTests.sound(0.5, level: 0.1) + SpeechPauseTests.floor(0.4)
        feed(early, line)
        return (asked, early, first, line)
    }

    @Test func aPauseAtTheEndIsHeardFromWhatWasReadAhead() {
        let asked = Asked()
        let early = EarlyHearing {
            asked.add($0.count); return true
        }
        let line = SpeechPauseTests.floor(0.3) + SpeechPauseTests.sound(0.8, level: 0.1) + SpeechPauseTests.floor(0.6)
        Self.feed(early, line)
        let heard = early.settled()
        #expect(asked.all.count == 1)
        #expect(heard.count == asked.all.first && heard.count < line.count)
        #expect(Array(line.prefix(heard.count)) == heard)
    }

    @Test func speechAfterThePauseIsHeardWhole() {
        let asked = Asked()
        let early = EarlyHearing {
            asked.add($0.count); return true
        }
        let line =
            SpeechPauseTests.floor(0.3) + SpeechPauseTests.sound(0.8, level: 0.1) + SpeechPauseTests.floor(0.4)
            + SpeechPauseTests.sound(0.5, level: 0.1)
        Self.feed(early, line)
        #expect(early.settled() == line)
        #expect(asked.all.count == 1)
    }

    @Test func anEarThatCannotReadAheadHearsItWhole() {
        let early = EarlyHearing { _ in false }
        let line = SpeechPauseTests.floor(0.3) + SpeechPauseTests.sound(0.8, level: 0.1) + SpeechPauseTests.floor(0.6)
        Self.feed(early, line)
        #expect(early.settled() == line)
    }

    /// A pause found while the last read-ahead is under way is read ahead once it ends: the
    /// line's last pause is what is heard.
    @Test func aLaterPauseIsReadAheadOnceTheFirstEnds() {
        let (asked, early, first, _) = Self.twoPauses()
        let heard = early.settled()
        #expect(asked.all.count == 2, "\(asked.all)")
        #expect(heard.count == asked.all.last && heard.count > first.count, "\(heard.count) \(asked.all)")
    }

    /// A read-ahead still under way when the take ends is waited for, then used.
    @Test func aReadAheadUnderWayIsWaitedFor() {
        let early = EarlyHearing { _ in
            usleep(300_000)
            return true
        }
        let line = SpeechPauseTests.floor(0.3) + SpeechPauseTests.sound(0.8, level: 0.1) + SpeechPauseTests.floor(0.3)
        Self.feed(early, line)
        #expect(early.settled().count < line.count)
    }

    /// Once the take is over, a pause still waiting for the ear is never read ahead: the ear is
    /// free for the next take.
    @Test func aStoppedTakeReadsNothingMoreAhead() {
        let (asked, early, _, line) = Self.twoPauses()
        early.stop()
        Self.feed(early, SpeechPauseTests.sound(0.5, level: 0.1) + SpeechPauseTests.floor(0.4), from: line.count)
        _ = early.settled()
        #expect(asked.all.count == 1, "\(asked.all)")
    }
}
