import GRDB
import VoiceshCore

/// The store's SQLite connection. A whole, current file is opened read-only at first: GRDB's
/// pool writes to a file as it opens it (a table made and dropped, so that its WAL exists), and
/// a file not yet known to be whole must not be written. The first write asks `IntegrityCheck`,
/// then opens the pool, which every later read and write uses.
final class DatabaseConnection: Sendable {
    typealias Opener = @Sendable () throws -> any DatabaseWriter

    private let current: Locked<any DatabaseWriter>
    /// Opens the pool for the first write; nil once it is open, or when `current` writes already.
    private let opener: Locked<Opener?>

    init(_ connection: any DatabaseWriter, opener: Opener? = nil) {
        current = Locked(connection)
        self.opener = Locked(opener)
    }

    /// Where reads go now.
    var reader: any DatabaseWriter { current.value }

    /// The connection to write with, the pool opened the first time.
    func writer() throws -> any DatabaseWriter {
        let opened: Result<Void, any Error> = opener.update { open in
            guard let make = open else { return .success(()) }
            do {
                current.value = try make()
                open = nil
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try opened.get()
        return current.value
    }
}
