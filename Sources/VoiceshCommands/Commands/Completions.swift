import ArgumentParser
import Foundation
import Store
import VoiceshCore
import VoiceshSession

/// Shell completion of profile names, read from the database at completion time.
enum Completions {
    static let profileNames = CompletionKind.custom { _, _, prefix in
        let context = AppContext.live()
        // Never create a database just to complete a word.
        guard FileManager.default.fileExists(atPath: context.location.database),
            let names = try? context.openDatabase().profileNames()
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) }
    }
}

extension EngineKind: ExpressibleByArgument {}
extension Recognizer: ExpressibleByArgument {}
extension ServerDialect: ExpressibleByArgument {}
extension StreamProvider: ExpressibleByArgument {}
extension Dictation.Outcome: ExpressibleByArgument {}
extension StrictHostKeyChecking: ExpressibleByArgument {}
