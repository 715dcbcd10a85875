// Context benchmark (issue 12): the edge engine, unadapted, on 42 spoken commands that name
// the files, branches and remote-only tools of a sandbox project (a web app, a Kubernetes
// folder, logs, a git repository with branches), in the benchmark's voices over a noise
// floor, with `context = "off"` against `local`. The context is what the real gathering
// script (Sources/voicesh/Resources/gather-context.sh) reports from that project. Prints
// figures; asserts nothing.
//
//   swift run -c release ContextBenchmark [VOICES-FOLDER]
//
// CONTEXT_BENCH_VERBOSE=1 prints every hypothesis.
import BenchmarkSupport
import Foundation
import LocalRecognizer
import VoiceshCore

let environment = ProcessInfo.processInfo.environment
let work = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-context-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

@discardableResult
func run(
    _ program: String, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
    environment extra: [String: String] = [:]
) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = arguments
    if let directory { p.currentDirectoryURL = directory }
    p.environment = environment.merging(extra) { _, new in new }
    let out = Pipe()
    let inPipe = Pipe()
    p.standardOutput = out
    p.standardInput = inPipe
    p.standardError = FileHandle.nullDevice
    try p.run()
    inPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
    try inPipe.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The sandbox project, its history and its remote-only tools; then the real script's report.
func sandboxContext() throws -> (RemoteContext, seconds: Double, bytes: Int) {
    let home = work.appendingPathComponent("home")
    let project = home.appendingPathComponent("webapp")
    let files = [
        "deploy_prod.yaml", "docker-compose.prod.yml", "nginx.conf", "gunicorn.conf.py", "celery_worker.py",
        "celery_beat.py", "requirements.txt", "settings_local.py", "README.md", "Makefile", ".env", "secrets.yaml",
        "alembic.ini", "entrypoint.sh", "pyproject.toml", "tox.ini", "uwsgi.log", "app.py", "k8s/deployment.yaml",
        "k8s/service.yaml", "logs/access.log", "migrations/0001_initial.py", "static/app.css",
    ]
    for file in files {
        let url = project.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "x\n".write(to: url, atomically: true, encoding: .utf8)
    }
    let git = ["-C", project.path, "-c", "user.name=bench", "-c", "user.email=bench@example.com"]
    try run("/usr/bin/git", git + ["init", "-q", "-b", "main"])
    try run("/usr/bin/git", git + ["add", "."])
    try run("/usr/bin/git", git + ["commit", "-qm", "first"])
    for branch in ["feature/login", "hotfix/payment-timeout", "release/v2"] {
        try run("/usr/bin/git", git + ["branch", branch])
    }
    try run("/usr/bin/git", git + ["remote", "add", "upstream", "https://example.com/up.git"])
    try run("/usr/bin/git", git + ["remote", "add", "origin", "https://example.com/webapp.git"])
    try "changed\n".write(to: project.appendingPathComponent("settings_local.py"), atomically: true, encoding: .utf8)
    let tools = home.appendingPathComponent(".local/bin")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    for tool in ["helmfile", "kubectx", "stern", "k9s", "sops", "argocd", "pgcli"] {
        let path = tools.appendingPathComponent(tool).path
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
    }
    try "helmfile apply\nkubectx staging\nstern api\nargocd app list\ngit status\n".write(
        to: home.appendingPathComponent(".bash_history"), atomically: true, encoding: .utf8)
    let script = try String(contentsOfFile: "Sources/voicesh/Resources/gather-context.sh", encoding: .utf8)
    let input = "VOICESH_DIR='\(project.path)'\nVOICESH_PARTS='path history dir'\n" + script
    let started = Date()
    let output = try run(
        "/bin/sh", ["-s"], input: input,
        environment: ["HOME": home.path, "PATH": "\(tools.path):\(environment["PATH"] ?? "/usr/bin:/bin")"])
    let seconds = Date().timeIntervalSince(started)
    guard let context = RemoteContext(scriptOutput: output) else { fatalError("the script reported nothing") }
    return (context, seconds, input.utf8.count + output.utf8.count)
}

func synthesize() throws -> String {
    try Voices.synthesize(["--sentences", "Benchmarks/ContextBenchmark/commands.txt"])[0]
}

final class Frames: @unchecked Sendable {
    var rest: ArraySlice<AudioFrame> = []
}

func decode(_ engine: PocketSphinxEngine, _ audio: [Int16], _ context: SpeechContext) async -> (String, Double) {
    let frames = Frames()
    frames.rest = AudioFrame.frames(of: audio)[...]
    let stream = AsyncStream<AudioFrame>(unfolding: { frames.rest.popFirst() })
    let started = Date()
    let text = (try? await engine.transcribe(EngineRequest(stream, context: context)) { _ in }.text) ?? ""
    return (text, Date().timeIntervalSince(started))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

let (remote, gatherSeconds, gatherBytes) = try sandboxContext()
let context = SpeechContext(remote)
print(
    String(
        format:
            "context: %d entries, %d branches, %d remotes, %d commands on PATH, %d history; script %.0f ms, %.1f KiB",
        remote.entries.count, remote.branches.count, remote.remotes.count, remote.commands.count, remote.history.count,
        gatherSeconds * 1000, Double(gatherBytes) / 1024))

let folder = try CommandLine.arguments.dropFirst().first ?? synthesize()
let voices = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { $0 != "noise" }
let engine = PocketSphinxEngine(vocabulary: [], history: [], cacheDirectory: work.appendingPathComponent("cache").path)
try engine.load()
let plain = SpokenShell()
let aware = SpokenShell(aliases: context.aliases(with: [:]))
let entryNames = Set(remote.entries.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
let branchNames = Set(remote.branches + remote.remotes)

/// Which of the goal's groups a command falls in: it names something in the current
/// directory, a branch or remote, or a tool.
func group(_ text: String) -> String {
    let words = text.split(separator: " ").map(String.init)
    if words.contains(where: entryNames.contains) { return "directory" }
    if words.contains(where: branchNames.contains) { return "git" }
    return "tools"
}

var exact: [String: (off: Int, local: Int, count: Int)] = [:]
var offSeconds: [Double] = []
var localSeconds: [Double] = []
print("\nvoice                 off     local   (exact shell text)")
for voice in voices {
    let path = folder + "/" + voice
    let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".txt") }.sorted()
    var off = 0
    var local = 0
    for name in names {
        let base = path + "/" + name.dropLast(4)
        let words = try String(contentsOfFile: base + ".txt", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let audio = try WAV.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: base + ".wav")))).speechSamples()
        let expected = aware.normalize(words)
        let (heardOff, secondsOff) = await decode(engine, audio, .empty)
        let (heardLocal, secondsLocal) = await decode(engine, audio, context)
        offSeconds.append(secondsOff)
        localSeconds.append(secondsLocal)
        let okOff = plain.normalize(heardOff) == expected
        let okLocal = aware.normalize(heardLocal) == expected
        if environment["CONTEXT_BENCH_VERBOSE"] != nil {
            print("  \(voice): \(expected) | off: \(plain.normalize(heardOff)) | local: \(aware.normalize(heardLocal))")
        }
        off += okOff ? 1 : 0
        local += okLocal ? 1 : 0
        for key in [group(expected), "all"] {
            var e = exact[key] ?? (0, 0, 0)
            e.off += okOff ? 1 : 0
            e.local += okLocal ? 1 : 0
            e.count += 1
            exact[key] = e
        }
    }
    print(
        voice.padding(toLength: 20, withPad: " ", startingAt: 0)
            + String(
                format: "  %5.1f%%  %5.1f%%", 100 * Double(off) / Double(names.count),
                100 * Double(local) / Double(names.count)))
}
print("\ngroup        commands    off     local   gain")
for key in ["directory", "git", "tools", "all"] {
    guard let e = exact[key] else { continue }
    let o = 100 * Double(e.off) / Double(e.count)
    let l = 100 * Double(e.local) / Double(e.count)
    print(
        key.padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(format: " %5d     %5.1f%%  %5.1f%%  %+5.1f points", e.count, o, l, l - o))
}
print(
    String(
        format:
            "\ndecode time per command (audio fed at once), median: off %.0f ms, local %.0f ms (%+.0f ms for the context)",
        median(offSeconds) * 1000, median(localSeconds) * 1000, (median(localSeconds) - median(offSeconds)) * 1000))
