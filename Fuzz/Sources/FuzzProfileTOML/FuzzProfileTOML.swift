import ProfileFormat
import VoiceshCore

/// A profile file, as `profile add --file`, `profile import` and the profiles directory read
/// it. A profile read is written back by `tomlText`, which promises that reading it again
/// gives the same profile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfileTOML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let profiles = try? ProfileTOML.profiles(fromText: text, source: "fuzz") else { return 0 }
    precondition(!profiles.isEmpty, "a file read as no profile")
    for profile in profiles {
        let written = profile.tomlText
        do {
            let back = try ProfileTOML.profiles(fromText: written, source: "written")
            precondition(back == [profile], "\(profile.name) reads back as another profile:\n\(written)")
        } catch {
            preconditionFailure("\(profile.name) written as a file it refuses (\(error)):\n\(written)")
        }
    }
    return 0
}
