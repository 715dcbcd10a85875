import Foundation

/// Signals as bytes on a pipe (the self-pipe trick), so the session loop sees them in its
/// poll set instead of in an async handler: SIGWINCH and every signal that would end the
/// process (`terminating`).
package final class SignalPipe {
    /// Every signal whose default action ends the process and that a user, a tool or a limit
    /// may raise: caught, each ends a session or a recording the one clean way, with the
    /// terminal restored and the take kept (a core dump from QUIT would lose both). Not
    /// SIGPIPE: it stays ignored, as ssh ignores it, so a write to a closed pipe (a recogniser
    /// that exits without reading its audio) fails that write with EPIPE and ends nothing.
    package static let terminating: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
    ]

    package let readFD: Int32
    private let writeFD: Int32
    private let signals: [Int32]
    /// What each signal did before, put back at the end.
    private var previous: [sigaction] = []

    package init(signals: [Int32]) {
        (readFD, writeFD) = WakePipe.make()
        self.signals = signals
        SignalPipe.target = writeFD
        // A parent may have blocked these (the mask survives exec); a session must see them.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.target, &byte, 1)  // async-signal-safe
            }
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append(old)
        }
    }

    deinit {
        for (signal, old) in zip(signals, previous) {
            var old = old
            sigaction(signal, &old, nil)
        }
        SignalPipe.target = -1
        close(readFD)
        close(writeFD)
    }

    /// The signals that arrived since the last call.
    package func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(readFD, &buffer, buffer.count)
        return n > 0 ? buffer.prefix(n).map { Int32($0) } : []
    }

    /// A signal's name as `kill -l` spells it, for the history row it interrupted.
    package static func name(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGTERM: "TERM", SIGUSR1: "USR1", SIGUSR2: "USR2",
            SIGALRM: "ALRM", SIGXCPU: "XCPU", SIGXFSZ: "XFSZ", SIGVTALRM: "VTALRM", SIGPROF: "PROF",
        ]
        return names[number].map { "SIG" + $0 } ?? "signal \(number)"
    }

    private nonisolated(unsafe) static var target: Int32 = -1
}
