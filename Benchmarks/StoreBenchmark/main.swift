// Store benchmark: `profile list` over 100 profiles and `history --search` over 10,000
// dictations, in-process and through the real binary; the integrity check before the first
// write on a 1,000,000-row history. Prints figures; asserts nothing.
//
//   swift run -c release StoreBenchmark [PATH-TO-voicesh]
//   STORE_BENCH_INTEGRITY_ROWS=0 skips the integrity check's history (it takes a minute to make)
import Foundation
import GRDB
import Store
import VoiceshCore

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> (median: Double, p95: Double) {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let sorted = samples.sorted()
    return (median(samples), sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))])
}

/// posix_spawn and waitpid directly: Foundation's Process adds tens of milliseconds of its own.
func runBinary(_ binary: String, _ arguments: [String], home: String) throws {
    var actions: posix_spawn_file_actions_t = .init()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let environment: [String] = ["VOICESH_HOME=\(home)", "HOME=\(home)", "PATH=/usr/bin:/bin"]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { fatalError("cannot run \(binary)") }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    guard status == 0 else { fatalError("voicesh \(arguments) failed: \(status)") }
}

let home = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-bench-\(UUID().uuidString)").path
let db = try AppDatabase.open(at: home + "/voicesh.sqlite")

let seedStart = Date()
try db.importProfiles(
    (0..<100).map { i in
        var p = Profile(name: "server-\(i)", host: "host\(i).example.com")
        p.engine.vocabulary = ["kubectl", "nginx"]
        if i % 3 == 0 { p.fallback = EngineConfig(kind: .edge) }
        return p
    })
let words = [
    "git", "status", "kubectl", "get", "pods", "sudo", "systemctl", "restart", "nginx", "docker", "ps",
    "ls", "dash", "la", "cat", "etc", "hosts", "grep", "error", "var", "log", "syslog", "tail", "make", "test",
]
var rng = SystemRandomNumberGenerator()
for batch in 0..<10 {
    for i in 0..<1000 {
        let text = (0..<Int.random(in: 2...7, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(
            separator: " ")
        try db.appendDictation(
            Dictation(
                profile: "server-\((batch * 1000 + i) % 100)", engine: "edge/pocketsphinx",
                startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(batch * 1000 + i)), audioSeconds: 2,
                latencyMs: 90, rawText: text, finalText: text + (i == 500 ? " zebra" : ""), outcome: .inserted))
    }
}
let seedSeconds = Date().timeIntervalSince(seedStart)

let list = try measure(50) { _ = try db.profiles() }
let common = try measure(50) { _ = try db.dictations(search: "nginx", limit: 50) }
let rare = try measure(50) { _ = try db.dictations(search: "zebra", limit: 50) }
let prefix = try measure(50) { _ = try db.dictations(search: "sys", limit: 50) }
let newest = try measure(50) { _ = try db.dictations(limit: 50) }

func row(_ name: String, _ m: (median: Double, p95: Double)) -> String {
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%8.2f ms  %8.2f ms", m.median, m.p95)
}
print("seeded 100 profiles and 10,000 dictations in \(String(format: "%.1f", seedSeconds)) s")
print("in-process (AppDatabase)                        median       p95")
print(row("profiles() — 100 profiles", list))
print(row("dictations(search: \"nginx\") — common word", common))
print(row("dictations(search: \"zebra\") — rare word", rare))
print(row("dictations(search: \"sys\") — prefix", prefix))
print(row("dictations() — newest 50", newest))

if CommandLine.arguments.count > 1 {
    let binary = CommandLine.arguments[1]
    let startup = try measure(20) { try runBinary(binary, ["--version"], home: home) }
    let cliList = try measure(20) { try runBinary(binary, ["profile", "list"], home: home) }
    let cliSearch = try measure(20) { try runBinary(binary, ["history", "--search", "nginx"], home: home) }
    let cliJSON = try measure(20) { try runBinary(binary, ["profile", "list", "--json"], home: home) }
    print("whole process (\(binary))")
    print(row("voicesh --version (process start only)", startup))
    print(row("voicesh profile list", cliList))
    print(row("voicesh profile list --json", cliJSON))
    print(row("voicesh history --search nginx", cliSearch))
}
try? FileManager.default.removeItem(atPath: home)

/// The integrity check (SQLite's quick_check, once before a process's first write) on a large
/// history: its cost alone, and a first write against a second one in a freshly opened store.
func integrity(rows: Int) throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-bench-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: home) }
    let path = home + "/voicesh.sqlite"
    try AppDatabase.open(at: path).saveProfile(Profile(name: "p", host: "h"))
    let seedStart = Date()
    // Rows like the ones a session writes, made by SQLite itself (one at a time would take an hour).
    try DatabaseQueue(path: path).write { db in
        try db.execute(
            sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO dictation (uid, revision, profile, engine, startedAt, audioSeconds, latencyMs, rawText,
                  finalText, outcome)
                SELECT lower(hex(randomblob(16))), 1, 'server-' || (i % 100), 'edge/pocketsphinx',
                  datetime(1800000000 + i, 'unixepoch'), 2.5, 90,
                  'kubectl get pods dash n kube system ' || i, 'kubectl get pods -n kube-system ' || i, 'inserted'
                FROM n
                """, arguments: [rows])
    }
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print(
        String(
            format: "integrity check: %d dictations, %.0f MiB, made in %.0f s", rows, Double(size) / 1_048_576,
            Date().timeIntervalSince(seedStart)))
    let check = try measure(5) {
        _ = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA quick_check(1)") }
    }
    print(row("PRAGMA quick_check — the check alone", check))
    var n = 0
    let first = try measure(5) {
        n += 1
        try AppDatabase.open(at: path).saveProfile(Profile(name: "first-\(n)", host: "h"))
    }
    let database = try AppDatabase.open(at: path)
    try database.saveProfile(Profile(name: "warm", host: "h"))
    let second = try measure(5) {
        n += 1
        try database.saveProfile(Profile(name: "second-\(n)", host: "h"))
    }
    print(row("open + first write (checks first)", first))
    print(row("a later write (checked already)", second))
}

let integrityRows = Int(ProcessInfo.processInfo.environment["STORE_BENCH_INTEGRITY_ROWS"] ?? "") ?? 1_000_000
if integrityRows > 0 { try integrity(rows: integrityRows) }
