import Testing

@testable import VoiceshCore

/// What ends a recording outside a session, without a microphone or terminal.
struct RecordingMachineTests {
    typealias Machine = RecordingMachine
    let toggle = KeyChord.defaultToggle

    func make(atTerminal: Bool, stopAtEndOfInput: Bool = true) -> Machine {
        Machine(limit: 10, toggle: toggle, atTerminal: atTerminal, stopAtEndOfInput: stopAtEndOfInput)
    }

    @Test func theLimitOrAFullBufferEndsIt() {
        let machine = make(atTerminal: true)
        #expect(machine.recorded(seconds: 9.9, full: false) == nil)
        #expect(machine.recorded(seconds: 10, full: false) == .limit)
        #expect(machine.recorded(seconds: 1, full: true) == .limit)
    }

    @Test func aSignalEndsIt() {
        #expect(make(atTerminal: false).signalled() == .signal)
    }

    @Test func atATerminalTheToggleOrEnterStopsEscOrCtrlCCancelsOtherKeysDoNothing() {
        var machine = make(atTerminal: true)
        #expect(machine.read(Array("ab".utf8)) == nil)
        #expect(machine.read(toggle.bytes) == .key)
        #expect(machine.read([0x0D]) == .key)
        #expect(machine.read([0x1B]) == .cancelled)
        #expect(machine.read([0x03]) == .cancelled)
        #expect(machine.read(Array("x".utf8) + [0x03] + [0x0D]) == .cancelled)  // the first that acts
    }

    @Test func atATerminalTheEndOfInputOnlyStopsReadingIt() {
        var machine = make(atTerminal: true)
        #expect(machine.read([]) == nil)
        #expect(!machine.readsInput)
    }

    @Test func fromAPipeALineOrTheEndStopsIt() {
        var machine = make(atTerminal: false)
        #expect(machine.read(Array("no line yet".utf8)) == nil)
        #expect(machine.read([0x0D]) == nil)  // not a terminal: a carriage return is no key
        #expect(machine.read(Array("done\n".utf8)) == .key)
        #expect(machine.read([]) == .endOfInput)
        #expect(!machine.readsInput)
    }

    @Test func fromAFileThatDoesNotStopAtItsEndOnlyTimeEndsIt() {
        var machine = make(atTerminal: false, stopAtEndOfInput: false)
        #expect(machine.read(Array("line\n".utf8)) == nil)
        #expect(machine.read([]) == nil)
        #expect(!machine.readsInput)
        #expect(machine.recorded(seconds: 10, full: false) == .limit)
    }
}
