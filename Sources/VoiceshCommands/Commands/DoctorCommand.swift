import ArgumentParser
import VoiceshSession

struct DoctorCommand: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check every part voicesh needs on this machine, one line each.",
        discussion: """
            One line per part, ✓ with what was found or ✗ with what is wrong and what to do: config.toml, the microphone (a 0.3 s reading from the device the profile records from), the offline engine (pocketsphinx's model, your learnt voice), the second ear and its model's pinned SHA-256, intent mode's model (the local one, its runtime and pinned SHA-256, or the endpoint and whether its key variable is set, never its value), the history database (SQLite's integrity check), and the team store if one is configured. With a profile or [user@]host[:port], also its destination as connect resolves it (ssh_config), its key files and their modes, its known_hosts entry and the agent; --connect reaches it and checks its host key, then disconnects without logging in. Nothing is changed: the database is only read, no file is made, no model built. The exit status is 0 when everything works, 1 otherwise.
            """)

    @Argument(help: "A profile name, or [user@]host[:port].", completion: Completions.profileNames)
    var target: String?

    @Flag(help: "Connect to the target and check its host key (no login).")
    var connect = false

    @Flag(help: "Print JSON: {\"ok\": …, \"checks\": [{\"part\", \"ok\", \"detail\", \"advice\"}]}.")
    var json = false

    func validate() throws {
        if connect && target == nil { throw ValidationError("--connect needs a profile or [user@]host[:port]") }
    }

    func run(_ context: AppContext) throws {
        let report = Doctor(context: context, target: target, connect: connect).run()
        if json {
            try context.console.json(report.json)
        } else {
            context.console.print(report.text)
        }
        if !report.ok { throw ExitCode(1) }
    }
}
