import ArgumentParser
import VoiceshCore
import VoiceshSession

struct Adapt: VoiceshCommand {
    static let configuration = CommandConfiguration(
        abstract: "Teach the offline engine your voice from recordings whose words are known.",
        usage: "voicesh adapt [<options>]",
        discussion: """
            Learns from: dictations you inserted or ran that kept their recording (profiles with history = "text+audio"), recordings made with --enroll, and --from folders of NAME.wav with NAME.txt (the words spoken, e.g. "git status dash s"). Enrollment and --from recordings are kept under the voice directory, so each run learns from everything so far. From then on every edge profile uses the learnt voice; --forget forgets it. 20 recordings help a lot, 50 more.

            Profiles with learn = "on" (the default for edge engines) also keep every dictation you inserted or ran as heard, or edited a little, and learn again in the background after every 10 of them, keeping the new voice only if it hears held-back recordings at least as well. Needs Debian's sphinxtrain, sphinxbase-utils and pocketsphinx packages.
            """)

    @Option(name: .customLong("from"), help: "A folder of NAME.wav + NAME.txt recordings to learn from (repeatable).")
    var folders: [String] = []

    @Option(help: "Record this many prompted commands first (say each, then Enter; Esc skips one).")
    var enroll: Int?

    @Option(
        help: "Learn from this profile's dictations only (kept recordings always count).",
        completion: Completions.profileNames)
    var profile: String?

    @Flag(
        name: [.customLong("forget"), .customLong("reset")],
        help: "Forget the learnt voice and its recordings; the stock model is used again.")
    var forget = false

    @Flag(help: "Say what the voice learnt from, when it last learnt, and how it scored.")
    var status = false

    /// The session's background run: learns from the kept recordings, and keeps the new voice
    /// only if it scores at least as well on those held back.
    @Flag(help: .hidden)
    var background = false

    @OptionGroup(title: "Audio (for --enroll)")
    var audio: AudioOptions

    func validate() throws {
        if let enroll, enroll < 1 { throw ValidationError("--enroll takes a number of recordings, 1 or more") }
        let alone = [forget, status, background].filter { $0 }.count
        if alone > 1 || alone == 1 && (enroll != nil || !folders.isEmpty || profile != nil) {
            throw ValidationError("--forget, --status and --background go alone")
        }
    }

    func run(_ context: AppContext) throws {
        let adaptation = VoiceAdaptation(context: context, audio: audio, profile: profile)
        if forget { return adaptation.forget() }
        if status { return adaptation.printStatus() }
        if background { return try adaptation.learnInBackground() }
        for folder in folders { try adaptation.keep(from: folder) }
        if let enroll, try !adaptation.enroll(enroll) { throw ExitCode(130) }
        try adaptation.learn()
    }
}
