#!/usr/bin/env python3
"""Writes Sources/LocalRecognizer/Resources/shell-corpus.txt: spoken shell commands for the
edge engine's language model, one a line, from templates and word lists below. Sentences of the benchmark's
evaluation and development sets (Benchmarks/EdgeBenchmark/evaluation.txt, development.txt, development-quotes.txt)
are left out, so the benchmark measures commands the model has never seen; so are the held-out hands-free
commands with words of their own (Benchmarks/VoiceBenchmark/voice-evaluation.txt).

    python3 scripts/generate-corpus.py
"""
import itertools, os, random, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
random.seed(11)

digits = "zero one two three four five six seven eight nine".split()
numbers = digits + "ten eleven twelve fifteen twenty thirty forty fifty one hundred".split()
ports = ["eight zero eight zero", "eight zero", "four four three", "three thousand", "five four three two", "two two", "nine zero nine zero"]
letters = list("abcdefhijklmnopqrstuvwxyz")
names = ["app", "web", "api", "db", "backup", "build", "notes", "main", "test", "server", "config", "data", "deploy", "old", "new", "index", "setup", "script", "report", "output"]
exts = ["txt", "md", "py", "js", "json", "yaml", "yml", "conf", "log", "sh", "toml", "csv", "html", "css", "sql", "env", "ini", "service", "tar dot gz", "zip"]
files = [f"{n} dot {e}" for n in names for e in exts]
random.shuffle(files)
files = files[:160] + ["readme dot md", "package dot json", "docker compose dot yml", "dot env", "dot bashrc", "dot gitignore", "makefile", "dockerfile", "requirements dot txt"]
top = ["etc", "var", "tmp", "opt", "home", "usr", "srv", "root", "mnt", "dev", "proc", "boot", "run"]
sub = ["log", "lib", "www", "nginx", "ssh", "systemd", "cron dot d", "local", "bin", "share", "cache", "apt", "docker", "app", "backups", "projects", "src", "config", "default", "sites dash available"]
dirs = [f"slash {t}" for t in top] + [f"slash {t} slash {s}" for t in top for s in random.sample(sub, 5)] + ["tilde", "tilde slash projects", "tilde slash dot ssh", "tilde slash dot config", "dot", "dot dot", "dot dot slash dot dot", "slash"]
services = ["nginx", "docker", "ssh", "sshd", "postgresql", "redis", "apache two", "cron", "mysql", "ufw", "networking", "containerd", "kubelet", "grafana", "prometheus", "fail two ban"]
packages = ["nginx", "git", "curl", "wget", "htop", "vim", "tmux", "docker", "jq", "tree", "python three", "nodejs", "npm", "make", "gcc", "unzip", "zip", "rsync", "net tools", "build essential", "sqlite three", "redis", "certbot", "ufw"]
git_sub = ["status", "log", "diff", "pull", "push", "fetch", "stash", "branch", "add", "commit", "checkout", "switch", "merge", "rebase", "reset", "restore", "show", "tag", "clone", "init", "remote", "blame", "cherry dash pick", "revert", "clean", "bisect", "grep", "describe", "shortlog", "reflog", "config", "worktree", "submodule"]
git_args = ["main", "master", "develop", "origin", "origin main", "head", "head tilde one", "feature", "dash dash all", "dash dash stat", "dash dash oneline", "dash dash staged", "dash dash amend", "dash dash force", "dash dash hard", "dash dash soft", "dash dash graph", "dash v", "dash a", "dash d", "dash b", "dash p", "dash s", "dash u", "dash f", "dot", "list", "pop", "apply", "drop", "readme dot md"]
docker_sub = ["ps", "images", "logs", "exec", "run", "stop", "start", "restart", "rm", "rmi", "pull", "push", "build", "inspect", "stats", "top", "network ls", "volume ls", "system prune", "compose up", "compose down", "compose ps", "compose logs", "compose build", "compose pull", "compose restart"]
docker_args = ["web", "db", "api", "nginx", "redis", "dash a", "dash q", "dash f", "dash d", "dash it web bash", "dash dash all", "dash t app dot", "dash p eight zero eight zero colon eight zero", "web sh", "ubuntu", "postgres"]
kube_verbs = ["get", "describe", "delete", "logs", "apply", "edit", "rollout status", "rollout restart", "scale", "exec", "top", "port dash forward", "explain", "create"]
kube_res = ["pods", "pod", "services", "service", "deployments", "deployment", "nodes", "namespaces", "configmaps", "secrets", "ingress", "events", "jobs", "cronjobs", "all", "web", "api", "persistentvolumeclaims"]
kube_args = ["", "dash n default", "dash n kube dash system", "dash a", "dash o wide", "dash o yaml", "dash o json", "dash w", "dash f", "dash f config dot yaml", "dash dash all dash namespaces", "dash l app equals web"]
sysverbs = ["start", "stop", "restart", "status", "enable", "disable", "reload", "is dash active", "daemon dash reload", "list dash units", "mask", "unmask"]
plain = ["cat", "less", "more", "vim", "vi", "nano", "head", "tail", "wc", "rm", "touch", "stat", "file", "cp", "mv", "chmod", "chown", "ls", "cd", "mkdir", "rmdir", "du", "df", "find", "grep", "sort", "uniq", "diff", "md five sum", "sha two five six sum", "sudo", "echo", "source", "bash", "python three", "node", "tar", "gzip", "unzip", "open", "code", "ln"]
flags = ["dash " + " ".join(c) for c in ["l", "la", "lh", "a", "r", "rf", "f", "n", "h", "v", "p", "s", "i", "x", "c", "z", "xzf", "czf", "tlnp", "rn", "ri", "alh"]] + ["dash dash help", "dash dash version", "dash dash force", "dash dash recursive", "dash dash dry dash run", "dash dash verbose", "dash dash all", "dash dash since today", "dash dash no dash pager"]
words = ["error", "warning", "failed", "todo", "fixme", "hello", "hello world", "root", "admin", "user", "localhost", "example dot com", "google dot com", "server", "prod", "staging", "true", "false", "yes", "no", "today", "yesterday", "now", "all", "debug", "info"]

S = set()
def add(*parts):
    s = " ".join(p for p in parts if p)
    S.add(" ".join(s.split()))

for sub_ in git_sub:
    add("git", sub_)
    for a in random.sample(git_args, 6): add("git", sub_, a)
add("git commit dash m quote fix the build end quote"); add("git commit dash a m quote update readme end quote")
add("git clone git at sign github dot com colon user slash repo dot git"); add("git log dash n five")
for s_ in docker_sub:
    add("docker", s_)
    for a in random.sample(docker_args, 4): add("docker", s_, a)
    add("sudo docker", s_)
for v in kube_verbs:
    for r in kube_res:
        add("kubectl", v, r, random.choice(kube_args))
    add("kubectl", v)
for v in sysverbs:
    add("systemctl", v)
    for s_ in services: add("sudo systemctl", v, s_); add("systemctl", v, s_)
for s_ in services:
    add("journalctl dash u", s_); add("journalctl dash u", s_, "dash f"); add("sudo service", s_, random.choice(["start", "stop", "restart", "status"]))
    add("journalctl dash u", s_, "dash dash since today"); add("sudo journalctl dash u", s_, "dash n", random.choice(numbers))
for p in packages:
    for v in ["install", "remove", "purge", "show", "search"]: add("sudo apt", v, p); add("apt", v, p)
    add("sudo apt install", p, "dash y"); add("which", p)
for v in ["update", "upgrade", "autoremove", "list dash dash installed", "list dash dash upgradable", "full dash upgrade"]: add("sudo apt", v); add("apt", v)
add("sudo apt update and and sudo apt upgrade dash y")
for c in plain:
    for f in random.sample(files, 5): add(c, f)
    for d in random.sample(dirs, 4): add(c, d)
    for fl in random.sample(flags, 3): add(c, fl, random.choice(files + dirs))
    add(c)
    add("sudo", c, random.choice(files + dirs))
for d in dirs:
    add("cd", d); add("ls", d); add("ls dash l a", d); add("du dash s h", d); add("find", d, "dash name star dot", random.choice(exts))
    add("ls", d, "pipe grep", random.choice(names))
for f in files:
    add("grep", random.choice(words), f); add("grep dash r", random.choice(words), random.choice(dirs))
    add("tail dash n", random.choice(numbers), f); add("head dash n", random.choice(numbers), f)
    add("cat", f, "pipe grep", random.choice(words)); add("cat", f, "pipe wc dash l"); add("cat", f, "pipe sort pipe uniq")
    add("cp", f, random.choice(files)); add("mv", f, random.choice(files)); add("chmod", random.choice(["plus x", "six four four", "seven five five", "six zero zero"]), f)
    add("echo", random.choice(words), "greater than", f); add("echo", random.choice(words), "append to", f)
for n in numbers:
    add("sleep", n); add("kill dash nine", n); add("kill", n); add("tail dash n", n); add("head dash n", n); add("ping dash c", n, random.choice(["localhost", "google dot com", "example dot com"]))
    add("watch dash n", n, random.choice(["df dash h", "free dash h", "docker ps", "kubectl get pods"]))
for p in ports:
    add("curl localhost colon", p); add("curl dash i localhost colon", p, "slash health"); add("curl http colon slash slash localhost colon", p)
    add("sudo ufw allow", p); add("ss dash t l n p pipe grep", p); add("lsof dash i colon", p)
for w in words:
    add("echo", w); add("grep", w); add("grep dash i", w, "slash var slash log slash syslog"); add("history pipe grep", w)
for c in ["ps aux", "ps aux pipe grep nginx", "ps aux pipe grep python", "top", "htop", "df dash h", "free dash h", "free dash m", "uptime", "whoami", "hostname", "date", "pwd", "clear", "exit", "history", "env", "echo dollar path", "echo dollar home", "echo dollar user", "uname dash a", "ip a", "ip route", "ss dash t l n p", "ifconfig", "dig example dot com", "nslookup example dot com", "ssh root at sign server", "ssh user at sign prod", "ssh dash i tilde slash dot ssh slash id underscore ed two five five one nine root at sign server", "scp notes dot txt server colon tilde", "rsync dash a v dot slash backup slash", "make", "make test", "make install", "make clean", "npm install", "npm run build", "npm run dev", "npm test", "pip install dash r requirements dot txt", "python three dash m pip install requests", "python three main dot py", "source venv slash bin slash activate", "deactivate", "sudo reboot", "sudo shutdown now", "sudo su", "sudo dash i", "crontab dash e", "crontab dash l", "man grep", "man ls", "lsblk", "mount", "sudo fdisk dash l", "who", "w", "last", "id", "groups", "tmux", "tmux attach", "tmux ls", "tmux new dash s work", "screen dash r", "exit", "logout", "alias", "jobs", "fg", "bg", "sudo nginx dash t", "nginx dash s reload", "certbot renew", "ufw status", "sudo ufw enable", "terraform plan", "terraform apply", "ansible all dash m ping", "xargs rm", "find dot dash type f", "find dot dash type d", "find dot dash name star dot py", "ls pipe wc dash l", "du dash s h star pipe sort dash h", "sort file dot txt pipe uniq", "awk quote print end quote", "sed dash i", "ln dash s target link", "cd", "cd dash", "ls", "ll", "tar dash x z f backup dot tar dot gz", "tar dash c z f backup dot tar dot gz dot", "unzip archive dot zip", "wget example dot com", "export editor equals vim", "export path equals dollar path colon tilde slash bin", "ssh dash keygen dash t ed two five five one nine", "cat tilde slash dot ssh slash id underscore ed two five five one nine dot pub", "vim tilde slash dot bashrc", "source tilde slash dot bashrc"]:
    add(c)

# Numbers as they are read out digit by digit: PIDs, ports, counts, permissions.
def digit_string(low, high):
    return " ".join(random.choice(digits) for _ in range(random.randint(low, high)))
for _ in range(40):
    add("kill", digit_string(3, 5)); add("kill dash nine", digit_string(3, 5)); add("sudo kill", digit_string(3, 5))
    add("ps dash p", digit_string(3, 5)); add("lsof dash p", digit_string(3, 5)); add("strace dash p", digit_string(3, 5))
    add("curl localhost colon", digit_string(4, 4)); add("sleep", digit_string(1, 2)); add("tail dash n", digit_string(2, 3))
    add("head dash n", digit_string(2, 3)); add("chmod", digit_string(3, 3), random.choice(files))

# The files and folders everyone opens: system configuration, logs, build output.
etc_files = ["hosts", "hostname", "passwd", "group", "shadow", "fstab", "sudoers", "crontab", "environment", "profile", "resolv dot conf", "os dash release", "ssh slash sshd underscore config", "nginx slash nginx dot conf", "default slash grub", "apt slash sources dot list", "systemd slash system"]
log_files = ["syslog", "auth dot log", "kern dot log", "daemon dot log", "boot dot log", "dmesg", "messages", "nginx slash access dot log", "nginx slash error dot log", "apt slash history dot log", "postgresql"]
build_dirs = ["build", "out", "dist", "src", "bin", "lib", "tests", "logs", "target", "tmp", "build slash out", "build slash release", "dist slash app", "src slash lib", "out slash bin"]
for f in etc_files:
    for c in ["cat", "less", "vim", "sudo vim", "sudo nano", "ls dash l", "head", "grep root", "sudo cat"]:
        if random.random() < 0.45: add(c, "slash etc slash" + " " + f)
    add("cat slash etc slash", f)
for f in log_files:
    for c in ["less", "tail dash f", "sudo tail dash f", "cat", "grep error", "grep dash i failed", "sudo less", "tail dash n " + random.choice(numbers)]:
        if random.random() < 0.45: add(c, "slash var slash log slash" + " " + f)
    add("sudo tail dash f slash var slash log slash", f)
for d in build_dirs:
    for c in ["mkdir", "mkdir dash p", "rm dash r f", "ls", "ls dash l a", "cd", "du dash s h", "find"]:
        if random.random() < 0.4: add(c, d)
    add("mkdir dash p", d, "slash", random.choice(names))
    add("cp", random.choice(files), d, "slash")

# Free English inside quote … end quote: commit messages, echoed notes, searched phrases. Short
# everyday sentences built from common words, so the span is English rather than shell words.
verbs = ["fix", "add", "update", "remove", "clean up", "change", "move", "rename", "check", "improve", "use",
         "drop", "support", "document", "handle", "split", "merge", "simplify", "bump", "revert"]
things = ["the build", "the tests", "a typo", "the docs", "the home page", "the sign up form", "the settings",
          "the footer", "old logs", "the cache", "the user list", "the search box", "the error page",
          "the deploy script", "the database setup", "the style sheet", "the help text", "the main loop",
          "the release notes", "a broken link", "the config file", "the upload button", "unused code",
          "the version number", "the backup job", "the timeout", "the dark mode", "the readme"]
tails = ["", "", "", "again", "for now", "on the server", "in the docs", "before the release", "for new users",
         "after the update", "so it works", "that was broken", "on mobile", "from the menu"]
notes = ["hello", "hello world", "done", "it works", "all good", "starting now", "see you soon", "job finished",
         "good night", "the server is up", "time to go home", "nothing to do", "this is a test",
         "waiting for the backup", "do not touch", "ready for review", "thank you", "we are live",
         "the tests pass", "deploy is over", "call me later", "out for lunch", "almost there", "it is broken"]
for _ in range(500):
    message = " ".join(w for w in [random.choice(verbs), random.choice(things), random.choice(tails)] if w)
    add("git commit dash m quote", message, "end quote")
    if random.random() < 0.3: add("git commit dash a m quote", message, "end quote")
for n in notes:
    add("echo quote", n, "end quote")
    add("echo quote", n, "end quote greater than", random.choice(files))
    add("grep dash r quote", n, "end quote", random.choice(dirs))


# What each common command accepts, as people type it: its usual flags and subcommands with a
# typical argument (the man pages' and the tools' own "common usage" sections). The templates
# above sample flags at random, so `docker ps dash a` or `git pull dash dash rebase` could be
# missing; these lines make each command's own flags the likely ones after it. A random
# generator of its own, so the lines above stay as they were.
usual = random.Random(12)
processes = ["node", "python", "java", "nginx", "postgres", "redis", "ssh", "docker", "ruby", "php", "cron", "gunicorn", "mysql", "sshd"]
accepts = {
    "git add": ["dot", "dash a", "dash p", "dash u", "dash dash all", "src", "readme dot md"],
    "git status": ["dash s", "dash s b", "dash dash short"],
    "git commit": ["dash dash amend", "dash dash amend dash dash no dash edit", "dash a", "dash v", "dash a m quote wip end quote"],
    "git push": ["origin main", "dash u origin main", "dash f", "dash dash force dash with dash lease", "origin head", "dash dash tags", "dash dash set dash upstream origin feature", "origin dash dash delete feature"],
    "git pull": ["dash dash rebase", "origin main", "dash dash ff dash only", "origin master", "dash dash rebase origin main", "upstream main"],
    "git log": ["dash dash oneline", "dash n five", "dash n three", "dash p", "dash dash graph dash dash oneline", "dash dash stat", "dash dash oneline dash n twenty", "dash dash author", "origin slash main"],
    "git diff": ["dash dash staged", "dash dash cached", "head", "main", "dash dash stat", "dash dash name dash only", "head tilde one"],
    "git checkout": ["dash b feature", "main", "dash dash dot", "dash", "develop", "dash b fix slash login"],
    "git switch": ["dash c feature", "main", "dash", "develop"],
    "git branch": ["dash a", "dash d feature", "dash r", "dash v v", "dash m main", "dash dash merged"],
    "git stash": ["pop", "list", "apply", "drop", "show dash p", "push dash m quote wip end quote"],
    "git reset": ["dash dash hard head", "dash dash soft head tilde one", "head tilde one", "dash dash hard origin slash main", "head dot"],
    "git rebase": ["dash i head tilde three", "main", "dash dash continue", "dash dash abort", "origin slash main", "dash i main"],
    "git merge": ["main", "dash dash no dash ff feature", "dash dash abort", "origin slash main", "develop"],
    "git fetch": ["dash dash all", "origin", "dash dash prune", "dash p", "upstream"],
    "git remote": ["dash v", "add origin", "remove origin", "set dash url origin"],
    "git show": ["head", "dash dash stat", "head tilde one", "dash dash name dash only head"],
    "git tag": ["dash a v one dot zero", "dash l", "dash d v one dot zero"],
    "git clean": ["dash f d", "dash n"],
    "git restore": ["dot", "dash dash staged dot", "readme dot md"],
    "docker ps": ["dash a", "dash q", "dash a q", "dash dash all", "dash l"],
    "docker run": ["dash it ubuntu bash", "dash d dash p eight zero eight zero colon eight zero nginx", "dash dash rm dash it alpine sh", "dash d nginx", "dash it dash dash rm ubuntu", "hello dash world"],
    "docker exec": ["dash it web bash", "dash it web sh", "dash it db psql", "web ls"],
    "docker logs": ["dash f web", "dash dash tail one hundred web", "web", "dash f api", "dash dash since one h web"],
    "docker compose": ["up dash d", "down", "logs dash f", "ps", "build", "pull", "restart", "up dash d dash dash build", "down dash v", "exec web bash", "logs dash f web"],
    "docker images": ["dash a", "dash q"],
    "docker build": ["dash t app dot", "dot", "dash dash no dash cache dot", "dash t web colon latest dot"],
    "docker rm": ["dash f web", "web"],
    "docker rmi": ["dash f app", "app"],
    "docker system": ["prune", "prune dash a", "df"],
    "docker volume": ["ls", "prune", "rm data"],
    "docker network": ["ls", "inspect bridge", "create backend"],
    "kubectl get": ["pods", "pods dash a", "pods dash o wide", "pods dash n kube dash system", "svc", "nodes", "deployments", "all", "pods dash w", "ns", "events", "pods dash dash all dash namespaces", "ingress"],
    "kubectl describe": ["pod web", "node", "deployment web", "svc web", "pods"],
    "kubectl logs": ["dash f web", "web", "dash f deployment slash web", "dash dash tail one hundred web", "dash p web", "dash f web dash n prod"],
    "kubectl apply": ["dash f deployment dot yaml", "dash f dot", "dash k dot", "dash f k eight s"],
    "kubectl delete": ["pod web", "dash f deployment dot yaml", "deployment web"],
    "kubectl exec": ["dash it web dash dash bash", "dash it web dash dash sh"],
    "kubectl rollout": ["restart deployment slash web", "status deployment slash web", "undo deployment slash web"],
    "kubectl config": ["get dash contexts", "use dash context prod", "current dash context"],
    "journalctl": ["dash u nginx dash f", "dash f", "dash x e", "dash b", "dash dash since today", "dash u ssh", "dash n fifty", "dash k", "dash u docker dash dash since yesterday", "dash e"],
    "ls": ["dash l", "dash l a", "dash a", "dash l h", "dash l t", "dash l t r", "dash one", "dash l a h", "dash r"],
    "grep": ["dash r", "dash i", "dash n", "dash r n", "dash v", "dash l", "dash c", "dash e", "dash w", "dash r i", "dash i n"],
    "ps": ["aux", "dash e f", "dash e f pipe grep", "aux pipe grep", "aux dash dash sort dash percent mem"],
    "tail": ["dash f", "dash n fifty", "dash f dash n one hundred", "dash n twenty"],
    "head": ["dash n twenty", "dash n five", "dash c one hundred"],
    "rm": ["dash r f", "dash r", "dash f", "dash i", "dash r v"],
    "cp": ["dash r", "dash a", "dash v", "dash r v", "dash p"],
    "mv": ["dash i", "dash v", "dash n"],
    "mkdir": ["dash p", "dash v"],
    "chmod": ["plus x", "dash r seven five five", "seven five five", "six four four", "u plus x", "six zero zero", "dash r g plus w"],
    "chown": ["dash r user colon user", "root colon root", "dash r www dash data colon www dash data"],
    "du": ["dash s h", "dash h", "dash s h star", "dash h dash dash max dash depth equals one", "dash s h dot"],
    "df": ["dash h", "dash i", "dash t h", "dash h dot"],
    "find": ["dot dash name", "dot dash type f", "dot dash type d", "dot dash mtime dash one", "dot dash size plus one hundred m", "dot dash name star dot log dash delete", "slash dash name"],
    "tar": ["dash x z f", "dash c z f", "dash x v f", "dash t f", "dash x f", "dash c z v f"],
    "curl": ["dash i", "dash s", "dash o", "dash l", "dash x post", "dash v", "dash s l", "dash i dash x get", "dash h"],
    "ssh": ["dash i tilde slash dot ssh slash id underscore rsa", "dash p two two two two", "dash v", "dash l root", "dash t"],
    "scp": ["dash r", "dash p two two two two", "dash i"],
    "rsync": ["dash a v z", "dash a v", "dash a v z dash dash delete", "dash dash progress", "dash a v z dash e ssh"],
    "make": ["test", "build", "install", "clean", "dash j four", "all", "run", "lint", "dash j eight", "check", "release"],
    "npm": ["install", "run build", "run dev", "test", "start", "ci", "run lint", "install dash dash save dash dev", "install dash g", "run test", "outdated", "update"],
    "pip": ["install dash r requirements dot txt", "install requests", "list", "freeze", "install dash e dot", "install dash dash upgrade pip", "show", "uninstall"],
    "python three": ["dash m venv venv", "dash m pip install", "manage dot py runserver", "dash m http dot server", "main dot py", "dash c", "app dot py", "dash m pytest", "setup dot py install"],
    "tmux": ["attach dash t work", "new dash s work", "ls", "kill dash session dash t work", "a", "attach"],
    "kill": ["dash nine", "dash h u p", "dash l", "dash term", "dash fifteen"],
    "pgrep": ["dash f", "dash a", "dash l"],
    "pkill": ["dash f", "dash nine"],
    "killall": ["dash nine", ""],
    "free": ["dash h", "dash m", "dash g"],
    "uname": ["dash a", "dash r", "dash m"],
    "sort": ["dash n", "dash r", "dash u", "dash h", "dash n r", "dash k two"],
    "wc": ["dash l", "dash w", "dash c"],
    "ln": ["dash s", "dash s f"],
    "ping": ["dash c four", "dash c three", "localhost", "eight dot eight dot eight dot eight"],
    "netstat": ["dash t u l n p", "dash t l n p", "dash a n"],
    "ss": ["dash t u l n p", "dash t l n p", "dash s"],
    "lsof": ["dash i", "dash i colon eight zero eight zero", "dash p"],
    "watch": ["dash n one", "dash n five", "dash n two"],
    "less": ["plus f", "dash r", "dash n"],
    "crontab": ["dash e", "dash l", "dash r"],
    "ufw": ["status", "allow", "enable", "status verbose", "deny"],
    "ip": ["a", "addr", "route", "link", "addr show", "r"],
    "terraform": ["init", "plan", "apply", "destroy", "fmt", "validate", "apply dash auto dash approve"],
    "htop": ["", "dash u root"],
    "top": ["", "dash o percent mem", "dash u root"],
}
args = {"grep": ["error", "todo", "main", "warning", "failed", "password"],
        "ps": processes, "pgrep": processes, "pkill": processes, "killall": processes,
        "rm": files + build_dirs, "cp": files + build_dirs, "mv": files, "mkdir": build_dirs, "chmod": files,
        "chown": files + build_dirs, "ls": dirs, "du": dirs, "tail": ["slash var slash log slash syslog"] + files,
        "head": files, "less": files, "sort": files, "wc": files, "find": ["star dot log", "star dot py", "readme dot md"],
        "tar": ["backup dot tar dot gz", "archive dot tar dot gz", "dist dot tar"], "curl": ["localhost colon eight zero eight zero", "example dot com", "http colon slash slash localhost colon three thousand"],
        "ssh": ["root at sign server", "user at sign prod", "deploy at sign staging"], "scp": ["notes dot txt server colon tilde"],
        "rsync": ["dot slash backup slash", "dist slash server colon slash srv"], "kill": ["one two three four", "four five six seven"],
        "ln": ["target link"], "lsof": [""], "watch": ["df dash h", "free dash h", "kubectl get pods"], "pip": ["requests", "flask"]}
for command, flags_ in accepts.items():
    for flag in flags_:
        add(command, flag)
        for a in usual.sample(args.get(command, [""]), min(2, len(args.get(command, [""])))):
            add(command, flag, a)
        if usual.random() < 0.2: add("sudo", command, flag)
for p in processes:
    add("ps aux pipe grep", p); add("pgrep", p); add("pkill", p); add("killall", p); add("which", p)

# Hands-free mode's spoken grammar (VoiceGrammar: answers, corrections, keys, history), so the
# edge engine can hear every word of it; its own random source keeps the lines above as they were.
hf = random.Random(25)
nato = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu".split()
for phrase in ["run it", "run that", "run this", "run", "execute", "execute it", "insert it", "insert that", "insert", "paste it",
               "cancel", "cancel it", "cancel that", "discard", "discard it", "scratch that", "never mind", "again", "try again",
               "say again", "record again", "yes", "undo", "undo that", "capital", "capitalize", "capitalize it",
               "delete the last word", "delete last word", "delete word", "delete the first word", "delete first word",
               "keys mode", "key mode", "keys on", "start keys", "stop keys", "keys off", "dictation mode", "normal mode", "exit keys",
               "run last", "run last command", "rerun last", "run the last command"]:
    add(phrase)
keynames = ["enter", "return", "tab", "escape", "space", "backspace", "up", "down", "left", "right", "page up", "page down"]
for k in keynames:
    add(k); add("press", k); add(k, hf.choice(keynames))
for letter, word in zip(letters + ["g"], sorted(nato, key=lambda w: w[0])):
    add("control", word); add("control", letter); add("press", letter); add("press", word)
for text in ["yes", "no", "colon q", "colon w q", "colon q bang", "colon w", "slash error", "q", "y", "n", "dd", "g g", "shift g", "i", "zero"]:
    add("type", text)
add("escape type colon q"); add("escape type colon w q"); add("down down"); add("up up"); add("page down page down")
spelled = names + ["nginx", "prod", "feature", "master", "dev", "src", "lib", "tmp", "bin"]
for w in spelled:
    add("spell", " ".join(w)); add("spell", " ".join(dict(zip("abcdefghijklmnopqrstuvwxyz", nato)).get(c, c) for c in w))
add("spell capital", " ".join(nato[:3]))
edit_words = [a for a in git_args + flags + names + sub if len(a.split()) <= 3]
for _ in range(120):
    old, new = hf.sample(edit_words, 2)
    add("change", old, "to", new)
for _ in range(30):
    old, new = hf.sample(edit_words, 2)
    add("replace", old, "with", new)
for f in flags + git_args[:20]:
    if hf.random() < 0.5: add("delete", f)
    if hf.random() < 0.5: add("add", f)
for c in hf.sample(plain, 20) + ["git", "docker", "kubectl", "systemctl", "make", "npm", "ssh", "tail", "journalctl"]:
    add("rerun", c)
for w in hf.sample(names + services + packages, 25):
    add("history search", w)
for d in digits[1:]:
    add("pick", d); add("number", d)

evaluation = {l.strip() for name in ["evaluation", "development", "development-quotes"] for l in open(os.path.join(ROOT, f"Benchmarks/EdgeBenchmark/{name}.txt")) if not l.startswith("#")}
# The held-out hands-free lines with words of their own (a bare grammar phrase such as "run it" is the grammar itself).
evaluation |= {l.strip() for l in open(os.path.join(ROOT, "Benchmarks/VoiceBenchmark/voice-evaluation.txt")) if not l.startswith("#") and len(l.split()) > 2}
corpus = sorted(s for s in S if s not in evaluation)
out = os.path.join(ROOT, "Sources/LocalRecognizer/Resources/shell-corpus.txt")
with open(out, "w") as f:
    f.write("".join(s + "\n" for s in corpus))
print(len(corpus), "sentences;", len(S) - len(corpus), "left out as evaluation sentences")
