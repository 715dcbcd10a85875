import Foundation
import SharedStore
import Store
import VoiceshCore

extension Doctor {
    /// The history database: there or not yet, whole (SQLite's `integrity_check`, read-only),
    /// and of a schema this build knows.
    func history() -> DoctorReport.Check {
        let path = context.location.database
        do throws(StoreError) {
            try FileSecurity.check(directory: context.location.directory)
            guard let found = try AppDatabase.inspect(at: path) else {
                return .found(.history, "none yet at \(path) (the first profile or dictation makes it)")
            }
            let schema =
                found.version < found.known
                ? "schema \(found.version) of \(found.known) (the next voicesh that writes brings it up to date)"
                : "schema \(found.version)"
            return .found(
                .history,
                "\(path): whole (integrity_check ok), \(schema), \(Self.count(found.profiles, "profile")), "
                    + "\(Self.count(found.dictations, "dictation"))"
                    + (found.unreadWAL ? " (changes in its -wal file, which has no -shm, were not read)" : ""))
        } catch {
            return .problem(.history, .store(error))
        }
    }

    /// The team store, when `VOICESH_STORE` or config.toml's `store` names one: whether it
    /// answers within its connect timeout, and its schema. Nil when there is none.
    func teamStore() -> DoctorReport.Check? {
        guard let url = context.storeURL else { return nil }
        do throws(StoreError) {
            guard
                case .shared(let address) = try StoreChoice.choose(
                    url: url, environment: context.environment, console: context.console)
            else { return nil }
            let probe = try SharedDatabase.probe(address)
            let schema =
                probe.applied == 0
                ? "no voicesh has used it yet (the first one to open it makes the schema)"
                : probe.applied < probe.known
                    ? "schema \(probe.applied) of \(probe.known) (the next voicesh that opens it brings it up to date)"
                    : "schema \(probe.applied)"
            return .found(.teamStore, "\(probe.server) answers, \(schema)")
        } catch {
            return .problem(.teamStore, .store(error))
        }
    }

    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
