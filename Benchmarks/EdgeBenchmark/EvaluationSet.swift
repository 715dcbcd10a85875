/// Spoken commands for measuring the edge engine, kept disjoint from `ShellCorpus` (the
/// benchmark checks it): sentences the language model has never seen, in the same spoken style.
enum EvaluationSet {
    static let sentences = [
        "git log dash dash stat", "git diff main", "git show", "git rebase main", "git tag",
        "git commit dash dash amend", "git checkout dash dash readme dot md", "git branch dash d feature",
        "git stash list", "git status dash s",
        "sudo systemctl restart cron dot service", "systemctl status redis", "sudo systemctl disable cron",
        "journalctl dash f", "sudo journalctl dash u docker dash dash since today",
        "kubectl get pods dash o wide", "kubectl logs web", "kubectl delete pods web",
        "kubectl get services dash n default", "kubectl apply dash f config dot yaml",
        "docker ps dash q", "docker logs dash f web", "docker compose ps", "docker images pipe grep nginx",
        "docker pull nginx", "docker rm web",
        "ls dash l slash etc slash nginx", "ls dash a tilde", "cd slash var slash tmp",
        "cd tilde slash projects slash app",
        "cat slash etc slash resolv dot conf", "less slash var slash log slash auth dot log",
        "tail dash n twenty app dot log",
        "head dash n five notes dot txt", "grep dash r warning slash var slash log",
        "grep error app dot log pipe wc dash l",
        "find slash tmp dash name star dot txt", "du dash s h slash var slash log", "df dash h slash",
        "sudo apt install tree", "sudo apt install tmux dash y", "apt list dash dash installed", "sudo apt autoremove",
        "ps aux pipe grep python", "kill dash nine one two three", "top dash b", "free dash m", "uptime dash p",
        "mkdir dash p build slash out", "rm dash r build", "cp config dot yaml backup dot yaml",
        "mv notes dot txt old dot txt",
        "chmod plus x deploy dot sh", "sudo chown root slash opt slash app", "touch readme dot md",
        "echo hello world", "echo dollar user", "curl localhost colon eight zero eight zero slash health",
        "ping dash c five google dot com", "ssh root at sign backup", "tar dash x f backup dot tar",
        "python three dash m venv venv", "npm run test", "make clean", "vim config dot yaml",
    ]
}
