import AudioCapture
import Foundation
import VoiceshCore

/// Records outside a session (`record`, `listen`) until one of: the time limit, the toggle key
/// or Enter at a terminal (Esc or ctrl-c cancels), a line or the end of standard input when
/// it is not a terminal, a terminating signal (`SignalPipe.terminating`). While recording at a terminal, stderr shows
/// the same line as a session does.
package enum Recorder {
    package enum Stop: Equatable {
        case limit, key, endOfInput, signal
        case cancelled
    }

    package static func record(
        _ source: any AudioSource, into recording: Recording, seconds limit: Double, toggle: KeyChord,
        stopAtEndOfInput: Bool
    ) throws(AudioError) -> Stop {
        let failure = Locked<AudioError?>(nil)
        try source.start { event in
            switch event {
            case .frame(let frame): recording.accept(frame)
            case .failed(let error): failure.value = error
            }
        }
        let terminal = RawTerminal()
        let signals = SignalPipe(signals: SignalPipe.terminating)
        let view = DictationView(toggle: toggle)
        let started = DictationController.now
        let showing = isatty(STDERR_FILENO) == 1
        defer {
            source.stop()
            recording.finish()
            if showing { Console.writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8)) }
            terminal?.restore()
        }
        var inputOpen = true
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            if recording.seconds >= limit || recording.isFull { return .limit }
            if let error = failure.value { throw error }
            if showing {
                let line = view.render(
                    .recording(.init(number: 1, startedAt: started), partial: ""), level: recording.level,
                    now: DictationController.now, width: (RawTerminal.size(of: STDERR_FILENO)?.columns ?? 80) - 1
                ).line
                Console.writeAll(STDERR_FILENO, Array("\r\(line)\u{1B}[K".utf8))
            }
            var fds = [
                pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 2, 100) > 0 else { continue }
            if fds[0].revents != 0, !signals.drain().isEmpty { return .signal }
            guard fds[1].revents != 0 else { continue }
            let n = read(STDIN_FILENO, &buffer, buffer.count)
            if n <= 0 {
                inputOpen = false
                if terminal == nil && stopAtEndOfInput { return .endOfInput }
                continue
            }
            guard terminal != nil else {
                if buffer[..<n].contains(0x0A) && stopAtEndOfInput { return .key }
                continue
            }
            for key in Key.decode(Array(buffer[..<n]), toggle: toggle) {
                switch key {
                case .toggle, .enter: return .key
                case .escape, .control("c"): return .cancelled
                default: continue
                }
            }
        }
    }
}
