import Testing

@testable import VoiceshCore

/// What Whisper-style servers and cloud providers write for spoken commands, and the shell
/// text it must become. The first rows are the renderings a faster-whisper `base` model behind
/// an OpenAI-compatible server gave in issue 13; the others follow the same habits (sentence
/// case, ALL CAPS, periods, commas at pauses, hyphen-joined words, proper-noun capitals).
struct WrittenTextTests {
    let shell = SpokenShell()

    @Test(
        arguments: [
            // Issue 13, as reported.
            ("Get status.", "git status"),
            ("JIT STATUS", "git status"),
            ("CD-slash-vars-slash-log", "cd /vars/log"),
            ("Git commit -m, quote, fix the build, end quote.", "git commit -m \"fix the build\""),
            // Sentence case and periods.
            ("Git status.", "git status"),
            ("Git log dash dash oneline.", "git log --oneline"),
            ("Docker ps dash q.", "docker ps -q"),
            ("Sudo apt install tree.", "sudo apt install tree"),
            ("Make clean.", "make clean"),
            ("Echo hello world.", "echo hello world"),
            ("Git show?", "git show"),
            ("Uptime dash p!", "uptime -p"),
            // ALL CAPS.
            ("GIT LOG DASH DASH STAT", "git log --stat"),
            ("LS DASH LA", "ls -la"),
            ("CD /VAR/LOG", "cd /var/log"),
            // Commas between spoken symbol words.
            ("Git pull, dash, dash, rebase.", "git pull --rebase"),
            ("Tail, dash F, slash var, slash log, slash syslog.", "tail -f /var/log/syslog"),
            ("ls, dash, L, A.", "ls -la"),
            ("Kill, dash nine, one, two, three.", "kill -9 123"),
            // Hyphen-joined spoken words.
            ("Git pull dash-dash-rebase.", "git pull --rebase"),
            ("Git re-base main.", "git rebase main"),
            ("Cat slash-etc-slash-hosts", "cat /etc/hosts"),
            ("Tar dash-x-f backup dot tar", "tar -xf backup.tar"),
            // Capitalised symbol words and proper nouns.
            ("Docker logs Dash F web.", "docker logs -f web"),
            ("Sudo systemctl restart Nginx Dot service.", "sudo systemctl restart nginx.service"),
            ("Docker images Pipe Grep Nginx.", "docker images | grep nginx"),
            ("Kube control get pods dash O wide.", "kubectl get pods -o wide"),
            ("System CTL status Redis.", "systemctl status redis"),
            ("Python 3 dash M venv venv.", "python3 -m venv venv"),
            ("Ping dash C 5 google dot com.", "ping -c 5 google.com"),
            ("Curl localhost colon 8080 slash health.", "curl localhost:8080/health"),
            ("SSH root at sign backup.", "ssh root@backup"),
            // Text that is already symbolic stays as it is.
            ("git log --oneline", "git log --oneline"),
            ("Git log --oneline.", "git log --oneline"),
            ("ls -la /var/log", "ls -la /var/log"),
            ("Tail -F /VAR/log/syslog.", "tail -F /var/log/syslog"),
            ("Cd ..", "cd .."),
            ("git add .", "git add ."),
            ("git diff main...feature", "git diff main...feature"),
            ("echo $HOME", "echo $HOME"),
            ("ECHO $HOME $PATH", "echo $HOME $PATH"),
            ("cat README.md", "cat README.md"),
            ("make -C build", "make -C build"),
            ("apt-get install curl", "apt-get install curl"),
            ("git push --force-with-lease", "git push --force-with-lease"),
            ("Git log —oneline.", "git log --oneline"),
            ("scp notes.txt backup:", "scp notes.txt backup:"),
            ("cat Makefile", "cat Makefile"),
            ("Chmod +x deploy.sh.", "chmod +x deploy.sh"),
            // Quotes: written as `"` or as words; case inside is kept.
            ("Git commit -m \"Fix the build.\"", "git commit -m \"Fix the build.\""),
            ("Git commit dash M quote Fix the build end quote.", "git commit -m \"Fix the build\""),
            ("Echo, quote, Hello World, unquote.", "echo \"Hello World\""),
            ("echo \"Hello, World\".", "echo \"Hello, World\""),
            ("Grep dash R, quote, TODO, end quote, dot.", "grep -r \"TODO\" ."),
            ("Echo dollar all caps home.", "echo $HOME"),
            ("LS dash L capital S.", "ls -lS"),
        ] as [(String, String)])
    func writtenAsProse(written: String, typed: String) {
        #expect(shell.normalize(written) == typed)
    }

    /// Whisper's written forms of shell words (development renderings of the edge engine's
    /// second ear): a flag letter spelled as the word its name sounds like, a command split
    /// in two where a command starts, English spellings of shell words.
    @Test(
        arguments: [
            ("kubectl get pods dash and default.", "kubectl get pods -n default"),
            ("kubectl get pods -and default", "kubectl get pods -n default"),
            ("tar dash ex f backup dot tar", "tar -xf backup.tar"),
            ("grep dash be 2 error", "grep -b 2 error"),  // a letter's name as said alone
            ("tail -pea log", "tail -p log"),
            ("ch mod 755 deploy dot sh.", "chmod 755 deploy.sh"),
            ("sudo mk dir dash p slash opt slash app", "sudo mkdir -p /opt/app"),
            ("p s aux pipe grep node", "ps aux | grep node"),
            ("r m dash f notes dot txt", "rm -f notes.txt"),
            ("docker p s dash a.", "docker ps -a"),
            ("cd slash et cetera slash nginx.", "cd /etc/nginx"),
            ("curl local host colon 8080", "curl localhost:8080"),
            ("vim read me dot md", "vim readme.md"),
            ("make and and ch mod 755 deploy dot sh", "make && chmod 755 deploy.sh"),
            ("test dash d build or or mk dir build", "test -d build || mkdir build"),
            ("cd build && mk dir out", "cd build && mkdir out"),
            ("echo dollar open paren mk dir dash p out close paren", "echo $(mkdir -p out)"),
            ("sudo ch mod 600 key semicolon ch mod 644 notes dot txt", "sudo chmod 600 key; chmod 644 notes.txt"),
        ] as [(String, String)])
    func whispersWrittenForms(written: String, typed: String) {
        #expect(shell.normalize(written) == typed)
    }

    /// Words that only look like a spelled letter or a split command stay as they are.
    @Test(
        arguments: [
            ("git pull dash dash and", "git pull --and"),
            ("echo you and me", "echo you and me"),
            ("git add dot", "git add ."),
            ("make clean", "make clean"),
            ("echo ch mod", "echo ch mod"),
            ("ls dash l a", "ls -la"),
            ("ls dash p s", "ls -ps"),
            ("ps -ef", "ps -ef"),
            ("set -ex", "set -ex"),
            ("echo -en hi", "echo -en hi"),
            ("echo quote fix p s output end quote", "echo \"fix p s output\""),
            ("echo \"p s aux\"", "echo \"p s aux\""),
        ] as [(String, String)])
    func lookalikesStay(written: String, typed: String) {
        #expect(shell.normalize(written) == typed)
    }

    /// The edge engine's words have no case or punctuation to undo: the pass leaves them alone.
    @Test(arguments: [
        "git log dash dash stat", "cd slash var slash tmp", "apt-get install tree", "grep dash literal pipe",
    ])
    func spokenWordsAreUnchanged(spoken: String) {
        let words = SpokenShell.words(in: spoken)
        #expect(SpokenShell.unwritten(words) == words)
    }

    @Test func sentencePunctuationOnlyAfterAWord() {
        #expect(SpokenShell.dropSentencePunctuation("status.") == "status")
        #expect(SpokenShell.dropSentencePunctuation("-m,") == "-m")
        #expect(SpokenShell.dropSentencePunctuation("..") == "..")
        #expect(SpokenShell.dropSentencePunctuation(".") == ".")
        #expect(SpokenShell.dropSentencePunctuation("build\".") == "build\"")
    }
}
