// Shared-store benchmark: 10 processes × 1,000 dictation rows into one PostgreSQL store at once
// (rows/s, p99 insert latency, rows lost); `history --search` over 1,000,000 rows and
// `profile list` over 1,000 profiles, whole process, on the local SQLite file and on the shared
// store. Starts its own PostgreSQL (scripts/postgres-sandbox, durable settings: fsync on).
// Prints figures; asserts nothing.
//
//   swift run -c release SharedStoreBenchmark PATH-TO-voicesh
import Foundation
import GRDB
import SharedStore
import Store
import VoiceshCore

let password = "sandbox-secret"
let rowsPerWriter = 1000
let writers = 10

func percentile(_ samples: [Double], _ p: Double) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// Runs a program to its end with stdout and stderr to /dev/null (or `output`); returns its status.
@discardableResult
func spawn(_ program: String, _ arguments: [String], environment: [String: String], output: String = "/dev/null")
    -> Int32
{
    var actions: posix_spawn_file_actions_t = .init()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 else { fatalError("cannot run \(program)") }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status
}

func timed(_ runs: Int, _ body: () -> Void) -> (median: Double, p95: Double) {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return (percentile(samples, 0.5), percentile(samples, 0.95))
}

let words = [
    "git", "status", "kubectl", "get", "pods", "sudo", "systemctl", "restart", "nginx", "docker", "ps",
    "ls", "dash", "la", "cat", "etc", "hosts", "grep", "error", "var", "log", "syslog", "tail", "make", "test",
]

// A writer child: its rows one at a time, each its own transaction as `Outbox` sends a
// dictation made while online; prints one latency (ms) per line.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--writer" {
    let address = try StoreAddress(url: CommandLine.arguments[2], environment: ["PGPASSWORD": password])
    let writer = CommandLine.arguments[3]
    let db = try SharedDatabase.open(address)
    var lines: [String] = []
    for i in 0..<rowsPerWriter {
        let text = (0..<4).map { _ in words.randomElement()! }.joined(separator: " ")
        var d = Dictation(
            profile: "writer-\(writer)", engine: "edge/pocketsphinx", startedAt: Date(), audioSeconds: 2,
            latencyMs: 90, rawText: text, finalText: text, outcome: .inserted)
        d.uid = UUID()
        let start = DispatchTime.now().uptimeNanoseconds
        try db.takeDictations([PendingDictation(dictation: d, revision: 0)])
        lines.append(String(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
        _ = i
    }
    print(lines.joined(separator: "\n"))
    exit(0)
}

guard CommandLine.arguments.count == 2 else {
    print("usage: SharedStoreBenchmark PATH-TO-voicesh")
    exit(2)
}
let binary = CommandLine.arguments[1]
let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-sbench-\(UUID().uuidString)").path
let sandbox = work + "/pg"
let script = package.appendingPathComponent("scripts/postgres-sandbox").path
let portFile = work + "/port.txt"
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
guard
    spawn(
        script, ["init", sandbox, "--watch", String(getpid())], environment: ProcessInfo.processInfo.environment,
        output: portFile) == 0
else {
    fatalError("postgres-sandbox failed")
}
let port = try String(contentsOfFile: portFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
defer { spawn(script, ["kill", sandbox], environment: ProcessInfo.processInfo.environment) }
let url = "postgresql://voicesh@127.0.0.1:\(port)/voicesh?sslmode=disable"
let bin = "/usr/lib/postgresql/15/bin"
func psql(_ sql: String) {
    let status = spawn(
        bin + "/psql", ["-h", sandbox, "-p", port, "-U", "voicesh", "-d", "voicesh", "-qAt", "-c", sql],
        environment: ProcessInfo.processInfo.environment)
    if status != 0 { fatalError("psql failed: \(sql.prefix(80))") }
}
let shared = try SharedDatabase.open(try StoreAddress(url: url, environment: ["PGPASSWORD": password]))

// 1. Ten writer processes at once.
print(
    "PostgreSQL 15 on 127.0.0.1 (fsync on); \(writers) processes × \(rowsPerWriter) rows, each row its own transaction")
let started = Date()
var children: [(pid_t, String)] = []
for w in 0..<writers {
    let out = work + "/writer-\(w).txt"
    var actions: posix_spawn_file_actions_t = .init()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let arguments: [String] = [me, "--writer", url, String(w)]
    let argv = arguments.map { strdup($0) } + [nil]
    var pid: pid_t = 0
    guard posix_spawn(&pid, me, &actions, nil, argv, environ) == 0 else { fatalError("cannot start a writer") }
    posix_spawn_file_actions_destroy(&actions)
    children.append((pid, out))
}
var failedWriters = 0
for (pid, _) in children {
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    if status != 0 { failedWriters += 1 }
}
let seconds = Date().timeIntervalSince(started)
let latencies = children.flatMap { (_, out) in
    ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Double($0) }
}
let stored = try shared.dictationCount(profile: nil)
print(
    String(
        format: "  %.0f rows/s (%d rows in %.2f s, process start-up included)", Double(stored) / seconds, stored,
        seconds))
print(
    String(
        format: "  insert latency: median %.2f ms, p99 %.2f ms, max %.2f ms", percentile(latencies, 0.5),
        percentile(latencies, 0.99), latencies.max() ?? 0))
print("  rows lost: \(writers * rowsPerWriter - stored) (writers failed: \(failedWriters))")

// 2. 1,000,000 rows and 1,000 profiles in each store.
let seedSQL = """
    INSERT INTO dictation (profile, engine, startedAt, audioSeconds, latencyMs, rawText, finalText, outcome, uid)
    SELECT 'server-' || (i % 1000), 'edge/pocketsphinx', timestamptz '2027-01-01' + i * interval '1 second', 2, 90,
        t, t || CASE WHEN i = 500000 THEN ' zebra' ELSE '' END, 'inserted', gen_random_uuid()
    FROM (SELECT i, (SELECT string_agg((ARRAY['\(words.joined(separator: "','"))'])[1 + floor(random() * 25)::int], ' ')
                     FROM generate_series(1, 2 + (i % 6)) WHERE i > 0) AS t
          FROM generate_series(1, 1000000) AS i) AS rows
    """
var seedStart = Date()
psql("TRUNCATE dictation")
psql(seedSQL)
psql("VACUUM ANALYZE dictation")
print(String(format: "seeded PostgreSQL with 1,000,000 rows in %.0f s", Date().timeIntervalSince(seedStart)))

let home = work + "/home"
let local = try AppDatabase.open(at: home + "/voicesh.sqlite")
let profiles = (0..<1000).map { i in
    var p = Profile(name: "server-\(i)", host: "host\(i).example.com")
    p.engine.vocabulary = ["kubectl", "nginx"]
    if i % 3 == 0 { p.fallback = EngineConfig(kind: .edge) }
    return p
}
try local.importProfiles(profiles)
try shared.saveProfiles(profiles, replace: true)
seedStart = Date()
let queue = try DatabaseQueue(path: home + "/voicesh.sqlite")
try queue.write { db in
    try db.execute(
        sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000),
            w(list) AS (SELECT '["\(words.joined(separator: "\",\""))"]'),
            t(i, text) AS (
                SELECT i, json_extract(list, '$[' || (abs(random()) % 25) || ']') || ' ' ||
                    json_extract(list, '$[' || (abs(random()) % 25) || ']') ||
                    CASE WHEN i % 2 = 0 THEN ' ' || json_extract(list, '$[' || (abs(random()) % 25) || ']') ELSE '' END ||
                    CASE WHEN i % 3 = 0 THEN ' ' || json_extract(list, '$[' || (abs(random()) % 25) || ']') ELSE '' END
                FROM n, w)
            INSERT INTO dictation (profile, engine, startedAt, audioSeconds, latencyMs, rawText, finalText, outcome, uid,
                revision, sharedRevision)
            SELECT 'server-' || (i % 1000), 'edge/pocketsphinx', datetime(1798761600 + i, 'unixepoch'), 2, 90, text,
                text || CASE WHEN i = 500000 THEN ' zebra' ELSE '' END, 'inserted', lower(hex(randomblob(16))), 0, 0
            FROM t
            """)
}
print(String(format: "seeded SQLite with 1,000,000 rows in %.0f s", Date().timeIntervalSince(seedStart)))

func row(_ name: String, _ m: (median: Double, p95: Double)) -> String {
    name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.1f ms  %8.1f ms", m.median, m.p95)
}
let localEnv = ["VOICESH_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin"]
var sharedEnv = localEnv
sharedEnv["VOICESH_STORE"] = url
sharedEnv["PGPASSWORD"] = password
print("whole process (\(binary)), 20 runs each                median       p95")
for (store, env) in [("SQLite", localEnv), ("PostgreSQL", sharedEnv)] {
    for arguments in [
        ["profile", "list"], ["history", "--search", "nginx"], ["history", "--search", "zebra"],
        ["history", "--search", "sys"],
    ] {
        let m = timed(20) {
            if spawn(binary, arguments, environment: env) != 0 { fatalError("voicesh \(arguments) failed") }
        }
        print(row("\(store): voicesh \(arguments.joined(separator: " "))", m))
    }
}
try? FileManager.default.removeItem(atPath: work)
