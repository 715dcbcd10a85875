/// An engine that hears in two steps (the edge engine's two ears: pocketsphinx at once, the
/// fused text a moment later) hands its first transcript to whoever is listening for it in
/// this task, before returning the final one. A task-local, so one dictation's listener never
/// hears another's and engines that wrap others (the gate, the timeout) need not know.
public enum FirstText {
    @TaskLocal public static var heard: (@Sendable (Transcript) -> Void)?
}
