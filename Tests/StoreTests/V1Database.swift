import Foundation
import GRDB

/// A database as voicesh's first schema (v1) left it, written with that schema's SQL: what
/// the migrations must carry forward.
enum V1Database {
    /// Makes one at `path` (and its folder), with `rows` (SQL inserts) in it.
    static func make(at path: String, rows: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: schema + "\n" + rows) }
    }

    static let schema = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1');
        CREATE TABLE profile (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
          host TEXT NOT NULL, port INTEGER NOT NULL, user TEXT, identity TEXT, knownHosts TEXT,
          keepalive INTEGER NOT NULL, toggleKey TEXT NOT NULL, send TEXT NOT NULL, history TEXT NOT NULL,
          production BOOLEAN NOT NULL, audioDevice TEXT, engine TEXT NOT NULL, fallback TEXT,
          createdAt DATETIME NOT NULL, updatedAt DATETIME NOT NULL);
        CREATE TABLE dictation (id INTEGER PRIMARY KEY AUTOINCREMENT, profile TEXT NOT NULL,
          engine TEXT NOT NULL, fallbackEngine TEXT, startedAt DATETIME NOT NULL, audioSeconds DOUBLE NOT NULL,
          latencyMs INTEGER, rawText TEXT NOT NULL, finalText TEXT NOT NULL, outcome TEXT NOT NULL,
          error TEXT, confidence DOUBLE);
        CREATE TABLE dictationAudio (dictationId INTEGER PRIMARY KEY
          REFERENCES dictation(id) ON DELETE CASCADE, wav BLOB NOT NULL);
        CREATE VIRTUAL TABLE dictationFts USING fts5(rawText, finalText, content='dictation', content_rowid='id');
        """
}
