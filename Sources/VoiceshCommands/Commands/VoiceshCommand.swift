import ArgumentParser
import VoiceshSession

/// A command that runs against the outside world as `Voicesh.main` builds it, once per run
/// (swiftly's `run(_ ctx:)`): tests and other callers can hand it another context.
protocol VoiceshCommand: ParsableCommand {
    func run(_ context: AppContext) throws
}

/// `VoiceshCommand` for a command that awaits.
protocol AsyncVoiceshCommand: AsyncParsableCommand, Sendable {
    func run(_ context: AppContext) async throws
}
