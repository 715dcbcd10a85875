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
            "cut", "awk",
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
        // Files read: here (by its path too), or not judged (elsewhere, globbed, from a
        // variable, from xargs).
        ("cat notes.txt", []),
        ("cat note.txt", [.noSuchFile("note.txt")]),
        ("grep -n error logs/worker.log", []),
        ("grep -n error log/worker.log", [.noSuchFile("log/worker.log")]),
        ("grep -e TODO notes.md", [.noSuchFile("notes.md")]),
        ("sort -t, -k 2 -n data.csv", []),
        ("head -n 5 data.cvs", [.noSuchFile("data.cvs")]),
        ("cat /etc/hosts", []),
        ("head -n 2 /srv/app/notes.txt", []),
        ("head -n 2 /srv/app/report.txt", [.noSuchFile("/srv/app/report.txt")]),
        ("ls /srv/app/logs/", []),
        ("cat /srv/application.txt", []),
        ("touch /srv/app/new.txt && cat /srv/app/new.txt", []),
        ("cat *.log", []),
        ("cat \"$FILE\"", []),
        ("find . -name '*.sh' | xargs wc -l", []),
        ("wc -l < data.csv", []),
        ("wc -l < dat.csv", [.noSuchFile("dat.csv")]),
        ("cp notes.txt notes.bak", []),
        ("cp note.txt notes.bak", [.noSuchFile("note.txt")]),
        // Archives: what is read, and the directory tar -C goes into.
        ("tar -tzf backup.tar.gz", []),
        ("tar -xzf backup.tar", [.wrongCompression(file: "backup.tar", option: "-z"), .noSuchFile("backup.tar")]),
        ("tar xzf backup.tar.gz -C out", [.noSuchDirectory("out")]),
        ("mkdir -p out && tar xzf backup.tar.gz -C out", []),
        ("touch new.txt && cat new.txt", []),
        ("grep -c x notes.txt > counts.txt; sort counts.txt", []),
        ("cd out", [.noSuchDirectory("out")]),
        ("cut -d, -f2", [.waitsForInput("cut")]),
        // A line the shell would wait on.
        ("grep 'unclosed notes.txt", [.unfinished("leaves ' open")]),
        ("ls |", [.unfinished("ends in |")]),
    ])
    func aCommandIsCheckedAgainstThePlace(command: String, faults: [IntentCheck.Fault]) {
        #expect(IntentCheck.faults(in: command, context: Self.here) == faults, "\(command)")
    }

    /// What a program's options cannot show: the fields of a CSV without its comma, a `find`
    /// pattern with no wildcard, git where there is no repository.
    @Test(arguments: [
        ("sort -k 2 -n data.csv", [IntentCheck.Fault.noSeparator(program: "sort", file: "data.csv", option: "-t")]),
        ("sort -t, -k2,2n data.csv", []),
        ("sort -u data.csv", []),
        ("cut -f 2 data.csv", [.noSeparator(program: "cut", file: "data.csv", option: "-d")]),
        ("cut -d, -f2 data.csv", []),
        ("awk '{print $2}' data.csv", [.noSeparator(program: "awk", file: "data.csv", option: "-F")]),
        ("awk -F, '{print $2}' data.csv", []),
        ("awk 'BEGIN{FS=\",\"} {print $2}' data.csv", []),
        ("sort -k 2 notes.txt", []),
        ("find . -name \".sh\"", [.literalPattern(".sh")]),
        ("find . -name '*.sh'", []),
        ("find . -iname .bak -type f", [.literalPattern(".bak")]),
        ("find . -name '*.tmp' -exec rm {} \\;", []),
        ("find . -name '*.tmp' -exec rm {} +", []),
        ("find . -type f -exec chmod 644 {} ';' -exec echo {} +", []),
        ("find . -name '*.tmp' -exec rm {} ", [.unterminatedExec("-exec")]),
        ("find . -name '*.txt' -exec rename 's/a/b/' {} \",", [.unterminatedExec("-exec")]),
        ("find . -type d -execdir ls", [.unterminatedExec("-execdir")]),
        ("tar -xzf /srv/bundle.tar", [.wrongCompression(file: "/srv/bundle.tar", option: "-z")]),
        ("tar xJf /srv/logs.tar.gz", [.wrongCompression(file: "/srv/logs.tar.gz", option: "-J")]),
        ("tar -t -z -f /srv/logs.tar.bz2", [.wrongCompression(file: "/srv/logs.tar.bz2", option: "-z")]),
        ("tar -xzf /srv/logs.tar.gz", []),
        ("tar -xf /srv/bundle.tar.xz", []),
        ("tar -xzf /srv/backup", []),
        ("tar -czf py.tar src", []),
        ("kill -STOP backupd", [.killByName("backupd")]),
        ("kill -s TERM worker", [.killByName("worker")]),
        ("kill -9 1234 %1", []),
        ("kill -STOP $(pgrep -x backupd)", []),
        ("git log --oneline -5", [.notARepository]),
        ("git init", []),
        ("git clone https://example.com/r.git", []),
    ])
    func faultsOfMeaning(command: String, faults: [IntentCheck.Fault]) {
        var outside = Self.here
        outside.isRepository = false
        #expect(IntentCheck.faults(in: command, context: outside) == faults, "\(command)")
    }

    /// In a repository whose branches are `main`, `feature-login` and `origin/main`: a branch
    /// name with a slash it does not have is invented; a path, a new branch, a tag-like name
    /// without a slash and what follows `--` are not judged.
    @Test(arguments: [
        ("git log --oneline feature/login --not main", ["feature/login"]),
        ("git log --oneline main..feature/login", ["feature/login"]),
        ("git diff origin/mian...main", ["origin/mian"]),
        ("git show feature/login~2", ["feature/login"]),
        ("git log --oneline main..feature-login", []),
        ("git log origin/main", []),
        ("git log logs/worker.log", []),
        ("git checkout -b feature/new main", []),
        ("git switch -c fix/typo", []),
        ("git diff v1.0..v1.1", []),
        ("git diff HEAD -- feature/login", []),
        ("git show main:src/app.py", []),
        ("git branch feature/new", []),
        ("git merge -m \"Merge fix/typo\" main", []),
        ("git log --grep fix/typo", []),
        ("git log -S a/b", []),
        ("git switch --create fix/typo", []),
        ("git checkout --orphan gh/pages", []),
        ("git diff ./src/app.py", []),
        ("git log ../lib/x.c", []),
        ("git log /srv/app/logs/worker.log", []),
        ("git checkout tags/v1.0", []),
        ("git log refs/heads/main", []),
        ("git checkout feature/login", []),
        ("git checkout feature/logn", ["feature/logn"]),
        ("git rebase -i origin/main", []),
        ("git show v1.0:src/app.py", []),
    ])
    func branchesTheRepositoryDoesNotHave(command: String, invented: [String]) {
        var repository = Self.here
        repository.isRepository = true
        repository.branches = ["main", "feature-login", "origin/main", "origin/feature/login"]
        let faults = invented.map { IntentCheck.Fault.noSuchBranch($0, known: repository.branches) }
        #expect(IntentCheck.faults(in: command, context: repository) == faults, "\(command)")
        if let fault = faults.first {
            #expect(
                IntentCheck.words([fault]).hasSuffix(
                    "(its branches: main, feature-login, origin/main, origin/feature/login)"))
        }
        // Branches not gathered: nothing is judged.
        repository.branches = []
        #expect(IntentCheck.faults(in: command, context: repository) == [], "\(command)")
    }

    /// A filter given no file, with nothing piped or redirected into it, would wait for typed
    /// input wherever it runs; one that is fed, names a file or reads no input would not.
    @Test(arguments: [
        ("head -n 2", ["head"]),
        ("wc -l", ["wc"]),
        ("tr a-z A-Z", ["tr"]),
        ("grep TODO", ["grep"]),
        ("sort -t, -k2 | head -n 3", ["sort"]),
        ("cat", ["cat"]),
        ("awk '{print $1}'", ["awk"]),
        ("sed -n 1,2p", ["sed"]),
        ("jq .name", ["jq"]),
        ("sudo tee -a notes.txt", ["tee"]),
        ("head -n 2 data.csv", []),
        ("ls | wc -l", []),
        ("wc -l < data.csv", []),
        ("tr -d '\\r' < notes.txt > clean.txt", []),
        ("grep -rn TODO", []),
        ("grep -e TODO notes.txt", []),
        ("cat \"$FILE\" | sort", []),
        ("awk 'BEGIN { print 1 + 2 }'", []),
        ("jq -n '1 + 2'", []),
        ("cat > notes.txt", []),
        ("sort --version", []),
        ("while read -r f; do wc -l; done < list.txt", []),
        ("find . -name '*.log' | xargs wc -l", []),
    ])
    func aFilterGivenNothingWouldWait(command: String, waiting: [String]) {
        #expect(
            IntentCheck.faults(in: command, context: nil) == waiting.map(IntentCheck.Fault.waitsForInput), "\(command)")
    }

    /// A dotfile that is there is a name, not a pattern; git where it is unknown is not judged.
    @Test func whatIsThereIsNotAFault() {
        var here = Self.here
        here.entries.append(".env")
        #expect(IntentCheck.faults(in: "find . -name .env", context: here) == [])
        #expect(IntentCheck.faults(in: "git status", context: Self.here) == [])
    }

    /// Options against the program's own help (here a sort's, as its `--help` lists them).
    @Test func optionsTheHelpNeverNamesAreFaults() {
        var here = Self.here
        here.options["sort"] = ToolOptions(
            help: """
                  -n, --numeric-sort          compare according to string numerical value
                  -r, --reverse               reverse the result of comparisons
                  -k, --key=KEYDEF            sort via a key; KEYDEF gives location and type
                  -t, --field-separator=SEP   use SEP instead of non-blank to blank transition
                """)
        #expect(IntentCheck.faults(in: "sort -t, -rn -k2,2 data.csv", context: here) == [])
        #expect(IntentCheck.faults(in: "sort -t , --numeric -k 2 data.csv", context: here) == [])
        #expect(
            IntentCheck.faults(in: "sort -nQ --natural data.csv", context: here)
                == [.noSuchOption(program: "sort", option: "-Q"), .noSuchOption(program: "sort", option: "--natural")])
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
