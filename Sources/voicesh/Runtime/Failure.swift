import ArgumentParser
import Foundation
import Store
import VoiceshCore

/// Turns the layers' typed errors into words, once, at the top: one line per problem on
/// stderr, prefixed `voicesh:`, and the exit code. Errors it does not know go back to
/// argument-parser (usage errors, help).
enum Failure {
    /// Errors the commands raise themselves.
    enum Command: Error {
        case message(String)
        /// Some of the work failed and was already reported line by line.
        case partial
    }

    /// Writes the error's lines to stderr and returns the exit code, or nil for argument-parser's errors.
    static func report(_ error: any Error) -> Int32? {
        guard let lines = words(for: error) else { return nil }
        for line in lines { Console.error("voicesh: \(line)") }
        return 1
    }

    static func words(for error: any Error) -> [String]? {
        switch error {
        case let error as StoreError: [words(for: error)]
        case let error as ProfileProblems: error.lines
        case let error as ProfileProblem: [error.description]
        case Command.message(let text): [text]
        case Command.partial: []
        default: nil
        }
    }

    static func words(for error: StoreError) -> String {
        switch error {
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason); check its permissions or set VOICESH_HOME to a writable directory"
        case .newerSchema(let path):
            "\(path) was written by a newer voicesh; upgrade voicesh (the file was left untouched)"
        case .corrupt(let path, let detail):
            "\(path) is not a usable voicesh database (\(detail)); move it aside and voicesh starts a new one (it was left untouched)"
        case .locked(let path, let seconds):
            "\(path) is locked by another process; waited \(Self.format(seconds)) s, try again when it is done"
        case .profileNotFound(let name):
            "no profile named \"\(name)\"; see voicesh profile list"
        case .duplicateProfile(let name):
            "a profile named \"\(name)\" exists; use --replace to overwrite it, or pick another name"
        case .dictationNotFound(let id):
            "no dictation with id \(id); see voicesh history"
        case .sqlite(let path, let message):
            "\(path): \(message)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
