import AudioCapture
import Foundation
import VoiceshCore

/// Records outside a session (`record`, `adapt --enroll`) until `RecordingMachine` says it ends (the
/// limit, a key, the end of input, a terminating signal of `SignalPipe.terminating`): this
/// only carries it out. While recording at a terminal, stderr shows the same line as a
/// session does.
package enum Recorder {
    package typealias Stop = RecordingMachine.Stop

    package static func record(
        _ source: any AudioSource, into recording: Recording, seconds limit: Double, toggle: KeyChord,
        stopAtEndOfInput: Bool, console: Console
    ) throws(AudioError) -> Stop {
        let failure = Locked<AudioError?>(nil)
        try source.start { event in
            switch event {
            case .frame(let frame): recording.accept(frame)
            case .failed(let error): failure.value = error
            }
        }
        let terminal = RawTerminal(fd: console.input)
        let signals = SignalPipe(signals: SignalPipe.terminating)
        let view = DictationView(toggle: toggle)
        let started = DictationController.now
        let showing = console.errorsAreTerminal
        defer {
            source.stop()
            recording.finish()
            if showing { console.writeError("\r\u{1B}[K") }
            terminal?.restore()
        }
        var machine = RecordingMachine(
            limit: limit, toggle: toggle, atTerminal: terminal != nil, stopAtEndOfInput: stopAtEndOfInput)
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            if let stop = machine.recorded(seconds: recording.seconds, full: recording.isFull) { return stop }
            if let error = failure.value { throw error }
            if showing {
                let line = view.render(
                    .recording(.init(number: 1, startedAt: started), partial: ""), level: recording.level,
                    now: DictationController.now, width: (RawTerminal.size(of: console.errors)?.columns ?? 80) - 1
                ).line
                console.writeError("\r\(line)\u{1B}[K")
            }
            var fds = [
                pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: machine.readsInput ? console.input : -1, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 2, 100) > 0 else { continue }
            if fds[0].revents != 0, !signals.drain().isEmpty { return machine.signalled() }
            guard fds[1].revents != 0 else { continue }
            let n = read(console.input, &buffer, buffer.count)
            if let stop = machine.read(n > 0 ? Array(buffer[..<n]) : []) { return stop }
        }
    }
}
