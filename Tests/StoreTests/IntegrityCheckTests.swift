import Foundation
import GRDB
import Testing

@testable import Store

/// The check before a process's first write: a file that could not be checked for a passing
/// reason is neither called damaged nor taken as whole for good; it is asked again.
struct IntegrityCheckTests {
    @Test func aBusyFileIsAskedAgainNotCalledDamaged() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-check-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = Configuration()
        options.busyMode = .immediateError
        let reader = try DatabaseQueue(path: path, configuration: options)
        try reader.write { db in try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        // Another connection holds the file exclusively (a rollback journal: no reader gets in).
        let holder = try DatabaseQueue(path: path)
        let check = IntegrityCheck()
        try holder.inDatabase { db in
            try db.execute(sql: "BEGIN EXCLUSIVE; INSERT INTO t VALUES (2)")
            #expect(throws: Never.self) { try check.verify(reader, path: path) }
            try db.execute(sql: "ROLLBACK")
        }
        // Asked again once the file is free: whole.
        #expect(throws: Never.self) { try check.verify(reader, path: path) }
    }
}
