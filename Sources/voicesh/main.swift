import Foundation
import VoiceshCommands
import VoiceshSession

// Everything voicesh writes (history, recordings, models, the recogniser's scratch WAV) is
// the user's alone: directories 0700, files 0600, as ssh keeps ~/.ssh.
umask(0o077)
// As ssh does: a pipe or socket closed under a write is an error to report (EPIPE), never the
// silent end of the program (a recogniser command that exits without reading its WAV).
signal(SIGPIPE, SIG_IGN)
Log.bootstrap(environment: ProcessInfo.processInfo.environment)
// The one live context of this run.
exit(Voicesh.run(Array(CommandLine.arguments.dropFirst()), context: .live()))
