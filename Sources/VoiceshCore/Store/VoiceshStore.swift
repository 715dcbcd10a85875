/// What profile and history commands need from a store, so they run the same on the local
/// SQLite file (`AppDatabase`) and on a shared PostgreSQL database (`SharedDatabase`, through
/// `SyncedStore`, which keeps the local copy). Recordings, the learnt voice and the allowed
/// local commands are not here: they never leave the machine that made them.
public protocol VoiceshStore {
    /// All profiles, by name.
    func profiles() throws(StoreError) -> [Profile]
    func profile(named name: String) throws(StoreError) -> Profile
    /// Just the names, for shell completion.
    func profileNames() throws(StoreError) -> [String]
    /// Saves a new profile; an existing one of the same name is replaced only when asked.
    func saveProfile(_ profile: Profile, replace: Bool) throws(StoreError)
    /// Saves several profiles in one transaction: all of them, or none.
    func saveProfiles(_ profiles: [Profile], replace: Bool) throws(StoreError)
    /// Replaces a stored profile with an edited copy (same name).
    func updateProfile(_ profile: Profile) throws(StoreError)
    /// Renames a profile; its history follows it.
    func renameProfile(_ old: String, to new: String) throws(StoreError)
    /// Removes a profile; its history stays until `history clear`.
    func deleteProfile(_ name: String) throws(StoreError)

    /// Newest first; `search` matches words (and word prefixes) of the raw and final text.
    func dictations(profile: String?, search: String?, limit: Int) throws(StoreError) -> [Dictation]
    func dictationCount(profile: String?) throws(StoreError) -> Int
    /// Deletes every dictation (of one profile, when named); returns how many.
    func clearHistory(profile: String?) throws(StoreError) -> Int
}
