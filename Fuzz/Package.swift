// swift-tools-version:5.4
// 5.4, not newer: from 5.5 SwiftPM links an executable with `main` aliased to `<Target>_main`,
// which `-parse-as-library` never defines, and libFuzzer's own `main` could not be used.
import PackageDescription

// libFuzzer targets for the parsers that read outside input, one executable each. A package of
// its own, so the sanitizer flags and their build stay out of the main build (`scripts/fuzz`
// builds and runs them; CONTRIBUTING.md says how to run one longer). Each target's entry point is
// `LLVMFuzzerTestOneInput`; libFuzzer, linked in by `-sanitize=fuzzer`, supplies `main`.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "VoiceshFuzz",
    dependencies: [.package(name: "voicesh", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzShellWords", dependencies: [.product(name: "VoiceshCore", package: "voicesh")],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzKeyDecoder", dependencies: [.product(name: "VoiceshCore", package: "voicesh")],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzWAV", dependencies: [.product(name: "VoiceshCore", package: "voicesh")], swiftSettings: strict),
        .executableTarget(
            name: "FuzzSSHConfig", dependencies: [.product(name: "VoiceshCore", package: "voicesh")],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzRemoteContext", dependencies: [.product(name: "VoiceshCore", package: "voicesh")],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzURL", dependencies: [.product(name: "VoiceshCore", package: "voicesh")], swiftSettings: strict),
        .executableTarget(
            name: "FuzzProfileTOML",
            dependencies: [
                .product(name: "VoiceshCore", package: "voicesh"), .product(name: "ProfileFormat", package: "voicesh"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzConfigTOML",
            dependencies: [
                .product(name: "VoiceshCore", package: "voicesh"), .product(name: "ProfileFormat", package: "voicesh"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzChatReply",
            dependencies: [
                .product(name: "VoiceshCore", package: "voicesh"), .product(name: "ChatModel", package: "voicesh"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzProviderReplies",
            dependencies: [
                .product(name: "VoiceshCore", package: "voicesh"), .product(name: "Streaming", package: "voicesh"),
            ],
            swiftSettings: strict),
    ]
)
