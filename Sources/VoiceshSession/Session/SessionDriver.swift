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
    /// Dictation, when the session is interactive; it draws through this loop and its
    /// threads wake it through their inbox.
    private let dictation: DictationController?
    /// The remote shell's context, gathered on a channel beside the shell; nil when off.
    private let context: ContextGatherer?
    private let contextFeed: ContextFeed?
    /// What the remote's output says: its terminal modes, for dictation, and where the shell
    /// is (OSC 7), for the context. One pass over the output reads both.
    private var output = OutputScanner()
    /// When a typed line was last entered (Enter to the remote): the directory is looked at
    /// again shortly after, once the command has had its moment.
    private var enteredAt: Double?
    package static let afterEnter = 0.3
    private var escapes = EscapeDetector()
    /// Keystrokes the channel has not taken yet (libssh2 writes may be partial).
    private var outbound: [UInt8] = []
    private var outboundEOF = false
    private var pendingResize = false
    private var inputOpen = true
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    package init(
        session: any SessionLink, channel: any ShellChannel, signals: SignalPipe, interactive: Bool,
        dictation: DictationController? = nil, context: ContextGatherer? = nil, contextFeed: ContextFeed? = nil,
        terminal: any TerminalWindow = LocalTerminal()
    ) {
        self.session = session
        self.channel = channel
        self.signals = signals
        self.terminal = terminal
        self.interactive = interactive
        self.dictation = dictation
        self.context = context
        self.contextFeed = contextFeed
    }

    package func run(keepalive: Int) throws(SSHError) -> End {
        session.configureKeepalive(interval: keepalive)
        var nextKeepalive = keepalive > 0 ? try session.sendKeepalive() : -1
        var socketReadable = true  // set-up may have left data queued
        context?.request(.full, directory: nil, now: DictationController.now)
        while true {
            try drainChannel(socketReadable: socketReadable)
            if channel.isEOF { return .remoteClosed }
            try flushOutbound()
            stepContext()
            try sendPendingResize()

            var fds = [
                pollfd(fd: session.socket, events: session.pollEvents, revents: 0),
                pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: dictation?.inbox.readFD ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // Stop reading keys while the channel is backed up, so a huge paste cannot grow without bound.
            if inputOpen && outbound.count < buffer.count {
                fds.append(pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0))
            }
            // A write can make libssh2 take packets off the socket: then there is no waiting.
            let queued = channel.hasQueuedData(stream: 0) || channel.hasQueuedData(stream: 1)
            var timeout = queued ? 0 : nextKeepalive > 0 ? Int32(nextKeepalive * 1000) : -1
            if let tick = dictation?.pollTimeout, timeout < 0 || tick < timeout { timeout = tick }
            if let due = context?.timeout(now: DictationController.now), timeout < 0 || due < timeout { timeout = due }
            if let enteredAt, context?.isBusy == false {
                let due = Int32(max(0, (enteredAt + Self.afterEnter - DictationController.now) * 1000).rounded(.up))
                if timeout < 0 || due < timeout { timeout = due }
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            socketReadable = fds[0].revents != 0
            if ready < 0 && errno != EINTR {
                throw .library(call: "poll", code: errno, message: String(cString: strerror(errno)))
            }

            if fds[1].revents != 0 {
                for signal in signals.drain() {
                    guard signal == SIGWINCH else { return .signal(signal) }
                    pendingResize = true
                    dictation?.terminalResized()
                }
                // Before any key read in this same wake: a command typed just after a resize must see the new size.
                try sendPendingResize()
            }
            if let dictation {
                // Engine events may come faster than a held key's wait runs out: tick after them too.
                if fds[2].revents != 0 { dictation.wake() }
                if ready == 0 || fds[2].revents != 0 || dictation.keyWaitOver { dictation.tick() }
                dictation.scheduleLearning()
                takeDictated()
            }
            if fds.count > 3, fds[3].revents != 0 {
                if let end = try readKeyboard() { return end }
                try flushOutbound()  // a keystroke goes out before anything else is done
            }
            if keepalive > 0 { nextKeepalive = try session.sendKeepalive() }
            writeScreen()
        }
    }

    /// The terminal's size to the remote PTY, once per SIGWINCH; a blocked send is retried next turn.
    private func sendPendingResize() throws(SSHError) {
        guard pendingResize, let size = terminal.size else { return }
        if case .done = try channel.resize(columns: size.columns, rows: size.rows) { pendingResize = false }
    }

    /// Everything the remote has sent, to stdout and stderr, byte for byte. A read makes
    /// libssh2 take every packet the socket holds, so afterwards the queue says whether
    /// another read has anything to give: no read (and no syscall) is spent on nothing.
    private func drainChannel(socketReadable: Bool) throws(SSHError) {
        for (stream, fd) in [(Int32(0), terminal.output), (Int32(1), terminal.errors)] {
            var more = (socketReadable && stream == 0) || channel.hasQueuedData(stream: stream)
            while more {
                let step = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(SSHError) in try channel.read(into: raw, stream: stream) }
                }.get()
                guard case .done(let n) = step, n > 0 else { break }
                if let dictation {
                    dictation.willWriteOutput()
                    writeScreen()  // the line comes off before the output goes on
                }
                Console.writeAll(fd, buffer, count: n)
                if stream == 0, context != nil || dictation != nil {
                    buffer.withUnsafeBytes { raw in
                        let written = UnsafeRawBufferPointer(rebasing: raw[..<n])
                        output.feed(written)
                        dictation?.didWriteOutput(written, modes: output.modes, queries: output.queries.take())
                    }
                }
                more = channel.hasQueuedData(stream: stream)
            }
        }
    }

    /// The context channel's turn: after the keystrokes, and only when none wait (libssh2
    /// sends one packet at a time, and a keystroke's must not wait behind the script's).
    /// A recording's start asks for a refresh; an entered line, a look at the directory.
    private func stepContext() {
        guard let context else { return }
        let now = DictationController.now
        if let dictation, dictation.wantsContext {
            dictation.wantsContext = false
            context.request(.refresh, directory: output.directory.directory, now: now)
            if context.disabled { contextFeed?.refreshEnded(nil) }  // no refresh will come
        }
        if let entered = enteredAt, now - entered >= Self.afterEnter, !context.isBusy {
            enteredAt = nil
            context.request(.directory, directory: output.directory.directory, now: now)
        }
        if outbound.isEmpty { context.step(now: now) }
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
        let typed = dictation?.keyboard(Array(bytes)) ?? Array(bytes)
        for action in escapes.feed(typed) {
            switch action {
            case .send(let keys):
                outbound += keys
                if let context, !context.disabled, keys.contains(0x0D) { enteredAt = DictationController.now }
            case .disconnect: return .userDisconnected
            case .help: Console.writeAll(terminal.errors, Array(EscapeDetector.help.utf8))
            }
        }
        takeDictated()
        return nil
    }

    /// Dictation's bytes for the local terminal (its line, its questions to the terminal).
    private func writeScreen() {
        guard let dictation, !dictation.screen.isEmpty else { return }
        Console.writeAll(terminal.output, dictation.screen)
        dictation.screen = []
    }

    /// Dictated text (already made safe) goes straight out, past the `~` escapes: it was
    /// not typed, so it cannot be a command to voicesh.
    private func takeDictated() {
        guard let dictation, !dictation.outbound.isEmpty else { return }
        outbound += dictation.outbound
        dictation.outbound = []
    }
}
