import ProfileFormat
import VoiceshCore

/// A profile file, as `profile add --file`, `profile import` and the profiles directory read
/// it. A profile read is written back by `tomlText`, which promises that reading it again
/// gives the same profile: the same values, nothing it pinned lost, and the same file when
/// written again. The one key it may add is `engine.kind`, written out for an `[engine]` the
/// profile describes itself (engines are inherited whole, so its value was the built-in one).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfileTOML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let profiles = try? ProfileTOML.profiles(fromText: text, source: "fuzz") else { return 0 }
    precondition(!profiles.isEmpty, "a file read as no profile")
    for profile in profiles {
        let written = profile.tomlText
        let back: Profile
        do {
            let read = try ProfileTOML.profiles(fromText: written, source: "written")
            precondition(read.count == 1, "\(profile.name) written as \(read.count) profiles")
            back = read[0]
        } catch {
            preconditionFailure("\(profile.name) written as a file it refuses (\(error)):\n\(written)")
        }
        var same = back
        same.pinned = profile.pinned
        precondition(same == profile, "\(profile.name) reads back as another profile:\n\(written)\n\(back)")
        let added = back.pinned.subtracting(profile.pinned)
        precondition(
            profile.pinned.isSubset(of: back.pinned) && added.isSubset(of: ["engine.kind"]),
            "\(profile.name) pinned \(profile.pinned.sorted()), read back \(back.pinned.sorted()):\n\(written)")
        precondition(back.tomlText == written, "\(profile.name) written twice differs:\n\(written)\n\(back.tomlText)")
    }
    return 0
}
