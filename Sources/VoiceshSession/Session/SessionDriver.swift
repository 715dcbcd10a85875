import Foundation
import SSHClient
import VoiceshCore

/// The one loop of an interactive session (after mosh's STMClient::main): a single poll
/// over the keyboard, the SSH socket, the signal pipe and dictation's inbox; the only writer
/// to the terminal: the remote's output as it comes, dictation's line once per turn.
package final class SessionDriver {
    /// How a session ended.
    package enum End: Equatable {
        case remoteClosed
        case userDisconnected
        case signal(Int32)
    }

    private let session: any SessionLink
    private let channel: any ShellChannel
    private let signals: SignalPipe
    /// The keyboard and the screen.
    private let terminal: any TerminalWindow
    private let interactive: Bool
    /// What the remote's output says: its terminal modes, for dictation, and where the shell
    /// is (OSC 7), for the context. One pass over the output reads both.
    private var output = OutputScanner()

    /// The bytes that undo the modes the remote left set (`TerminalModes.reset`).
    package var modesReset: [UInt8] { output.modes.reset }
    /// The loop's clock (monotonic seconds), the one dictation reads too.
    private let clock: @Sendable () -> Double
    private var escapes = EscapeDetector()
    /// Keystrokes the channel has not taken yet (libssh2 writes may be partial).
    private var outbound: [UInt8] = []
    private var outboundEOF = false
    /// Keys past the escapes this read, told to the participants once they are on their way.
    private var sent: [UInt8] = []
    /// Bytes for the local terminal from the participants, written once per turn.
    private var screen: [UInt8] = []
    private var pendingResize = false
    private var inputOpen = true
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// The rest of the session (dictation, the context, the keepalive), in the order every
    /// event reaches them.
    private let participants: [any LoopParticipant]
    /// Someone reads the remote's output: it is scanned once per write.
    private let scansOutput: Bool

    package init(
        session: any SessionLink, channel: any ShellChannel, signals: SignalPipe, interactive: Bool,
        participants: [any LoopParticipant] = [], terminal: any TerminalWindow = LocalTerminal(),
        clock: @escaping @Sendable () -> Double = { DictationController.now }
    ) {
        self.session = session
        self.channel = channel
        self.signals = signals
        self.terminal = terminal
        self.interactive = interactive
        self.participants = participants
        scansOutput = participants.contains { $0.readsOutput }
        self.clock = clock
    }

    package func run() throws(SSHError) -> End {
        while true {
            try flushOutbound()
            try tell(.beforeSleep(keysWaiting: !outbound.isEmpty))
            try sendPendingResize()
            // The shell's output, read last before sleeping and read always: any libssh2 call this
            // turn (the context's channel opening, set-up before the first turn) may have taken the
            // shell's packets off the socket into libssh2's own buffer, where neither poll nor
            // libssh2_poll_channel_read sees them (a call waiting for one reply returns as soon as it
            // has it). Sleeping then left a session blank until a key was pressed.
            let drained = try drainChannel()
            if channel.isEOF { return .remoteClosed }

            var fds = [
                pollfd(fd: session.socket, events: session.pollEvents, revents: 0),
                pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
            ]
            let owned = participants.map(\.descriptors)
            for descriptors in owned { fds += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
            let keyboard = fds.count
            // Stop reading keys while the channel is backed up, so a huge paste cannot grow without bound.
            if inputOpen && outbound.count < buffer.count {
                fds.append(pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0))
            }
            // Output just written: look at everything else, then read again, without sleeping (so
            // a flood cannot starve the keyboard, and participants act on it before the next sleep).
            let asleep = clock()
            let deadlines = participants.map { $0.deadline(now: asleep) }
            let ready = poll(&fds, nfds_t(fds.count), drained ? 0 : Self.pollTimeout(until: deadlines, now: asleep))
            if ready < 0 && errno != EINTR {
                throw .library(call: "poll", code: errno, message: String(cString: strerror(errno)))
            }
            // The shell's output first: an echo goes on screen before the loop does anything else.
            if fds[0].revents & Int16(POLLIN) != 0, try drainChannel(), channel.isEOF { return .remoteClosed }

            if fds[1].revents != 0 {
                for signal in signals.drain() {
                    guard signal == SIGWINCH else { return .signal(signal) }
                    pendingResize = true
                    try tell(.resized)
                }
                // Before any key read in this same wake: a command typed just after a resize must see the new size.
                try sendPendingResize()
            }
            // The turn of each participant whose deadline has come, before the keys read in the same
            // wake (a key wait that timed out is decided first); then the keys, typed against what
            // the screen showed; then the turns its descriptors woke (a text come meanwhile is
            // drawn after the keys, never under a key meant for the line before it). A key alone
            // wakes no one else.
            var first = 2
            let awake = clock()
            var woken: [Int] = []
            for (index, participant) in participants.enumerated() {
                let fired = fds[first..<first + owned[index].count].contains { $0.revents != 0 }
                first += owned[index].count
                if fired {
                    woken.append(index)
                } else if deadlines[index].map({ $0 <= awake }) == true {
                    take(try participant.step(.turn(woken: false), now: awake))
                }
            }
            if fds.count > keyboard, fds[keyboard].revents != 0 {
                if let end = try readKeyboard() { return end }
                try flushOutbound()  // a keystroke goes out before anything else is done
                if !sent.isEmpty { try tell(.sent(sent)) }
                sent = []
            }
            for index in woken { take(try participants[index].step(.turn(woken: true), now: clock())) }
            writeScreen()
        }
    }

    /// The poll timeout: milliseconds to the earliest of the participants' deadlines (-1: none).
    package static func pollTimeout(until deadlines: [Double?], now: Double) -> Int32 {
        guard let due = deadlines.compactMap({ $0 }).min() else { return -1 }
        return Int32(min(Double(Int32.max), max(0, ((due - now) * 1000).rounded(.up))))
    }

    /// One event to every participant, in order.
    private func tell(_ event: LoopEvent) throws(SSHError) {
        let now = clock()
        for participant in participants { take(try participant.step(event, now: now)) }
    }

    /// A participant's bytes: the remote's go out with the keystrokes, the screen's at the turn's end.
    private func take(_ output: LoopOutput) {
        outbound += output.remote
        screen += output.screen
    }

    /// The terminal's size to the remote PTY, once per SIGWINCH; a blocked send is retried next turn.
    private func sendPendingResize() throws(SSHError) {
        guard pendingResize, let size = terminal.size else { return }
        if case .done = try channel.resize(columns: size.columns, rows: size.rows) { pendingResize = false }
    }

    /// Everything the remote has sent, to stdout and stderr, byte for byte; whether anything
    /// came. The first read (stdout) makes libssh2 take every packet its buffer and the socket
    /// hold (one recv that says EAGAIN when nothing came), so afterwards the queue says whether
    /// another read has anything to give.
    private func drainChannel() throws(SSHError) -> Bool {
        var drained = false
        for (stream, fd) in [(Int32(0), terminal.output), (Int32(1), terminal.errors)] {
            var more = stream == 0 || channel.hasQueuedData(stream: stream)
            while more {
                let step = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(SSHError) in try channel.read(into: raw, stream: stream) }
                }.get()
                guard case .done(let n) = step, n > 0 else { break }
                drained = true
                try tell(.outputComing)
                writeScreen()  // dictation's line comes off before the output goes on
                Console.writeAll(fd, buffer, count: n)
                if stream == 0, scansOutput {
                    try buffer.withUnsafeBytes { raw in
                        Result { () throws(SSHError) in
                            let written = UnsafeRawBufferPointer(rebasing: raw[..<n])
                            output.feed(written)
                            let read = RemoteOutput(
                                bytes: written, modes: output.modes, queries: output.queries.take(),
                                directory: output.directory.directory)
                            try tell(.outputWritten(read))
                        }
                    }.get()
                }
                more = channel.hasQueuedData(stream: stream)
            }
        }
        return drained
    }

    private func flushOutbound() throws(SSHError) {
        while !outbound.isEmpty {
            let step = try outbound.withUnsafeBytes { raw in Result { () throws(SSHError) in try channel.write(raw) } }
                .get()
            guard case .done(let n) = step else { return }
            outbound.removeFirst(n)
        }
        if outboundEOF, case .done = try channel.sendEOF() { outboundEOF = false }
    }

    private func readKeyboard() throws(SSHError) -> End? {
        let n = read(terminal.input, &buffer, buffer.count)
        if n <= 0 {
            if n < 0 && (errno == EINTR || errno == EAGAIN) { return nil }
            // End of input (a pipe or file): pass it on, as ssh does, and keep reading output.
            inputOpen = false
            outboundEOF = true
            return nil
        }
        let bytes = buffer.prefix(n)
        guard interactive else {
            outbound += bytes
            return nil
        }
        // Each participant passes on the keys it does not take (dictation's own), and its bytes.
        var keys = Array(bytes)
        var dictated = LoopOutput()
        let now = clock()
        for participant in participants {
            let passed = try participant.step(.keys(keys), now: now)
            keys = passed.keys ?? keys
            dictated += passed
        }
        for action in escapes.feed(keys) {
            switch action {
            case .send(let keys):
                outbound += keys
                sent += keys
            case .disconnect: return .userDisconnected
            case .help: Console.writeAll(terminal.errors, Array(EscapeDetector.help.utf8))
            }
        }
        take(dictated)  // dictated text goes after the keys that came before it
        return nil
    }

    /// The participants' bytes for the local terminal (dictation's line, its questions to the terminal).
    private func writeScreen() {
        guard !screen.isEmpty else { return }
        Console.writeAll(terminal.output, screen)
        screen = []
    }
}
