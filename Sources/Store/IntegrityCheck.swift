import Foundation
import GRDB
import VoiceshCore

/// Whether the database file is whole, asked once per process before its first write: a
/// damaged page (a bad disk, a copy cut short, a stray write) must not be written around,
/// or the damage spreads and what could still be read is lost. SQLite's `quick_check` reads
/// every page but skips the index-to-table comparison; its cost on a large history is in
/// docs/benchmarks/store.md, and a session starts it with its first recording (`checkSoon`),
/// so the take's history row, seconds later, finds the answer ready.
final class IntegrityCheck: Sendable {
    /// nil: not asked yet; else SQLite's first complaint, or "ok". Held while SQLite is asked,
    /// so two callers at once (the session's early check and a write) ask it once.
    private let answer = Locked<String?>(nil)
    /// A thread was started to ask (`startSoon`).
    private let started = Locked(false)

    /// Asks SQLite now, on a thread of its own, unless that was done already.
    func startSoon(_ reader: any DatabaseReader, path: String) {
        let first = started.update { asked in
            defer { asked = true }
            return !asked
        }
        if first { Thread.detachNewThread { try? self.verify(reader, path: path) } }
    }

    /// Throws `damaged` when the file is not whole; asks SQLite the first time only.
    func verify(_ reader: any DatabaseReader, path: String) throws(StoreError) {
        let verdict = answer.update { known -> String? in
            if let known { return known }
            let found = Self.ask(reader)
            known = found  // a check that could not run now (nil) is asked again next time
            return found
        }
        if let verdict, verdict != "ok" { throw .damaged(path: path, detail: verdict) }
    }

    /// SQLite's first complaint, or "ok"; nil when it could not check for a passing reason (the
    /// file busy or locked, memory short, the read interrupted), which says nothing of the file.
    /// A file too damaged to be checked is not whole either.
    private static func ask(_ reader: any DatabaseReader) -> String? {
        do {
            // The first line names the database ("*** in database main ***"); the next says where.
            let lines = try reader.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(2)") }
            let said = lines.joined(separator: "\n").split(separator: "\n").filter { !$0.hasPrefix("***") }
            return said.first.map(String.init) ?? "no answer"
        } catch let error as DatabaseError {
            let passing: [ResultCode] = [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_NOMEM, .SQLITE_INTERRUPT]
            if passing.contains(error.resultCode.primaryResultCode) { return nil }
            return error.message ?? "SQLite could not read it"
        } catch {
            return "SQLite could not read it"
        }
    }
}
