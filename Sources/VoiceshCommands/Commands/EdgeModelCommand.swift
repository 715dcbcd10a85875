import ArgumentParser
import Foundation
import LocalRecognizer
import VoiceshSession

/// `voicesh edge-model`: what a session runs (as itself, hidden from help) to build the edge
/// model out of its own address space. The job (`EdgeModelJob` as JSON) comes on stdin, as
/// it can be long; the child works at nice 19 and dies with the session that started it.
struct EdgeModelCommand: VoiceshCommand {
    static let configuration = CommandConfiguration(
        commandName: "edge-model", abstract: "Build the edge language model (run by voicesh itself).",
        shouldDisplay: false)

    func run(_ context: AppContext) throws {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // this thread and those it starts
        guard !context.console.inputIsTerminal else { throw EdgeModelProblem.onTerminal }
        let parent = getppid()
        guard parent != 1 else { throw EdgeModelProblem.parentGone }
        Self.exitWithout(parent: parent)
        let input = context.console.readInput()
        guard let job = try? JSONDecoder().decode(EdgeModelJob.self, from: input) else {
            throw EdgeModelProblem.badJob
        }
        guard job.cacheDirectory.hasPrefix("/") else {
            throw EdgeModelProblem.relativeCacheDirectory(job.cacheDirectory)
        }
        try job.build()
    }

    /// Ends this process once its parent is gone (the session ended or was killed), so no
    /// build outlives it; a poll, as Swift cannot call the variadic `prctl(PR_SET_PDEATHSIG)`.
    /// Half-written files stay unused: the cache takes an entry only once its dictionary is written.
    private static func exitWithout(parent: pid_t) {
        let watcher = Thread {
            while getppid() == parent { usleep(100_000) }
            _exit(137)
        }
        watcher.name = "parent-watch"
        watcher.start()
    }
}
