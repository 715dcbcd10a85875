import Foundation
import Testing

@testable import VoiceshSession

struct SignalPipeTests {
    /// ssh ignores SIGPIPE, and so does a session: a write to a closed pipe (a recogniser that
    /// exits without reading its audio) fails with EPIPE and ends nothing.
    @Test func aWriteToAClosedPipeEndsNothing() {
        signal(SIGPIPE, SIG_IGN)  // as main sets it
        let signals = SignalPipe(signals: [SIGWINCH] + SignalPipe.terminating)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        var byte: UInt8 = 1
        let written = write(ends[1], &byte, 1)
        let error = errno
        close(ends[1])
        #expect(written == -1 && error == EPIPE)
        #expect(signals.drain().isEmpty)
    }
}
