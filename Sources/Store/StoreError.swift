/// What can go wrong with the database, with what the top needs to say it in words.
public enum StoreError: Error, Equatable, Sendable {
    /// The directory or file could not be made (permissions, a file in the way).
    case cannotCreate(path: String, reason: String)
    /// The file exists but this user may not write it (a read-only file, a read-only mount).
    case cannotWrite(path: String, reason: String)
    /// The disk (or the user's quota) is full; nothing was written.
    case diskFull(path: String)
    /// The file was written by a newer voicesh; it is left untouched.
    case newerSchema(path: String)
    /// The file is not an SQLite database, or is damaged; it is never recreated silently.
    case corrupt(path: String, detail: String)
    /// Another process held the database for longer than the busy timeout.
    case locked(path: String, seconds: Double)
    case profileNotFound(String)
    case duplicateProfile(String)
    case dictationNotFound(Int64)
    /// Any other SQLite failure, with SQLite's own words.
    case sqlite(path: String, message: String)
}
