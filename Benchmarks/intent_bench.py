#!/usr/bin/env python3
"""Intent mode's benchmark: everyday requests in plain English (Benchmarks/intent/everyday.tsv,
and its superset Benchmarks/intent/wide.tsv), each written into a command by `voicesh intent
--json` and judged by its effect, never by its text: the command and a reference command run,
one after the other, in the same fresh sandbox (the same files, the same path) as the user
nobody, and what they did is compared: their output or the files they left, as the case's mode
says.

    python3 Benchmarks/intent_bench.py [--voicesh PATH] [--cases FILE] [--threads 2] [--here]
                                       [--spoken VOICE,VOICE] [--conditions C,C] [--candidates N]
    python3 Benchmarks/intent_bench.py --check [--cases FILE]

The model is the local one scripts/setup installs, served as voicesh serves it
(intent-server.py); the script starts it once, so the requests are warm and the cold start is
measured apart, as a session warms the model when it starts. With --kept voicesh itself starts
and keeps it (intent.persist), as a user's first call does: the cold start is that call. With
--here, each request is written in the sandbox with `voicesh intent --here`: its names and PATH's tools go with it, as a
session sends the remote's. With --spoken, each request is said as "how do I …" (--no-lead: as
it is) in each of scripts/synthesize-voices' VOICEs (and each of its CONDITIONS, when given),
heard by the offline engine and written into a command by `voicesh transcribe --intent --json`
in the sandbox (both ears, as a session's default; its words, a lead taken off, are the request,
with the sandbox's names as `voicesh intent` sends them): a take heard as nothing counts as a
miss, and its time is hearing and writing. --every N takes every Nth case only. With
--candidates N each request also asks for N other commands as a session's Tab does (`voicesh
intent --candidates`): it is then right among them if any is, and its time includes theirs. Prints each miss (request, the
model's command, the reference) and the figures: right, median and 90th-percentile time from
the request to the shown command, the cold start, and the server's peak memory.

--check needs no model and no voicesh: for each case it runs the reference twice (the judge
must call the two runs equal), asks that the reference exit 0 and do something (print, or change
the files, the repository or the services), and that `true` and `ls` be judged wrong. It prints
each problem and exits non-zero if there is one.

A case's mode is MODE or MODE+EXTRA[+EXTRA]. The sandbox is always the same base (text, CSV,
logs, a tar, photos, a source folder); an EXTRA adds material for that case only, so the base
cases (everyday.tsv, none with an extra) see exactly the sandbox they always did:
  git    the sandbox is a repository: six commits by three authors on fixed dates (main;
         feature-login, two commits off main's third; hotfix at the first; tags v1.0 and v1.1
         on main's second and fourth), notes.txt changed and not staged, todo.md changed and
         staged, old.log untracked; the files are the base's. .git is not a name.
  packs  logs.tar.gz (logs/jan.log, logs/feb.log), report.txt.gz, docs.zip (guide.txt,
         faq.txt), dump.sql.xz. For the name modes the members are names and the four
         archives' own names are not (`unzip -l` says the archive's name, `zipinfo -1` not).
  disk   media/ (movie.mkv 3 MiB, song.mp3, cover.png), downloads/ (setup.iso, manual.pdf),
         cache/ (30 files of 1 KiB), photos/panorama.jpg.
  live   services in the command's own PID and network namespaces, started before it, as
         nobody, with `lo` up: webapp (HTTP on 127.0.0.1:8000, the largest in memory), dbserver
         (TCP 127.0.0.1:5432), backupd, and two workers; /proc is the namespace's. Their names
         and `lo` are names.

Modes: exact (the output's lines, whitespace collapsed), lines (the same lines in any order),
number (the output's first integer), total (its largest integer), names (the set of the
sandbox's names the output mentions), order (those names in the order first mentioned), first
(the first name mentioned), tokens (the output's words as a multiset), words (its alphabetic
words as a set), hash (its hex digests), files (the tree left: paths, kinds, contents, the
executable bit); and, for the wider set:
  modes    files, and every entry's permission bits and link count too (a hard link is not a
           copy)
  packed   files, with each compressed file or archive (gzip, xz, bzip2, zip, tar, nested)
           compared by what it holds (its member files' names and contents), not its bytes:
           headers carry times and names
  mounts   the set of mount points the output mentions as whole words (not with live)
  addrs    the set of IP addresses the output mentions (IPv4, and IPv6 with "::")
  alive    the live services' states after the command: running, stopped or gone
  refs     (git) the set of the repository's branch and tag names mentioned
  commits  (git) the set of its commits mentioned, by a hash of 7+ digits or by subject
  authors  (git) the set of its authors mentioned, by name or e-mail
  repo     (git) the files left (.git aside) and the repository's state: HEAD, each branch's
           and tag's history (subjects, authors, trees), the index, the stash, the status;
           hashes and dates of new commits aside."""
import argparse
import bz2
import gzip
import hashlib
import io
import json
import lzma
import os
import pty
import re
import select
import shutil
import signal
import stat
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOME = os.environ.get("VOICESH_INTENT_HOME", "/usr/local/lib/voicesh/intent")
MODEL = HOME + "/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
BOX = "/tmp/intent-bench-box"
TOOLS = "/tmp/intent-bench-tools"
NOBODY = 65534
DAY = 86400
EXTRAS = ("git", "packs", "disk", "live")
# The extra a mode cannot be judged without.
NEEDS = {"refs": "git", "commits": "git", "authors": "git", "repo": "git", "alive": "live"}
MODES = {"exact", "lines", "number", "total", "names", "order", "first", "tokens", "words", "hash", "files",
         "modes", "packed", "mounts", "addrs"} | set(NEEDS)
PACKS = {"logs.tar.gz": ["logs", "jan.log", "feb.log"], "report.txt.gz": ["report.txt"],
         "docs.zip": ["guide.txt", "faq.txt"], "dump.sql.xz": ["dump.sql"]}
SERVICES = ["webapp", "dbserver", "backupd", "worker", "worker"]
PORTS = {8000, 5432}
AUTHORS = {"ann": ("Ann Lee", "ann@example.com"), "bob": ("Bob Stone", "bob@example.com"),
           "cara": ("Cara Diaz", "cara@example.com")}


def parse_mode(spec):
    """MODE or MODE+EXTRA+…: the mode, and the extras its sandbox gets."""
    mode, *extras = spec.split("+")
    if mode not in MODES or any(e not in EXTRAS for e in extras):
        raise ValueError("unknown mode or extra: %s" % spec)
    if mode in NEEDS and NEEDS[mode] not in extras:
        raise ValueError("mode %s needs +%s" % (mode, NEEDS[mode]))
    if mode == "mounts" and "live" in extras:
        raise ValueError("mounts cannot be judged with +live (a mount namespace of its own)")
    return mode, tuple(extras)


def make_box(extras=()):
    """The sandbox: the same files, times and modes every time (and an extra's material)."""
    shutil.rmtree(BOX, ignore_errors=True)
    os.makedirs(BOX)
    files = {
        "notes.txt": "the quick brown fox\njumps over\nthe lazy dog\nand then\nsleeps all afternoon long\nthe end\n",
        "data.csv": "name,age,city\nann,31,paris\nbob,25,oslo\ncid,40,rome\n",
        "scores.csv": "ann,31\nbob,5\ncid,100\nann,7\n",
        "names.txt": "zoe\nadam\nmia\nadam\nbob\n",
        "words.txt": "apple\npear\napple\nfig\npear\napple\nkiwi\npear\nfig\napple\navocado\n",
        "a.txt": "one\ntwo\nthree\nfour\n",
        "b.txt": "two\nfour\n",
        "app.log": "INFO start\nERROR disk full\nINFO retry\nWARN Timeout on db\nERROR timeout again\nINFO ok\n"
                   "INFO done\nERROR last\n",
        "old.log": "old\n",
        "todo.md": "# todo\nTODO: write docs\n",
        "src/main.py": "def main():\n    pass  # TODO\n\n\nmain()\n",
        "src/util.py": "def util():\n    return 1\n",
        "src/lib.c": "int x;\n",
        "photos/a.jpg": "jpg-a", "photos/b.jpg": "jpg-b", "photos/c.png": "png-c",
        ".hidden": "secret\n", ".env": "A=1\n",
        "empty.txt": "",
        "config.json": '{"name": "demo", "mode": "foo", "path": "/foo/x"}\n',
        "script.sh": "#!/bin/sh\necho hi\n",
    }
    for name, text in files.items():
        path = os.path.join(BOX, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    with open(os.path.join(BOX, "big.bin"), "wb") as f:
        f.write(bytes((i * 7919) % 251 for i in range(200 * 1024)))
    with open(os.path.join(BOX, "small.bin"), "wb") as f:
        f.write(bytes(range(256)) * 4)
    os.makedirs(os.path.join(BOX, "archive"))
    inner = tempfile.mkdtemp()
    os.makedirs(inner + "/inner")
    with open(inner + "/inner/readme.txt", "w") as f:
        f.write("from the tar\n")
    with tarfile.open(os.path.join(BOX, "bundle.tar"), "w") as tar:
        tar.add(inner + "/inner", arcname="inner", filter=lambda info: (setattr(info, "mtime", 1e9), info)[1])
    shutil.rmtree(inner)
    for extra in extras:
        {"git": add_git, "packs": add_packs, "disk": add_disk, "live": lambda: None}[extra]()
    now = time.time()
    for dirpath, dirnames, filenames in os.walk(BOX):
        for name in dirnames + filenames:
            os.utime(os.path.join(dirpath, name), (now - 3 * DAY, now - 3 * DAY))
            os.chown(os.path.join(dirpath, name), NOBODY, NOBODY)
    os.utime(os.path.join(BOX, "todo.md"), (now - 600, now - 600))
    os.utime(os.path.join(BOX, "app.log"), (now - 60, now - 60))
    os.chown(BOX, NOBODY, NOBODY)


def put(rel, data):
    path = os.path.join(BOX, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def git_env(who=None, date=None):
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C", "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": "/dev/null"}
    if who:
        name, email = AUTHORS[who]
        env.update(GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email, GIT_COMMITTER_NAME=name,
                   GIT_COMMITTER_EMAIL=email, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    return env


def add_git():
    """The sandbox as a repository (see the header): fixed authors and dates, so the same hashes
    every time; the files left are the base's."""
    def git(*args, who=None, date=None):
        subprocess.run(["git", *args], cwd=BOX, env=git_env(who, date), check=True, capture_output=True)

    def commit(message, who, date):
        git("commit", "-q", "-m", message, who=who, date=date)
    final = {}
    for rel in ("notes.txt", "todo.md", "script.sh", "data.csv"):
        with open(os.path.join(BOX, rel)) as f:
            final[rel] = f.read()
    notes = final["notes.txt"].splitlines(keepends=True)
    data = final["data.csv"].splitlines(keepends=True)
    git("init", "-q", "-b", "main")
    git("config", "user.name", AUTHORS["ann"][0])
    git("config", "user.email", AUTHORS["ann"][1])
    put("notes.txt", "".join(notes[:3]))
    put("todo.md", "# todo\n")
    put("script.sh", "#!/bin/sh\n")
    git("add", "-A", "--", ".", ":!data.csv", ":!old.log")
    commit("first import", "ann", "2024-03-01T09:00:00+0000")
    git("branch", "hotfix")
    put("data.csv", "".join(data[:3]))
    git("add", "data.csv")
    commit("add the city data", "bob", "2024-03-02T10:30:00+0000")
    git("tag", "v1.0")
    put("script.sh", final["script.sh"])
    git("add", "script.sh")
    commit("teach the script to greet", "ann", "2024-03-04T14:00:00+0000")
    git("checkout", "-q", "-b", "feature-login")
    put("login.html", "<form>\n  <input name=user>\n</form>\n")
    git("add", "login.html")
    commit("add a login form", "bob", "2024-03-06T11:00:00+0000")
    put("login.css", "form { margin: 2em; }\n")
    git("add", "login.css")
    commit("style the login form", "ann", "2024-03-07T16:45:00+0000")
    git("checkout", "-q", "main")
    put("data.csv", final["data.csv"])
    put("notes.txt", "".join(notes[:5]))
    git("add", "data.csv", "notes.txt")
    commit("add cid and finish the notes", "cara", "2024-03-05T08:15:00+0000")
    git("tag", "v1.1")
    put("notes.txt", final["notes.txt"])
    put("todo.md", final["todo.md"])
    git("add", "todo.md")


def tar_bytes(members):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for name, text in members.items():
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(text), 1e9, 0o644
            tar.addfile(info, io.BytesIO(text))
    return buf.getvalue()


def add_packs():
    put("logs.tar.gz", gzip.compress(tar_bytes({
        "logs/jan.log": b"jan 1 backup ok\njan 2 backup failed\njan 3 backup ok\n",
        "logs/feb.log": b"feb 1 backup ok\nfeb 2 backup ok\n"}), mtime=0))
    put("report.txt.gz", gzip.compress(b"quarterly report\nrevenue up four percent\ncosts flat\nstaff 12\n"
                                       b"revenue target met\n" + b"".join(b"the %s office met its target\n" % side
                                       for side in (b"north", b"south", b"east", b"west")) + b"next review in june\n",
                                       mtime=0))
    put("dump.sql.xz", lzma.compress(b"CREATE TABLE users (id int, name text);\nINSERT INTO users VALUES (1, 'ann');\n"
                                     b"INSERT INTO users VALUES (2, 'bob');\n"))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in (("guide.txt", "how to start\nhow to stop\n"), ("faq.txt", "q: why\na: because\n")):
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            z.writestr(info, text)
    put("docs.zip", buf.getvalue())


def add_disk():
    block = bytes(range(256)) * 4096
    sizes = {"media/movie.mkv": 3 << 20, "media/song.mp3": 512 << 10, "media/cover.png": 20 << 10,
             "downloads/setup.iso": 1536 << 10, "downloads/manual.pdf": 40 << 10, "photos/panorama.jpg": 64 << 10}
    sizes.update(("cache/c%02d.dat" % i, 1 << 10) for i in range(30))
    for rel, size in sizes.items():
        put(rel, (block * (size // len(block) + 1))[:size])


# The live extra's programs, outside the sandbox (root's, read-only to nobody). stage.py is the
# namespace's first process: it starts the services, waits until they listen, runs the command
# (read from its standard input, so it is not in any process's arguments but the command's own),
# and writes the services' states to the fd named on its input's first line.
STAGE = r'''
import json, os, subprocess, sys, time
tools = os.path.dirname(os.path.abspath(__file__))
report = int(sys.stdin.readline())
command = sys.stdin.read()
quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/")
argv = {"webapp": ["webapp.py"], "dbserver": ["listen.py", "5432"], "backupd": ["3600"], "worker": ["3600"]}
procs = [(name, subprocess.Popen([tools + "/" + name] + [tools + "/" + a if a.endswith(".py") else a
                                                          for a in argv[name]], **quiet)) for name in %r]

def listening():
    with open("/proc/net/tcp") as f:
        return {int(l.split()[1].split(":")[1], 16) for l in list(f)[1:] if l.split()[3] == "0A"}
deadline = time.time() + 10
while not %r <= listening() and time.time() < deadline:
    time.sleep(0.02)
ready = time.time() < deadline
try:
    rc = subprocess.run(["/bin/bash", "-c", command], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        timeout=10).returncode
except subprocess.TimeoutExpired:
    rc = "timed out"

def state(pid):
    try:
        with open("/proc/%%d/stat" %% pid) as f:
            letter = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"
    return "gone" if letter in "ZX" else "stopped" if letter in "Tt" else "running"
states, settled = None, time.time() + 1
while time.time() < settled:
    time.sleep(0.1)
    now = [[name, state(p.pid)] for name, p in procs]
    if now == states:
        break
    states = now
os.write(report, json.dumps({"rc": rc, "services": states, "ready": ready}).encode())
''' % (SERVICES, PORTS)

WEBAPP = r'''
import http.server
ballast = b"w" * (48 << 20)   # the largest process in memory, and it holds the pages

class Page(http.server.BaseHTTPRequestHandler):
    server_version, sys_version = "webapp/1.0", ""
    pages = {"/": b"hello from webapp\n", "/health": b"ok\n"}

    def date_time_string(self, timestamp=None):
        return "Mon, 01 Jan 2024 00:00:00 GMT"

    def log_message(self, *args):
        pass

    def do_HEAD(self, body=False):
        page = self.pages.get(self.path.split("?")[0])
        self.send_response(200 if page else 404)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(page or b"")))
        self.end_headers()
        if body and page:
            self.wfile.write(page)

    def do_GET(self):
        self.do_HEAD(body=True)
http.server.HTTPServer(("127.0.0.1", 8000), Page).serve_forever()
'''

LISTEN = r'''
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen()
while True:
    time.sleep(3600)
'''

# The repository's state, read as nobody in namespaces after the command (its config, hooks and
# attributes are the command's to change, so root never runs git there).
GITSTATE = r'''
import json, subprocess
def git(*args):
    return subprocess.run(["git", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
                           "--no-optional-locks", *args], capture_output=True, text=True).stdout
state = {"head": git("symbolic-ref", "-q", "HEAD").strip() or "detached " + git("log", "-1", "--format=%s%x00%an%x00%T")}
for ref in git("for-each-ref", "--format=%(refname)").split():
    if ref == "refs/stash":
        state[ref] = git("stash", "list", "--format=%s%x00%T")
    else:
        state[ref] = git("log", "--format=%s%x00%an%x00%T", ref)
state["index"] = git("ls-files", "-s")
state["status"] = git("status", "--porcelain", "--untracked-files=all")
print(json.dumps(state, sort_keys=True))
'''


tools_installed = False


def install_tools():
    """The live extra's programs and the repository reader, in TOOLS (not in the sandbox's tree).
    A service's name is its process name: a link to the interpreter or sleep, named so. Made
    once a run of this script."""
    global tools_installed
    if tools_installed:
        return
    tools_installed = True
    shutil.rmtree(TOOLS, ignore_errors=True)
    os.makedirs(TOOLS)
    os.chmod(TOOLS, 0o755)
    for name, text in (("stage.py", STAGE), ("webapp.py", WEBAPP), ("listen.py", LISTEN), ("gitstate.py", GITSTATE)):
        with open(os.path.join(TOOLS, name), "w") as f:
            f.write(text)
        os.chmod(os.path.join(TOOLS, name), 0o644)
    python, sleep = os.path.realpath("/usr/bin/python3"), os.path.realpath("/bin/sleep")
    for name, target in (("webapp", python), ("dbserver", python), ("backupd", sleep), ("worker", sleep)):
        os.symlink(target, os.path.join(TOOLS, name))


def snapshot():
    """The tree as root sees it, links not followed: a link or a FIFO the command made is
    recorded by kind, never opened (`ln -s /etc/shadow x` must not be read, `mkfifo` not hang)."""
    tree = {}
    for dirpath, dirnames, filenames in os.walk(BOX):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, BOX)
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                tree[rel] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                tree[rel] = ("dir",)
            elif stat.S_ISREG(info.st_mode):
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
                with os.fdopen(fd, "rb") as f:
                    tree[rel] = ("file", f.read(4 << 20), bool(info.st_mode & 0o100))
            else:
                tree[rel] = ("special", stat.S_IFMT(info.st_mode))
    return tree


def permissions():
    """Each entry's permission bits and link count (symbolic links aside): the modes mode's
    second half."""
    bits = {}
    for dirpath, dirnames, filenames in os.walk(BOX):
        for name in dirnames + filenames:
            info = os.lstat(os.path.join(dirpath, name))
            if not stat.S_ISLNK(info.st_mode):
                bits[os.path.relpath(os.path.join(dirpath, name), BOX)] = (stat.S_IMODE(info.st_mode), info.st_nlink)
    return bits


def in_git(rel):
    return rel == ".git" or rel.startswith(".git/")


def vocabulary(tree, extras):
    """The names the name modes look for: the sandbox's, and its extras' (see the header)."""
    names = set(os.path.basename(p) for p in tree if not ("git" in extras and in_git(p)))
    if "packs" in extras:
        names = (names - set(PACKS)) | {m for members in PACKS.values() for m in members}
    if "live" in extras:
        names |= set(SERVICES) | {"lo"}
    return names


def repository():
    """The fresh repository's commits (hash, subject), branches and tags, and authors: what the
    git modes look for. Read by root in the repository it has just made, before any command."""
    def git(*args):
        return subprocess.run(["git", "-c", "safe.directory=*", *args], cwd=BOX, env=git_env(), check=True,
                              capture_output=True, text=True).stdout
    commits = [l.split("\0") for l in git("log", "--all", "--format=%H%x00%s").splitlines()]
    refs = [r.rpartition("/")[2] for r in git("for-each-ref", "--format=%(refname)").split()]
    return {"commits": commits, "refs": refs, "authors": list(AUTHORS.values())}


def sandboxed(extras):
    """The command line that runs a program as nobody in namespaces of its own: no network (with
    live: `lo` up, and /proc the PID namespace's), a PID namespace whose every process dies with
    it (`cmd &` or `tail -f` cannot outlive its run, and `kill -9 -1` reaches only its own), and
    no new privileges."""
    unshare = ["unshare", "--net", "--pid", "--fork", "--kill-child"]
    nobody = ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups", "--no-new-privs",
              "/usr/bin/env", "-i", "HOME=" + BOX, "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"]
    if "live" in extras:
        return unshare + ["--mount-proc", "/bin/sh", "-c", 'PATH=/usr/sbin:/usr/bin:/sbin:/bin ip link set lo up && exec "$@"',
                          "sh"] + nobody
    return unshare + nobody


class Effect:
    """What a command did: its output and exit status, the tree it left (and the tree before),
    the names it could mention; with extras, the permissions, the services' states, the
    repository's state and what it held at first."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


def run(command, extras=()):
    """`command` in a fresh sandbox as nobody: its output and the tree it leaves."""
    make_box(extras)
    before, before_perms = snapshot(), permissions()
    names = vocabulary(before, extras)
    repo = repository() if "git" in extras else None
    argv = sandboxed(extras)
    if "live" not in extras:
        argv, feed, fds = argv + ["/bin/bash", "-c", command], None, ()
    else:
        install_tools()
        reader, writer = os.pipe()
        argv, feed, fds = argv + ["/usr/bin/python3", TOOLS + "/stage.py"], subprocess.PIPE, (writer,)
    child = subprocess.Popen(
        argv, cwd=BOX, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        stdin=feed or subprocess.DEVNULL, start_new_session=True, pass_fds=fds)
    if fds:
        os.close(writer)
    try:
        # The stage reads the fd its report goes to, then the command.
        text = ("%d\n%s" % (fds[0], command)).encode() if feed else None
        out = child.communicate(text, timeout=20 if feed else 10)[0].decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        out = "<timed out>"
    rc, services = child.returncode, None
    if "live" in extras:
        with os.fdopen(reader, "rb") as f:
            report = f.read()
        if report:
            state = json.loads(report)
            rc, services = state["rc"], state["services"]
            out = "<timed out>" if rc == "timed out" else out
            if not state["ready"]:
                print("intent_bench: the live services were not listening within 10 s", file=sys.stderr)
        else:
            rc = None
    effect = Effect(out=out, tree=snapshot(), names=names, before=before, rc=rc, services=services,
                    perms=permissions(), before_perms=before_perms, repo=repo, git=None)
    if "git" in extras:
        effect.git = git_state()
    return effect


def git_state():
    """The repository's state after the command, read as nobody (see GITSTATE)."""
    install_tools()
    try:
        done = subprocess.run(sandboxed(()) + ["/usr/bin/python3", TOOLS + "/gitstate.py"], cwd=BOX,
                              capture_output=True, text=True, timeout=10, start_new_session=True)
        return json.loads(done.stdout)
    except (subprocess.TimeoutExpired, ValueError):
        return None


def norm(line):
    line = " ".join(line.split())
    return line[2:] if line.startswith("./") else line


CAP = 16 << 20


def unpacked(data, depth=0):
    """What a compressed file or an archive holds (nested ones too), for the packed mode: its
    member files' names and contents; anything else, its bytes. Each expansion is capped."""
    if depth > 4 or not isinstance(data, bytes):
        return data
    try:
        if data[:2] == b"\x1f\x8b":
            return ("gzip", unpacked(zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, CAP), depth + 1))
        if data[:6] == b"\xfd7zXZ\x00":
            return ("xz", unpacked(lzma.LZMADecompressor().decompress(data, CAP), depth + 1))
        if data[:3] == b"BZh":
            return ("bzip2", unpacked(bz2.BZ2Decompressor().decompress(data, CAP), depth + 1))
        if data[:4] == b"PK\x03\x04":
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                return ("zip", sorted((member(i.filename), unpacked(z.open(i).read(CAP), depth + 1))
                                      for i in z.infolist() if not i.is_dir()))
        if len(data) >= 512 and data[257:262] == b"ustar":
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                held = []
                for info in tar.getmembers():
                    if info.issym() or info.islnk():
                        held.append((member(info.name), ("link", info.linkname)))
                    elif info.isfile():
                        held.append((member(info.name), unpacked(tar.extractfile(info).read(CAP), depth + 1)))
                return ("tar", sorted(held, key=repr))
    except Exception:
        pass
    return data


def member(name):
    while name.startswith("./"):
        name = name[2:]
    return name.strip("/")


def mount_points():
    points = set()
    with open("/proc/self/mountinfo") as f:
        for line in f:
            points.add(re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), line.split()[4]))
    return points


def addresses(out):
    found = set(re.findall(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])", out))
    found |= {a for a in re.findall(r"(?<![\w:])[0-9a-fA-F]{0,4}(?::[0-9a-fA-F]{0,4}){2,7}(?![\w:])", out) if "::" in a}
    return found


def in_repository(kind, out, repo):
    """The repository's commits, refs or authors that the output mentions."""
    if kind == "commits":
        digits = re.findall(r"[0-9a-f]{7,40}", out)
        return {h for h, subject in repo["commits"] if subject in out or any(h.startswith(d) for d in digits)}
    if kind == "refs":
        words = set(re.split(r"[\s,()*'\"\[\]:]+", out))
        return {r for r in repo["refs"] if r in words or any(w.endswith("/" + r) for w in words)}
    return {name for name, email in repo["authors"] if name in out or email in out}


def judge(mode, got, ref):
    (out, tree, names), (rout, rtree) = (got.out, got.tree, got.names), (ref.out, ref.tree)
    lines = [norm(l) for l in out.splitlines() if l.strip()]
    rlines = [norm(l) for l in rout.splitlines() if l.strip()]
    ints = lambda s: [int(n) for n in re.findall(r"\b\d+\b", s)]
    mentioned = lambda s: [t for t in re.split(r"[\s/:'\"]+", s) if t in names]

    def ordered(s):
        seen = []
        for t in mentioned(s):
            if t not in seen:
                seen.append(t)
        return seen
    if mode == "exact":
        return lines == rlines
    if mode == "lines":
        return sorted(lines) == sorted(rlines)
    if mode == "number":
        return ints(out)[:1] == ints(rout)[:1] and bool(ints(rout))
    if mode == "total":
        return bool(ints(out)) and max(ints(out)) == max(ints(rout))
    if mode == "names":
        return set(mentioned(out)) == set(mentioned(rout))
    if mode == "order":
        return ordered(out) == ordered(rout)
    if mode == "first":
        return ordered(out)[:1] == ordered(rout)[:1]
    if mode == "tokens":
        return sorted(norm(t) for t in out.split()) == sorted(norm(t) for t in rout.split())
    if mode == "words":
        return set(re.findall(r"[a-z]+", out)) == set(re.findall(r"[a-z]+", rout))
    if mode == "hash":
        return set(re.findall(r"\b[0-9a-f]{32,64}\b", out)) == set(re.findall(r"\b[0-9a-f]{32,64}\b", rout))
    if mode == "files":
        return tree == rtree
    if mode == "modes":
        return tree == rtree and got.perms == ref.perms
    if mode == "packed":
        return {k: unpacked(v[1]) if v[0] == "file" else v for k, v in tree.items()} == \
            {k: unpacked(v[1]) if v[0] == "file" else v for k, v in rtree.items()}
    if mode == "mounts":
        points = mount_points()
        return {t for t in out.split() if t in points} == {t for t in rout.split() if t in points}
    if mode == "addrs":
        return addresses(out) == addresses(rout)
    if mode == "alive":
        return ref.services is not None and got.services == ref.services
    if mode in ("refs", "commits", "authors"):
        return in_repository(mode, out, got.repo) == in_repository(mode, rout, ref.repo)
    if mode == "repo":
        worktree = lambda t: {k: v for k, v in t.items() if not in_git(k)}
        return ref.git is not None and worktree(tree) == worktree(rtree) and got.git == ref.git
    raise ValueError(mode)


def read_cases(path):
    """request, mode, extras, reference for each line that is not a comment."""
    cases = []
    for line in open(path):
        if line.strip() and not line.startswith("#"):
            request, spec, reference = line.rstrip("\n").split("\t")
            cases.append((request, *parse_mode(spec), reference))
    return cases


def did_something(effect, mode):
    """The reference's effect is not empty: it printed, or changed the files, the repository or a
    service."""
    if effect.out.strip() or effect.tree != effect.before or effect.perms != effect.before_perms:
        return True
    return effect.services is not None and effect.services != [[name, "running"] for name in SERVICES]


def check(cases):
    """Each case, without the model: its reference deterministic, exiting 0 and doing something,
    and `true` and `ls` judged wrong."""
    problems, started = 0, time.time()
    for request, mode, extras, reference in cases:
        first, second = run(reference, extras), run(reference, extras)
        found = []
        if first.rc != 0:
            found.append("the reference exits %s" % first.rc)
        if not judge(mode, second, first):
            found.append("two runs of the reference judged different (not deterministic)")
        if not did_something(first, mode):
            found.append("the reference has no effect")
        for wrong in ("true", "ls"):
            if judge(mode, run(wrong, extras), first):
                found.append("`%s` judged right" % wrong)
        problems += bool(found)
        for problem in found:
            print("problem: %s [%s%s]: %s" % (request, mode, "".join("+" + e for e in extras), problem))
    shutil.rmtree(BOX, ignore_errors=True)
    shutil.rmtree(TOOLS, ignore_errors=True)
    print("check: %d cases, %d right, %d with a problem (%.0f s)" % (
        len(cases), len(cases) - problems, problems, time.time() - started))
    return problems == 0


def spoken_sets(args, cases):
    """Each voice (and condition): every case said as "how do I …", to be heard and written by
    `voicesh transcribe --intent` with the offline default (both ears)."""
    sentences = [("" if args.no_lead else "how do I ") + case[0] for case in cases]
    scratch = tempfile.mkdtemp(prefix="intent-spoken-")
    listing = scratch + "/sentences.txt"
    with open(listing, "w") as f:
        f.write("\n".join(sentences) + "\n")
    made = subprocess.run([ROOT + "/scripts/synthesize-voices", "--sentences", listing, "--out", scratch + "/voices",
                           "--voices", args.spoken] + (["--conditions", args.conditions] if args.conditions else []),
                          capture_output=True, text=True, check=True).stdout.split()
    sets = []
    for folder in made:
        for voice in args.spoken.split(","):
            wavs = [os.path.join(folder, voice, hashlib.sha1(text.encode()).hexdigest()[:12] + ".wav")
                    for text in sentences]
            where = os.path.basename(folder).partition("@")[2] or "clean"
            sets.append(("%s, %s" % (voice, where),
                         [[args.voicesh, "transcribe", "--intent", "--json", wav] for wav in wavs]))
    return sets


def run_on_terminal(argv, env, cwd):
    """`argv` with its stderr on a terminal, as a user's shell has it, so voicesh draws its
    progress line: returns its result and the seconds until the command was first shown (its
    draft on that line, "intent: COMMAND  (explaining …)", or the end when none came)."""
    main, other = pty.openpty()
    started = time.time()
    child = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=other, stdin=subprocess.DEVNULL)
    os.close(other)
    seen, shown = b"", None
    while True:
        ready = select.select([main], [], [], 0.01)[0]
        if ready:
            try:
                data = os.read(main, 4096)
            except OSError:
                data = b""
            if not data:
                break
            seen += data
            if shown is None and b"(explaining" in seen:
                shown = time.time() - started
        elif child.poll() is not None:
            break
    out = child.stdout.read().decode()
    child.wait()
    os.close(main)
    ended = time.time() - started
    result = subprocess.CompletedProcess(argv, child.returncode, out, seen.decode(errors="replace"))
    return result, shown if shown is not None else ended


def peak_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--voicesh", default=next((p for p in (ROOT + "/.build/release/voicesh", ROOT + "/.build/debug/voicesh")
                                                if os.path.exists(p)), None))
    ap.add_argument("--cases", default=ROOT + "/Benchmarks/intent/everyday.tsv")
    ap.add_argument("--check", action="store_true",
                    help="no model: check that each case's reference is deterministic and that wrong commands fail")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--here", action="store_true", help="send the sandbox's names with each request")
    ap.add_argument("--spoken", help="say each request in these voices (scripts/synthesize-voices names)")
    ap.add_argument("--conditions", help="and in these rooms and microphones (its CONDITIONS)")
    ap.add_argument("--kept", action="store_true",
                    help="the local model as voicesh keeps it (intent.persist), not a server of the script's own")
    ap.add_argument("--no-lead", action="store_true", help="say the spoken requests without \"how do I\"")
    ap.add_argument("--every", type=int, default=1, help="only every Nth case (a quicker spoken run)")
    ap.add_argument("--terminal", action="store_true",
                    help="stderr on a terminal: also time until the command is first shown (its draft)")
    ap.add_argument("--candidates", type=int, default=0,
                    help="also ask for this many other commands, as Tab does (a case is then right if any is)")
    args = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("intent_bench: run as root (each command runs as nobody in a sandbox)")
    cases = read_cases(args.cases)[::args.every]
    if args.check:
        sys.exit(0 if check(cases) else 1)
    args.voicesh = os.path.abspath(args.voicesh)
    # Each set: its name, and for each case the voicesh command line that writes its command.
    here = (["--here"] if args.here else []) + (["--candidates", str(args.candidates)] if args.candidates else [])
    sets = [("typed", [[args.voicesh, "intent", "--json"] + here + case[0].split() for case in cases])]
    if args.spoken:
        sets = spoken_sets(args, cases)
    home = tempfile.mkdtemp(prefix="intent-bench-")
    env = dict(os.environ, VOICESH_HOME=home, HOME=home, XDG_RUNTIME_DIR=home)
    env.pop("VOICESH_CONFIG", None)
    # The sandbox is nobody's and voicesh runs as root: git lists its branches for `--here`
    # only where the user's own configuration says the repository is safe, as a user's would.
    with open(home + "/.gitconfig", "w") as f:
        f.write("[safe]\n\tdirectory = %s\n" % BOX)
    started = time.time()
    if args.kept:
        # The local model as voicesh keeps it: the first call starts the kept server.
        with open(home + "/config.toml", "w") as f:
            f.write('[intent]\ntimeout = 120\n')
        subprocess.run([args.voicesh, "intent", "list", "the", "files"], env=env, capture_output=True, cwd=home)
        cold = time.time() - started
        found = subprocess.run(["pgrep", "-f", "intent-server.py .* --keep %s/" % home], capture_output=True, text=True)
        server = type("Kept", (), {"pid": int(found.stdout.split()[0])})
    else:
        script = ROOT + "/Sources/ChatModel/Resources/intent-server.py"
        server = subprocess.Popen([HOME + "/bin/python3", script, MODEL, str(args.threads), "4096"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        ready = json.loads(server.stdout.readline())
        cold = time.time() - started
        url = ready["ready"]
        with open(home + "/config.toml", "w") as f:
            # An endpoint sends context only when asked: this one is the local model's own server.
            f.write('[intent]\nurl = "%s"\nmodel = "%s"\ntimeout = 120\ncontext = true\n' % (url, os.path.basename(MODEL)))
        # The first request fills the cache with the prompt's fixed part, as a session's warm-up does.
        subprocess.run([args.voicesh, "intent", "list", "the", "files"], env=env, capture_output=True)
    figures = []
    for name, requests in sets:
        right, first, heard, times, misses = 0, 0, 0, [], []
        found, fixed, fixed_right = 0, 0, 0  # the check found a fault; the repair left none; and right
        shown_times = []  # with --terminal: until the command was first on screen
        for (typed, mode, extras, reference), argv in zip(cases, requests):
            make_box(extras)
            t = time.time()
            if args.terminal:
                result, seconds = run_on_terminal(argv, env, BOX)
                shown_times.append(seconds)
            else:
                result = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=BOX)
            times.append(time.time() - t)
            answer = json.loads(result.stdout) if result.returncode == 0 else {}
            command, request = answer.get("command"), answer.get("request", typed)
            heard += "not heard as a request" not in result.stderr
            expected = run(reference, extras)
            ok = command is not None and judge(mode, run(command, extras), expected)
            first += ok
            check = answer.get("check")
            if check:
                found += 1
                fixed += check["faults_left"] == 0
                fixed_right += check["faults_left"] == 0 and ok
            for other in answer.get("candidates", []) if not ok else []:
                make_box(extras)
                if judge(mode, run(other, extras), expected):
                    ok = True
                    break
            right += ok
            if not ok:
                misses.append((request, command or "(none: %s)" % result.stderr.strip(), reference))
        for request, command, reference in misses:
            print("miss (%s): %s\n  model:     %s\n  reference: %s" % (name, request, command, reference))
        figures.append((name, right, first, heard, sorted(times), (found, fixed, fixed_right), sorted(shown_times)))
    peak = peak_kib(server.pid)
    if not args.kept:
        server.stdin.close()
        server.wait()
    shutil.rmtree(BOX, ignore_errors=True)
    shutil.rmtree(TOOLS, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)  # the kept server ends with its socket
    print("\nintent, %d everyday requests (%s, %d threads, %s)" % (
        len(cases), os.path.basename(MODEL), args.threads, "the sandbox's names as context" if args.here else "no context"))
    for name, right, first, heard, times, (found, fixed, fixed_right), shown in figures:
        print("%-28s right by effect %d/%d = %.1f%%; heard as a request %d/%d" % (
            name + ":", first, len(cases), 100.0 * first / len(cases), heard, len(cases)))
        print("%-28s the check found a fault in %d (%.1f%%); the repair left none in %d, %d of them right" % (
            "", found, 100.0 * found / len(cases), fixed, fixed_right))
        if args.candidates:
            print("%-28s right among it and %d other(s) (Tab) %d/%d = %.1f%%" % (
                "", args.candidates, right, len(cases), 100.0 * right / len(cases)))
    times = sorted(t for figure in figures for t in figure[4])
    print("request to command%s median %.2f s, p90 %.2f s (warm, through voicesh intent)" %
          ("s:  " if args.candidates else ":   ", statistics.median(times), times[int(0.9 * (len(times) - 1))]))
    shown = sorted(t for figure in figures for t in figure[6])
    if shown:
        print("request to command shown: median %.2f s, p90 %.2f s (its draft on the progress line)" %
              (statistics.median(shown), shown[int(0.9 * (len(shown) - 1))]))
    print("cold start:           %.1f s %s" % (cold, "for the first call (the kept server started)" if args.kept
                                               else "to listening (the model loaded)"))
    print("server peak memory:   %.0f MiB" % (peak / 1024))


if __name__ == "__main__":
    main()
