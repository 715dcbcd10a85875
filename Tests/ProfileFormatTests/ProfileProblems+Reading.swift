import VoiceshCore

extension ProfileProblems {
    /// The lines `read` fails with: none when it reads.
    static func lines<T>(of read: () throws(ProfileProblems) -> T) -> [String] {
        do {
            _ = try read()
            return []
        } catch {
            return error.lines
        }
    }
}
