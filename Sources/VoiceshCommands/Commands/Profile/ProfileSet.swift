import ArgumentParser
import VoiceshCore
import VoiceshSession

struct ProfileSet: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change keys of a profile.",
        discussion: """
            Keys are the profile file's: port=2222, toggle_key=f9, engine.kind=server, engine.url=http://127.0.0.1:8080, engine.vocabulary=kubectl,nginx, fallback.kind=edge. An empty value resets a key (user=): the profile then inherits it from config.toml's [defaults], or the built-in value. fallback= removes the fallback engine.
            """)

    @OptionGroup var profile: ProfileName

    @Argument(help: ArgumentHelp("KEY=VALUE pairs.", valueName: "key=value"))
    var assignments: [String] = []

    func validate() throws {
        guard !assignments.isEmpty else { throw ValidationError("give at least one KEY=VALUE") }
        for a in assignments where !a.contains("=") {
            throw ValidationError("\"\(UntrustedText.excerpt(a))\" is not KEY=VALUE")
        }
    }

    func run(_ context: AppContext) throws {
        let database = try context.openStore()
        var edited = try database.profile(named: profile.name)
        var problems: [ProfileProblem] = []
        for assignment in assignments {
            let key = String(assignment.prefix { $0 != "=" })
            let text = String(assignment.dropFirst(key.count + 1))
            do throws(ProfileProblem) {
                if key == "name" {
                    throw ProfileProblem(key: key, message: "use voicesh profile rename to rename a profile")
                }
                try edited.set(key, to: try Self.value(text, for: key))
            } catch {
                problems.append(error)
            }
        }
        // Report the rules the edited profile breaks too, except for keys already reported.
        problems += edited.validate().filter { p in !problems.contains { $0.key == p.key } }
        guard problems.isEmpty else { throw ProfileProblems(source: "profile \(profile.name)", problems: problems) }
        try database.updateProfile(edited)
        // A key variable or an endpoint the user typed here: the pairings it makes are theirs.
        let typed = assignments.map { String($0.prefix { $0 != "=" }) }
        if typed.contains(where: { $0.hasSuffix("api_key_env") || $0.hasSuffix("url") || $0.hasSuffix("provider") }) {
            try context.openDatabase().allowKeys(edited.keyPairings(intent: context.config().intent))
        }
        context.console.error("updated profile \"\(edited.name)\"")
    }

    /// The typed value of `KEY=TEXT`; empty text means "back to the default".
    static func value(_ text: String, for key: String) throws(ProfileProblem) -> ConfigValue? {
        if key == "fallback" {
            guard text.isEmpty || text == "none" else {
                throw ProfileProblem(
                    key: key, message: "only fallback= (remove it) is allowed; set fallback.KEY=VALUE for its keys")
            }
            return nil
        }
        let kind = try Profile.kind(of: key)
        guard !text.isEmpty else { return nil }
        guard let value = kind.parse(text) else {
            throw ProfileProblem(key: key, message: "\"\(UntrustedText.excerpt(text))\" is not \(kind.noun)")
        }
        return value
    }
}
