import Foundation
import VoiceshCore
import VoiceshSession

/// A dictation controller driven as the session loop drives it, keeping what its calls
/// return: the bytes for the remote and for the screen, since the test last cleared them.
final class DrivenDictation {
    let controller: DictationController
    let clock: TestClock
    var remote: [UInt8] = []
    var screen: [UInt8] = []

    init(_ controller: DictationController, clock: TestClock) {
        self.controller = controller
        self.clock = clock
    }

    /// A read from the keyboard; returns what goes on to the remote as typed.
    func type(_ bytes: [UInt8]) -> [UInt8] {
        let output = controller.step(.keys(bytes), now: clock.now)
        keep(output)
        return output.keys ?? bytes
    }

    /// The loop's turn for the dictation: `woken` by its inbox, or for time alone.
    func turn(woken: Bool) { keep(controller.step(.turn(woken: woken), now: clock.now)) }

    /// Waits for the engine's next event without holding a thread (the engine's task needs
    /// one), then gives the dictation the turn it wakes the loop for.
    func awaitEngine() async throws -> Bool {
        var fd = pollfd(fd: controller.inbox.readFD, events: Int16(POLLIN), revents: 0)
        for _ in 0..<2000 where poll(&fd, 1, 0) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        guard fd.revents != 0 else { return false }
        turn(woken: true)
        return true
    }

    private func keep(_ output: LoopOutput) {
        remote += output.remote
        screen += output.screen
    }
}
