/// What can go wrong with a store (the local SQLite file or a shared PostgreSQL database), with what the top needs to say it in words.
public enum StoreError: Error, Equatable, Sendable {
    /// The directory or file could not be made (permissions, a file in the way).
    case cannotCreate(path: String, reason: String)
    /// The data directory exists and others may write in it (or it is not the user's, or not
    /// a directory): voicesh will not keep its data there, and leaves it as it is.
    case sharedDirectory(path: String, problem: String)
    /// The file exists but this user may not write it (a read-only file, a read-only mount).
    case cannotWrite(path: String, reason: String)
    /// The file system is mounted read-only: what is there can be read, nothing written.
    case readOnlyFileSystem(path: String)
    /// The disk (or the user's quota) is full; nothing was written.
    case diskFull(path: String)
    /// The file was written by a newer voicesh; it is left untouched.
    case newerSchema(path: String)
    /// The file is not an SQLite database, or is damaged; it is never recreated silently.
    case corrupt(path: String, detail: String)
    /// The file opens but is damaged inside (`detail`: SQLite's first complaint): it is read,
    /// never written, so what it still holds can be saved.
    case damaged(path: String, detail: String)
    /// Another process held the database for longer than the busy timeout.
    case locked(path: String, seconds: Double)
    case profileNotFound(String)
    case duplicateProfile(String)
    case dictationNotFound(Int64)
    /// Any other SQLite failure, with SQLite's own words.
    case sqlite(path: String, message: String)

    // The shared store (PostgreSQL). `server` is `host:port/database`, never with a password.
    /// Nothing answered at the address within the connect budget, or the connection was refused.
    case unreachable(server: String, reason: String)
    /// The server refused the user name and password (or asked for a password none was given for).
    case authenticationFailed(server: String, user: String, passwordGiven: Bool)
    /// The server only takes TLS connections and sslmode=disable forbids them.
    case tlsRequired(server: String)
    /// sslmode asked for TLS and the server does not offer it, or the handshake failed.
    case tlsFailed(server: String, reason: String)
    case unknownDatabase(server: String, database: String)
    /// The store URL (or VOICESH_STORE) cannot be used as written.
    case badStoreURL(reason: String)
    /// Any other PostgreSQL failure, with the server's own words.
    case postgres(server: String, message: String)
}

extension StoreError {
    /// The shared store could not be reached at all: the cases that a local copy stands in for.
    public var isOffline: Bool {
        switch self {
        case .unreachable: true
        default: false
        }
    }
}
