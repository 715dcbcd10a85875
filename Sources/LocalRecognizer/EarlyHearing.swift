import Foundation
import VoiceshCore

/// A take's audio as Whisper will hear it, and Whisper's encoder read ahead: when the speech
/// pauses while the user is still recording (`SpeechPause`), the audio so far goes to the child to
/// be encoded, the half of Whisper's time that reads a 30 s window whatever the line. If the
/// recording ends with no speech after that pause, Whisper hears exactly that audio and finds it
/// encoded; else it hears all of it, as without this. One read-ahead at a time: a pause found
/// meanwhile is read ahead next, if the speech has not come back by then; the take waits for one
/// under way before it hears. Without `encode` it only keeps the audio.
final class EarlyHearing: @unchecked Sendable {
    private let lock = NSLock()
    private var pause = SpeechPause()
    private var samples: [Int16] = []
    /// The samples read ahead (or being read), and whether the ear has them encoded.
    private var encoded: (count: Int, done: Bool)?
    private var inFlight = false
    /// A pause found while a read-ahead was under way: read ahead once it ends.
    private var pending: Int?
    /// Speech came after the pause read ahead: it is not the whole line.
    private var spokeAgain = false
    /// The take is over: nothing more is read ahead for it.
    private var stopped = false
    private let running = DispatchGroup()
    private let encode: (@Sendable ([Int16]) -> Bool)?

    /// `encode`: has the ear encode these samples for a later hearing; whether it did (nil:
    /// nothing is read ahead).
    init(encode: (@Sendable ([Int16]) -> Bool)?) {
        self.encode = encode
    }

    /// Reads ahead at all.
    var readsAhead: Bool { encode != nil }

    /// The next frame of the recording.
    func add(_ frame: AudioFrame) {
        let ahead: [Int16]? = lock.withLock {
            samples += frame.samples
            guard readsAhead, !stopped else { return nil }
            let found = pause.add(frame.samples)
            if !pause.isPaused {
                pending = nil
                if encoded != nil { spokeAgain = true }
            }
            guard let at = found else { return nil }
            guard !inFlight else {
                (pending, spokeAgain) = (at, true)
                return nil
            }
            return start(at)
        }
        if let ahead { launch(ahead) }
    }

    /// A read-ahead of the first `count` samples begins (under the lock).
    private func start(_ count: Int) -> [Int16] {
        (encoded, spokeAgain, inFlight) = ((count, false), false, true)
        running.enter()
        return Array(samples.prefix(count))
    }

    private func launch(_ ahead: [Int16]) {
        guard let encode else { return }
        let thread = Thread { [self] in
            let done = encode(ahead)
            let next: [Int16]? = lock.withLock {
                (encoded, inFlight) = ((ahead.count, done), false)
                guard let pending, pause.isPaused, !stopped else { return nil }
                self.pending = nil
                return start(pending)
            }
            if let next { launch(next) }
            running.leave()
        }
        thread.name = "whisper-read-ahead"
        thread.start()
    }

    /// Once no read-ahead is under way (it blocks until then): the samples Whisper should hear,
    /// the ones it has encoded when the speech has not come back since, else all of them.
    func settled() -> [Int16] {
        running.wait()
        return lock.withLock {
            guard pause.isPaused, !spokeAgain, let encoded, encoded.done else { return samples }
            return Array(samples.prefix(encoded.count))
        }
    }

    /// The take is over, heard or not: a pause still waiting is not read ahead, so the ear is
    /// free for the next take (a read-ahead under way still ends on its own).
    func stop() {
        lock.withLock {
            stopped = true
            pending = nil
        }
    }
}
