import Testing

@testable import VoiceshCore

struct SpokenShellTests {
    let shell = SpokenShell()

    @Test(
        arguments: [
            ("ls dash l", "ls -l"),
            ("dash la", "-la"),
            ("ls dash l a", "ls -la"),
            ("ss dash t l n p", "ss -tlnp"),
            ("docker exec dash i t web bash", "docker exec -it web bash"),
            ("tar dash c z f backup dot tar dot gz dot", "tar -czf backup.tar.gz ."),
            ("tail dash f a dot log", "tail -f a.log"),
            ("ls dash l capital s", "ls -lS"),
            ("find dot dash name star dot py", "find . -name *.py"),
            ("head dash n five", "head -n 5"),
            ("kill dash nine", "kill -9"),
            ("kill dash nine eight zero eight zero", "kill -9 8080"),
            ("ls dash one", "ls -1"),
            ("git diff dash dash staged", "git diff --staged"),
            ("git push dash dash force dash with dash lease", "git push --force-with-lease"),
            ("git log dash dash oneline dash n three", "git log --oneline -n 3"),
            ("git clone dash dash depth equals one url", "git clone --depth=1 url"),
            ("cd dash", "cd -"),
            ("git checkout dash dash", "git checkout --"),
            ("helm install dash dash dry dash run web", "helm install --dry-run web"),
            ("git checkout double dash readme dot md", "git checkout -- readme.md"),
            ("git checkout dash b develop", "git checkout -b develop"),
            ("grep dash literal pipe", "grep -pipe"),
        ] as [(String, String)])
    func flags(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("readme dot md", "readme.md"),
            ("dot dot", ".."),
            ("cd dot dot", "cd .."),
            ("cd dot dot slash dot dot", "cd ../.."),
            ("git add dot", "git add ."),
            ("grep dash r n todo dot", "grep -rn todo ."),
            ("cat dot env", "cat .env"),
            ("ls dash a dot config", "ls -a .config"),
            ("git diff main dot dot dot feature", "git diff main...feature"),
            ("dot slash configure", "./configure"),
            ("rsync dash a v dot slash backup", "rsync -av ./backup"),
            ("dot tilde slash dot bashrc", ". ~/.bashrc"),
            ("ping one nine two dot one six eight dot zero dot one", "ping 192.168.0.1"),
            ("sudo systemctl restart nginx dot service", "sudo systemctl restart nginx.service"),
        ] as [(String, String)])
    func dots(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("slash etc slash hosts", "/etc/hosts"),
            ("cd slash", "cd /"),
            ("cat slash etc slash hosts", "cat /etc/hosts"),
            ("cd slash var slash tmp", "cd /var/tmp"),
            ("tilde slash projects", "~/projects"),
            ("cd tilde", "cd ~"),
            ("source venv slash bin slash activate", "source venv/bin/activate"),
            ("grep dash i error slash var slash log slash syslog", "grep -i error /var/log/syslog"),
            ("sudo chown dash r root slash etc", "sudo chown -r root /etc"),
            ("tail dash n ten slash var slash log slash syslog", "tail -n 10 /var/log/syslog"),
            ("cp notes dot txt slash tmp", "cp notes.txt /tmp"),
            ("git checkout feature slash login", "git checkout feature/login"),
            ("ls slash tmp slash star", "ls /tmp/*"),
            (
                "cat tilde slash dot ssh slash id underscore ed two five five one nine dot pub",
                "cat ~/.ssh/id_ed25519.pub"
            ),
            ("cat slash etc slash os dash release", "cat /etc/os-release"),
            (
                "curl https colon slash slash example dot com slash search question mark q equals x",
                "curl https://example.com/search?q=x"
            ),
            ("ip route add ten dot zero dot zero dot zero slash eight", "ip route add 10.0.0.0/8"),
        ] as [(String, String)])
    func paths(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("my underscore file", "my_file"),
            ("docker hyphen compose", "docker-compose"),
            ("foo equals bar", "foo=bar"),
            ("export editor equals vim", "export editor=vim"),
            ("localhost colon eight zero eight zero", "localhost:8080"),
            ("root at sign host", "root@host"),
            (
                "git clone git at sign github dot com colon user slash repo dot git",
                "git clone git@github.com:user/repo.git"
            ),
            ("scp notes dot txt server colon tilde", "scp notes.txt server:~"),
            ("sudo chown root colon root file dot txt", "sudo chown root:root file.txt"),
            ("cut dash f one comma three", "cut -f 1,3"),
            ("chmod plus x deploy dot sh", "chmod +x deploy.sh"),
            ("chmod u plus x deploy dot sh", "chmod u+x deploy.sh"),
            ("date plus percent capital y hyphen percent m", "date +%Y-%m"),
            ("kill percent one", "kill %1"),
            ("grep caret error", "grep ^error"),
            ("git show head caret", "git show head^"),
            ("ls file question mark dot txt", "ls file?.txt"),
            ("ls star dot log", "ls *.log"),
            ("du dash s h star pipe sort dash h", "du -sh * | sort -h"),
            ("ls open bracket a hyphen z close bracket star", "ls [a-z]*"),
        ] as [(String, String)])
    func joiningSymbols(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("ps aux pipe grep nginx", "ps aux | grep nginx"),
            ("echo hello greater than file dot txt", "echo hello > file.txt"),
            ("echo hello append to file dot txt", "echo hello >> file.txt"),
            ("sort less than names dot txt", "sort < names.txt"),
            ("sudo apt update and and sudo apt upgrade dash y", "sudo apt update && sudo apt upgrade -y"),
            ("make or or echo failed", "make || echo failed"),
            ("cd slash tmp semicolon ls", "cd /tmp; ls"),
            ("sleep ten ampersand", "sleep 10 &"),
            ("make greater than log two greater than ampersand one", "make > log 2>&1"),
            ("find dot dash name notes two greater than slash dev slash null", "find . -name notes 2> /dev/null"),
            ("make ampersand greater than log", "make &> log"),
            ("head dash n two greater than top dot txt", "head -n 2 > top.txt"),
            ("sudo bang bang", "sudo !!"),
            ("echo hash not a comment", "echo # not a comment"),
        ] as [(String, String)])
    func operators(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("echo dollar path", "echo $path"),
            ("echo dollar all caps path", "echo $PATH"),
            ("echo dollar open brace all caps home close brace", "echo ${HOME}"),
            ("echo dollar question mark", "echo $?"),
            ("echo dollar open paren date close paren", "echo $(date)"),
            ("echo dollar open paren grab foo close paren", "echo $(grep foo)"),
            ("echo dollar open paren cat dot env close paren", "echo $(cat .env)"),
            ("open paren cd slash tmp semicolon ls close paren", "(cd /tmp; ls)"),
            ("open bracket dash f notes dot txt close bracket and and echo yes", "[ -f notes.txt ] && echo yes"),
            (
                "if open bracket open bracket dash d build close bracket close bracket semicolon then make semicolon fi",
                "if [[ -d build ]]; then make; fi"
            ),
            ("open brace ls semicolon close brace", "{ ls; }"),
            (
                "find dot dash name star dot tmp dash exec rm open brace close brace backslash semicolon",
                "find . -name *.tmp -exec rm {} \\;"
            ),
            ("echo file dot open brace txt comma md close brace", "echo file.{txt,md}"),
            ("printf quote percent s backslash n end quote", "printf \"%s\\n\""),
            ("echo backslash dollar home", "echo \\$home"),
        ] as [(String, String)])
    func expansionsAndGroups(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("echo quote hello world end quote", "echo \"hello world\""),
            ("echo single quote hello world end quote", "echo 'hello world'"),
            ("echo quote hello world", "echo \"hello world\""),
            ("echo quote hello quote", "echo \"hello\""),
            ("echo quote end quote", "echo \"\""),
            (
                "git commit dash m quote fix the build comma add tests end quote",
                "git commit -m \"fix the build, add tests\""
            ),
            ("alias l equals quote ls dash l a end quote", "alias l=\"ls -la\""),
            ("echo quote say single quote hi end quote end quote", "echo \"say 'hi'\""),
            ("echo quote say single quote hi", "echo \"say 'hi'\""),
            ("awk single quote open brace print dollar one close brace end quote", "awk '{print $1}'"),
            ("echo end quote hello", "echo hello"),
            ("echo quote a pipe b end quote pipe grep a", "echo \"a | b\" | grep a"),
        ] as [(String, String)])
    func quotes(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    /// Free English inside a spoken quote, as the edge engine's second pass hears it: spoken
    /// punctuation ends prose, a `period` only where the quote closes (a trial period stays one),
    /// and numbers are digits as everywhere else (`$1`, `404` in quoted code).
    @Test(
        arguments: [
            ("echo quote is it done question mark yes end quote", "echo \"is it done? yes\""),
            ("echo quote it works exclamation mark end quote", "echo \"it works!\""),
            ("git commit dash m quote fix the build period end quote", "git commit -m \"fix the build.\""),
            ("git commit dash m quote fix the build period", "git commit -m \"fix the build.\""),
            ("echo quote the trial period ends end quote", "echo \"the trial period ends\""),
            ("echo period", "echo period"),
            ("echo quote wait two minutes end quote", "echo \"wait 2 minutes\""),
            ("grep dash e quote a question mark end quote", "grep -e \"a?\""),
            ("ls a question mark", "ls a?"),
            ("echo hi bang", "echo hi !"),
        ] as [(String, String)])
    func englishInQuotes(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("port eight zero eight zero", "port 8080"),
            ("curl localhost colon four four three", "curl localhost:443"),
            ("head dash n one hundred", "head -n 100"),
            ("sleep twenty two", "sleep 22"),
            ("sleep fifteen", "sleep 15"),
            ("echo twenty twenty four", "echo 2024"),
            ("echo two thousand twenty four", "echo 2024"),
            ("echo three hundred twelve", "echo 312"),
            ("curl four oh four", "curl 404"),
            ("echo oh no", "echo oh no"),
            ("echo hundred", "echo hundred"),
            ("chmod seven five five script dot sh", "chmod 755 script.sh"),
            ("python three main dot py", "python3 main.py"),
            ("sudo service apache two restart", "sudo service apache2 restart"),
            ("pip three install requests", "pip3 install requests"),
            ("echo 8080", "echo 8080"),
        ] as [(String, String)])
    func numbers(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("capital readme", "Readme"),
            ("cat capital readme dot md", "cat Readme.md"),
            ("echo all caps path", "echo PATH"),
            ("echo capital dash", "echo Dash"),
            ("echo capital", "echo capital"),
            ("echo literal dash", "echo dash"),
            ("literal pipe", "pipe"),
            ("echo literal literal", "echo literal"),
            ("literal pseudo make", "pseudo make"),
            ("echo literal", "echo literal"),
            ("echo Dash l", "echo -l"),
        ] as [(String, String)])
    func casingAndLiteral(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("get status", "git status"),
            ("get commit dash m quote wip end quote", "git commit -m \"wip\""),
            ("get push origin main", "git push origin main"),
            ("kubectl get pods", "kubectl get pods"),
            ("get lost", "get lost"),
            ("kube control get pods", "kubectl get pods"),
            ("cube control get pods", "kubectl get pods"),
            ("kube cuttle logs web", "kubectl logs web"),
            ("cube cuddle get nodes", "kubectl get nodes"),
            ("pseudo reboot", "sudo reboot"),
            ("pseudo get pull", "sudo git pull"),
            ("system control status engine x", "systemctl status nginx"),
            ("sudo systemctl reload engine ex", "sudo systemctl reload nginx"),
            ("see dee slash tmp", "cd /tmp"),
            ("el es dash l a", "ls -la"),
            ("echo see dee", "echo see dee"),
            ("change mod plus x run dot sh", "chmod +x run.sh"),
            ("see h mod seven five five run dot sh", "chmod 755 run.sh"),
            ("change own root file", "chown root file"),
            ("grab error log dot txt", "grep error log.txt"),
            ("cat log dot txt pipe grip error", "cat log.txt | grep error"),
            ("cat grab dot txt", "cat grab.txt"),
            ("ssh dash keygen dash t ed two five five one nine", "ssh-keygen -t ed25519"),
            ("kubectl get pods dash n kube dash system", "kubectl get pods -n kube-system"),
            ("sudo apt get install curl", "sudo apt-get install curl"),
            ("cat docker compose dot yml", "cat docker-compose.yml"),
        ] as [(String, String)])
    func mishearings(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    /// The rows of docs/spoken-shell.md that the other tables do not already hold.
    @Test(
        arguments: [
            ("dash dash dry dash run", "--dry-run"),
            ("star dot log", "*.log"),
            ("open bracket dash f x dot txt close bracket", "[ -f x.txt ]"),
            ("find dot dash exec rm open brace close brace backslash semicolon", "find . -exec rm {} \\;"),
            ("sudo systemctl restart engine x dot service", "sudo systemctl restart nginx.service"),
            (
                "kube control get pods dash n kube dash system pipe grab web",
                "kubectl get pods -n kube-system | grep web"
            ),
            ("ssh keygen", "ssh-keygen"),
            ("sudo systemctl daemon reload", "sudo systemctl daemon-reload"),
            ("journal control dash u web", "journalctl -u web"),
        ] as [(String, String)])
    func documentedExamples(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("", ""),
            ("   ", ""),
            ("  ls    dash l  ", "ls -l"),
            ("ls\tdash\nl\r\na", "ls -la"),
            // The whole sequence goes, as a terminal would show it: nothing of `[31m` is left.
            ("echo\u{1B}[31mred", "echored"),
            ("echo \u{1B}]0;title\u{07}; ls", "echo ; ls"),
            ("echo a\u{200B}b", "echo ab"),
            ("echo \u{202E}txt", "echo txt"),
            ("echo\u{2028}next\u{85}line", "echo next line"),
        ] as [(String, String)])
    func whitespaceAndControlCharacters(spoken: String, typed: String) {
        #expect(shell.normalize(spoken) == typed)
    }

    @Test(
        arguments: [
            ("ssh prod box", "ssh prod-01.example.com"),
            ("ssh root at sign prod box", "ssh root@prod-01.example.com"),
            ("ssh Prod  Box", "ssh prod-01.example.com"),
            ("ssh prod boxes", "ssh prod boxes"),
            ("ssh the prod box db", "ssh db-01.example.com"),
            ("tail big log", "tail /var/log/big log"),
            ("echo um hello", "echo hello"),
            ("echo literal prod box", "echo prod box"),
            ("get status", "git status"),
            ("show pseudo", "show sudo"),
        ] as [(String, String)])
    func aliases(spoken: String, typed: String) {
        let shell = SpokenShell(aliases: [
            "prod box": "prod-01.example.com",
            "the prod box db": "db-01.example.com",
            "big": "/var/log/big",
            "um": "",
            "nothing": "\n",
        ])
        #expect(shell.normalize(spoken) == typed)
    }

    @Test func longestAliasWinsOverAnEarlierShorterOne() {
        // "a b" starts first, but the longer "b c d" is applied first.
        let shell = SpokenShell(aliases: ["a b": "AB", "b c d": "BCD"])
        #expect(shell.normalize("a b c d") == "a BCD")
        #expect(shell.normalize("a b c") == "AB c")
    }

    @Test func aliasesAreTextNotWords() {
        let shell = SpokenShell(aliases: ["deploy": "make dash deploy\tnow\u{1B}", "status": "literal"])
        #expect(shell.normalize("deploy") == "make dash deploy now")
        #expect(shell.normalize("git status") == "git literal")
        #expect(shell.normalize("status dot md") == "literal.md")
    }

    @Test func aliasesCanOverrideBuiltInFixes() {
        let shell = SpokenShell(aliases: ["pseudo": "pseudo", "kube control": "k"])
        #expect(shell.normalize("pseudo kube control get pods") == "pseudo k get pods")
    }

    @Test func neverWritesAControlCharacter() {
        var generator = SplitMix64(seed: 0x5EED)
        let pieces = [
            "dash", "dot", "slash", "quote", "end", "single", "literal", "capital", "all", "caps", "pipe", "and",
            "backslash", "open", "close", "paren", "brace", "bracket", "two", "greater", "than", "ampersand", "ls",
            "x", "\n", "\r\n", "\t", "\u{1B}", "\u{7F}", "\u{0}", "\u{85}", "\u{9B}", "\u{2028}", "\u{202E}",
            "\u{200B}", "\u{FEFF}", "é", "\u{1B}[2J", " ",
        ]
        let shell = SpokenShell(aliases: ["x": "a\nb\u{1B}c", "ls": "\u{7}"])
        for _ in 0..<2000 {
            let count = Int(generator.next() % 16)
            var spoken = ""
            for _ in 0..<count {
                spoken += pieces[Int(generator.next() % UInt64(pieces.count))]
                if generator.next() % 3 != 0 { spoken += " " }
            }
            let typed = shell.normalize(spoken)
            let unsafe = typed.unicodeScalars.filter {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                    || ($0.properties.isWhitespace && $0 != " ")
            }
            #expect(unsafe.isEmpty, "\(spoken.debugDescription) → \(typed.debugDescription)")
            #expect(typed == typed.trimmingSpaces, "\(spoken.debugDescription) → \(typed.debugDescription)")
            #expect(!typed.contains("  "), "\(spoken.debugDescription) → \(typed.debugDescription)")
        }
    }
}

/// A small seeded generator, so a failure can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
