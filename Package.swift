// swift-tools-version:6.1
import PackageDescription

// Layers (see DESIGN.md): system-library shims → one adapter target per outside library →
// the pure VoiceshCore → the VoiceshSession library → the thin `voicesh` executable.
// Adapters never import each other, except the shared helpers ProcessSpawn and TLSTrust.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6), .unsafeFlags(["-warnings-as-errors"])]

// The network stack's products, which several adapters import a few of each.
func nio(_ product: String) -> Target.Dependency { .product(name: product, package: "swift-nio") }
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
let httpClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")

let package = Package(
    name: "voicesh",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "voicesh", targets: ["voicesh"]),
        // For the fuzz targets' own package (Fuzz/Package.swift), which can only reach products.
        .library(name: "VoiceshCore", targets: ["VoiceshCore"]),
        .library(name: "ProfileFormat", targets: ["ProfileFormat"]),
        .library(name: "ChatModel", targets: ["ChatModel"]),
        .library(name: "Streaming", targets: ["Streaming"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Imported directly (swift-nio types in the HTTP and WebSocket adapters); already in the
        // graph through async-http-client, declared so nothing is imported
        // undeclared (`--explicit-target-dependency-import-check error` in scripts/test).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // TLS trust for both network adapters (SSL_CERT_FILE, SSL_CERT_DIR, refusals in words), and
        // PostgreSQL's sslmode (PostgresNIO takes NIOSSL's TLSConfiguration).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // SHA-256 of the installed models against their pins (`voicesh doctor`): BoringSSL's, with
        // the CPU's SHA instructions; already in the graph through postgres-nio.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CLibSSH2", pkgConfig: "libssh2", providers: [.apt(["libssh2-1-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(
            name: "CPocketSphinx", pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]),
        .systemLibrary(name: "CVTerm", pkgConfig: "vterm", providers: [.apt(["libvterm-dev"])]),

        // Pure: no C, no file descriptors, no networking.
        .target(name: "VoiceshCore", swiftSettings: strict),

        // Adapters: each wraps one outside library.
        .target(
            name: "ProfileFormat",
            dependencies: ["VoiceshCore", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strict),
        // posix_spawn as voicesh starts children: shared by the adapters that run programs (the
        // local recogniser command, ProxyCommand), which still never import each other.
        .target(name: "ProcessSpawn", swiftSettings: strict),
        .target(
            name: "LocalRecognizer", dependencies: ["VoiceshCore", "CPocketSphinx", "ProcessSpawn"],
            resources: [
                .copy("Resources/shell-corpus.txt"), .copy("Resources/shell-usage.txt"),
                .copy("Resources/whisper-ear.py"), .copy("Resources/moonshine-ear.py"),
                .copy("Resources/ear_protocol.py"), .copy("Resources/ear-choice.json"),
            ], swiftSettings: strict),
        // swift-nio-ssl's trust store as OpenSSL users expect it, and its refusals in words: shared
        // by the two network adapters below (which still never import each other).
        .target(
            name: "TLSTrust",
            dependencies: ["VoiceshCore", nioSSL, httpClient, nio("NIOCore"), nio("NIOPosix")], swiftSettings: strict),
        .target(
            name: "Transcription",
            dependencies: ["VoiceshCore", "TLSTrust", httpClient, nioSSL, nio("NIOCore"), nio("NIOHTTP1")],
            swiftSettings: strict),
        // Intent mode's model: an OpenAI-compatible chat endpoint over AsyncHTTPClient, and the
        // local model's loopback server, a child voicesh starts and stops.
        .target(
            name: "ChatModel",
            dependencies: [
                "VoiceshCore", "TLSTrust", "ProcessSpawn", httpClient, nioSSL, nio("NIOCore"), nio("NIOHTTP1"),
            ],
            resources: [.copy("Resources/intent-server.py"), .copy("Resources/intent-examples.tsv")],
            swiftSettings: strict),
        // WebSocket streaming providers: swift-nio's own NIOWebSocket for the socket (its buffers
        // must stay small: see WebSocketDialer); AsyncHTTPClient (the same swift-nio stack) only
        // for the short token requests that precede each connection.
        .target(
            name: "Streaming",
            dependencies: [
                "VoiceshCore", "TLSTrust", nioSSL, httpClient, nio("NIOCore"), nio("NIOPosix"), nio("NIOHTTP1"),
                nio("NIOWebSocket"),
            ],
            swiftSettings: strict),
        .target(name: "SSHClient", dependencies: ["VoiceshCore", "CLibSSH2", "ProcessSpawn"], swiftSettings: strict),
        .target(name: "AudioCapture", dependencies: ["VoiceshCore", "CALSA"], swiftSettings: strict),
        // A model of a full-screen program's screen, so a row drawn over can be painted back.
        .target(name: "TerminalScreen", dependencies: ["CVTerm"], swiftSettings: strict),
        .target(
            name: "Store",
            dependencies: ["VoiceshCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),

        // The shared store: profiles and history in PostgreSQL, through PostgresNIO.
        .target(
            name: "SharedStore",
            dependencies: [
                "VoiceshCore", .product(name: "PostgresNIO", package: "postgres-nio"), nio("NIOCore"), nio("NIOPosix"),
                nioSSL, .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),

        // The session runtime: the one loop, dictation, engine construction, history writing,
        // the synced store, learning. The only library that sees every adapter; it works
        // through `AppContext`, which the executable builds once per command.
        .target(
            name: "VoiceshSession",
            dependencies: [
                "VoiceshCore", "ProfileFormat", "Store", "SSHClient", "AudioCapture", "LocalRecognizer",
                "Transcription", "Streaming", "TerminalScreen", "SharedStore", "ProcessSpawn", "ChatModel",
                .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),

        // Commands only: argument parsing and calls into VoiceshSession, run against the
        // context they are handed (tests run them in their own process).
        .target(
            name: "VoiceshCommands",
            dependencies: [
                "VoiceshSession", "VoiceshCore", "ProfileFormat", "Store", "SSHClient", "AudioCapture",
                "LocalRecognizer", "SharedStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict, plugins: ["BuildInfo"]),
        // The program: builds the live context, once, and runs the command line. The gathering
        // script is its resource (`voicesh_voicesh.resources`, found beside the program).
        .executableTarget(
            name: "voicesh", dependencies: ["VoiceshCommands", "VoiceshSession"],
            resources: [.copy("Resources/gather-context.sh")], swiftSettings: strict),
        // Writes the commit voicesh is built from before each build (`voicesh --version`).
        .plugin(name: "BuildInfo", capability: .buildTool()),

        .executableTarget(
            name: "StoreBenchmark",
            dependencies: ["VoiceshCore", "Store", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/StoreBenchmark", swiftSettings: strict),

        .executableTarget(
            name: "SharedStoreBenchmark",
            dependencies: ["VoiceshCore", "Store", "SharedStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/SharedStoreBenchmark", swiftSettings: strict),

        // What the speech benchmarks share: the synthetic voices and their recordings.
        .target(
            name: "BenchmarkSupport", dependencies: ["VoiceshCore"], path: "Benchmarks/BenchmarkSupport",
            swiftSettings: strict),
        .executableTarget(
            name: "EdgeBenchmark",
            dependencies: ["BenchmarkSupport", "VoiceshCore", "LocalRecognizer", "Transcription", "VoiceshSession"],
            path: "Benchmarks/EdgeBenchmark", exclude: ["evaluation.txt", "development.txt", "development-quotes.txt"],
            swiftSettings: strict),
        .executableTarget(
            name: "VoiceBenchmark", dependencies: ["BenchmarkSupport", "VoiceshCore", "LocalRecognizer"],
            path: "Benchmarks/VoiceBenchmark", exclude: ["voice-evaluation.txt", "voice-development.txt"],
            swiftSettings: strict),
        .executableTarget(
            name: "ContextBenchmark", dependencies: ["BenchmarkSupport", "VoiceshCore", "LocalRecognizer"],
            path: "Benchmarks/ContextBenchmark", exclude: ["commands.txt"], swiftSettings: strict),
        .executableTarget(
            name: "ServerBenchmark", dependencies: ["VoiceshCore"], path: "Benchmarks/ServerBenchmark",
            exclude: ["renderings.tsv", "whisper-base-renderings.tsv", "whisper-base-prompts-renderings.tsv"],
            swiftSettings: strict),

        .testTarget(name: "VoiceshCoreTests", dependencies: ["VoiceshCore"], swiftSettings: strict),
        .testTarget(
            name: "ProfileFormatTests", dependencies: ["ProfileFormat", "VoiceshCore"],
            swiftSettings: strict),
        .testTarget(
            name: "TranscriptionTests", dependencies: ["Transcription", "VoiceshCore"], swiftSettings: strict),
        .testTarget(
            name: "StreamingTests", dependencies: ["Streaming", "VoiceshCore"], swiftSettings: strict),
        .testTarget(
            name: "ChatModelTests", dependencies: ["ChatModel", "TLSTrust", "VoiceshCore"], swiftSettings: strict),
        .testTarget(name: "SSHClientTests", dependencies: ["SSHClient"], swiftSettings: strict),
        .testTarget(name: "TerminalScreenTests", dependencies: ["TerminalScreen"], swiftSettings: strict),
        .testTarget(
            name: "LocalRecognizerTests", dependencies: ["LocalRecognizer", "VoiceshCore"], swiftSettings: strict),
        .testTarget(
            name: "StoreTests", dependencies: ["Store", "VoiceshCore", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["shipped-migrations.txt"], swiftSettings: strict),
        .testTarget(
            name: "SharedStoreTests", dependencies: ["SharedStore", "Store", "VoiceshCore", "PostgresSandbox"],
            swiftSettings: strict),
        // A throwaway PostgreSQL (scripts/postgres-sandbox) for the tests that need one.
        .target(
            name: "PostgresSandbox", dependencies: ["ProcessSpawn"], path: "Tests/Support/PostgresSandbox",
            swiftSettings: strict),
        .testTarget(
            name: "VoiceshSessionTests",
            dependencies: ["VoiceshSession", "VoiceshCore", "AudioCapture", "Store", "SSHClient", "TestFixtures"],
            swiftSettings: strict),
        // The local protocol servers, the throwaway CA and the test home both command tiers use.
        .target(name: "TestFixtures", dependencies: ["PostgresSandbox"], path: "Tests/Support/TestFixtures"),
        // The commands in this process, against a context of the test's own.
        .testTarget(
            name: "CommandTests",
            dependencies: [
                "VoiceshCommands", "VoiceshSession", "VoiceshCore", "LocalRecognizer", "Store", "AudioCapture",
                "SSHClient", "ChatModel", "TestFixtures", "PostgresSandbox",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        // The real tier: the built binary, through tmux and a real sshd.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "voicesh", "VoiceshSession", "VoiceshCore", "LocalRecognizer", "Store",
                "PostgresSandbox", "TestFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
    ]
)
