import Foundation
import SSHClient

/// Asks the user the way ssh does: on /dev/tty (secrets without echo), or through the
/// program named by SSH_ASKPASS when SSH_ASKPASS_REQUIRE says so (`force`, or `prefer`),
/// or when there is no terminal but a display. With neither, it cannot ask: nil.
package struct TerminalPrompter: AuthPrompter {
    package var environment: [String: String]
    /// Where a notice goes when there is no terminal to write it on.
    package var console: Console

    private var askpass: String? {
        guard let program = environment["SSH_ASKPASS"], !program.isEmpty else { return nil }
        switch environment["SSH_ASKPASS_REQUIRE"] {
        case "force", "prefer": return program
        case "never": return nil
        default:
            let hasTTY = access("/dev/tty", R_OK | W_OK) == 0 && console.inputIsTerminal
            return !hasTTY && environment["DISPLAY"] != nil ? program : nil
        }
    }

    package func secret(_ prompt: String) -> String? { ask(prompt, echo: false) }

    package func answer(_ prompt: String, echo: Bool) -> String? { ask(prompt, echo: echo) }

    /// A yes/no question, such as accepting a new host key.
    package func question(_ prompt: String) -> String? { ask(prompt, echo: true) }

    package func notice(_ text: String) {
        guard let tty = Self.openTTY() else { return console.error(text) }
        defer { close(tty) }
        Self.write(tty, text + "\n")
    }

    private func ask(_ prompt: String, echo: Bool) -> String? {
        if let askpass { return Self.runAskpass(askpass, prompt: prompt, environment: environment) }
        guard let tty = Self.openTTY() else { return nil }
        defer { close(tty) }
        Self.write(tty, prompt)
        var saved = termios()
        let isTerminal = tcgetattr(tty, &saved) == 0
        if isTerminal, !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(tty, TCSAFLUSH, &quiet)
        }
        defer {
            if isTerminal, !echo {
                tcsetattr(tty, TCSAFLUSH, &saved)
                Self.write(tty, "\n")
            }
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1, byte != 0x0A, byte != 0x0D { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }

    private static func openTTY() -> Int32? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        return fd >= 0 ? fd : nil
    }

    private static func write(_ fd: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
    }

    /// Runs the askpass program with the prompt as its argument and reads one line.
    private static func runAskpass(_ program: String, prompt: String, environment: [String: String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [prompt]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
