import Testing

@testable import VoiceshCore

/// What is checked of a written command before it is shown, as a table: the place has `ls`,
/// `grep`, `tar`, `sort`, `git` on its PATH and `notes.txt`, `data.csv`, `backup.tar.gz`,
/// `logs/` and `run.sh` in its directory.
struct IntentCheckTests {
    static let here: RemoteContext = {
        var context = RemoteContext()
        context.directory = "/srv/app"
        context.commands = [
            "ls", "grep", "tar", "sort", "git", "cat", "wc", "find", "xargs", "head", "sudo", "cp", "mkdir", "touch",
        ]
        context.entries = ["notes.txt", "data.csv", "backup.tar.gz", "logs/", "run.sh"]
        return context
    }()

    @Test(arguments: [
        // Programs: on the PATH, a builtin, a function the line defines, or a file here.
        ("ls -la", []),
        ("cd logs && ls", []),
        ("for f in *.txt; do wc -l \"$f\"; done", []),
        ("rg TODO", [IntentCheck.Fault.noSuchProgram("rg")]),
        ("sudo htop", [.noSuchProgram("htop")]),
        ("./run.sh", []),
        ("./build.sh", [.noSuchFile("./build.sh")]),
        ("/usr/bin/env git status", []),
        ("/usr/bin/env python3 --version", [.noSuchProgram("python3")]),
        // Files read: here, or not judged (absolute, globbed, from a variable, from xargs).
        ("cat notes.txt", []),
        ("cat note.txt", [.noSuchFile("note.txt")]),
        ("grep -n error logs/worker.log", []),
        ("grep -n error log/worker.log", [.noSuchFile("log/worker.log")]),
        ("grep -e TODO notes.md", [.noSuchFile("notes.md")]),
        ("sort -t, -k 2 -n data.csv", []),
        ("head -n 5 data.cvs", [.noSuchFile("data.cvs")]),
        ("cat /etc/hosts", []),
        ("cat *.log", []),
        ("cat \"$FILE\"", []),
        ("find . -name '*.sh' | xargs wc -l", []),
        ("wc -l < data.csv", []),
        ("wc -l < dat.csv", [.noSuchFile("dat.csv")]),
        ("cp notes.txt notes.bak", []),
        ("cp note.txt notes.bak", [.noSuchFile("note.txt")]),
        // Archives: what is read, and the directory tar -C goes into.
        ("tar -tzf backup.tar.gz", []),
        ("tar -xzf backup.tar", [.noSuchFile("backup.tar")]),
        ("tar xzf backup.tar.gz -C out", [.noSuchDirectory("out")]),
        ("mkdir -p out && tar xzf backup.tar.gz -C out", []),
        ("touch new.txt && cat new.txt", []),
        ("grep -c x notes.txt > counts.txt; sort counts.txt", []),
        ("cd out", [.noSuchDirectory("out")]),
        // A line the shell would wait on.
        ("grep 'unclosed notes.txt", [.unfinished("leaves ' open")]),
        ("ls |", [.unfinished("ends in |")]),
    ])
    func aCommandIsCheckedAgainstThePlace(command: String, faults: [IntentCheck.Fault]) {
        #expect(IntentCheck.faults(in: command, context: Self.here) == faults, "\(command)")
    }

    @Test func whatTheContextDoesNotSayIsNotJudged() {
        #expect(IntentCheck.faults(in: "rg TODO note.txt", context: nil) == [])
        var noPath = Self.here
        noPath.commands = []
        #expect(IntentCheck.faults(in: "rg TODO notes.txt", context: noPath) == [])
        var cut = Self.here
        cut.truncated = true
        #expect(IntentCheck.faults(in: "cat note.txt", context: cut) == [])
        var nowhere = Self.here
        nowhere.directory = nil
        #expect(IntentCheck.faults(in: "cat note.txt", context: nowhere) == [])
        // An unfinished line is a fault wherever it runs.
        #expect(IntentCheck.faults(in: "echo 'open", context: nil).count == 1)
    }

    @Test func theFaultsInWords() {
        #expect(
            IntentCheck.words([.noSuchProgram("rg"), .noSuchFile("note.txt"), .noSuchDirectory("out")])
                == "rg is not installed there; there is no note.txt in the directory; there is no directory out there")
    }
}
