#!/usr/bin/env python3
"""Intent mode's benchmark: everyday requests in plain English (Benchmarks/intent/everyday.tsv),
each written into a command by `voicesh intent --json` and judged by its effect, never by its
text: the command and a reference command run, one after the other, in the same fresh sandbox
(the same files, the same path) as the user nobody, and what they did is compared: their output
or the files they left, as the case's mode says.

    python3 Benchmarks/intent_bench.py [--voicesh PATH] [--cases FILE] [--threads 2] [--here]
                                       [--spoken VOICE,VOICE] [--conditions C,C] [--candidates N]

The model is the local one scripts/setup installs, served as voicesh serves it
(intent-server.py); the script starts it once, so the requests are warm and the cold start is
measured apart, as a session warms the model when it starts. With --here, each request is
written in the sandbox with `voicesh intent --here`: its names and PATH's tools go with it, as a
session sends the remote's. With --spoken, each request is said as "how do I …" in each of
scripts/synthesize-voices' VOICEs (and each of its CONDITIONS, when given), heard by the offline
engine and written into a command by `voicesh transcribe --intent --json` (both ears, as a
session's default; its words, lead and all, are the request, without context): a take not heard
as a request (no lead in its words) counts as a miss, and its time is hearing and writing. With
--candidates N each request also asks for N other commands as a session's Tab does (`voicesh
intent --candidates`): it is then right among them if any is, and its time includes theirs. Prints each miss (request, the
model's command, the reference) and the figures: right, median and 90th-percentile time from
the request to the shown command, the cold start, and the server's peak memory.

Modes: exact (the output's lines, whitespace collapsed), lines (the same lines in any order),
number (the output's first integer), total (its largest integer), names (the set of the
sandbox's names the output mentions), order (those names in the order first mentioned), first
(the first name mentioned), tokens (the output's words as a multiset), words (its alphabetic
words as a set), hash (its hex digests), files (the tree left: paths, kinds, contents, the
executable bit)."""
import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOME = os.environ.get("VOICESH_INTENT_HOME", "/usr/local/lib/voicesh/intent")
MODEL = HOME + "/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
BOX = "/tmp/intent-bench-box"
NOBODY = 65534
DAY = 86400


def make_box():
    """The sandbox: the same files, times and modes every time."""
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
    now = time.time()
    for dirpath, dirnames, filenames in os.walk(BOX):
        for name in dirnames + filenames:
            os.utime(os.path.join(dirpath, name), (now - 3 * DAY, now - 3 * DAY))
            os.chown(os.path.join(dirpath, name), NOBODY, NOBODY)
    os.utime(os.path.join(BOX, "todo.md"), (now - 600, now - 600))
    os.utime(os.path.join(BOX, "app.log"), (now - 60, now - 60))
    os.chown(BOX, NOBODY, NOBODY)


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


def run(command):
    """`command` in a fresh sandbox as nobody: its output and the tree it leaves. It runs in
    namespaces of its own: no network, and a PID namespace whose every process dies with it
    (`cmd &` or `tail -f` cannot outlive its run, and `kill -9 -1` reaches only its own), with
    no new privileges."""
    make_box()
    names = set(os.path.basename(p) for p in snapshot())
    child = subprocess.Popen(
        ["unshare", "--net", "--pid", "--fork", "--kill-child",
         "setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups", "--no-new-privs",
         "/usr/bin/env", "-i", "HOME=" + BOX, "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8",
         "/bin/bash", "-c", command],
        cwd=BOX, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        start_new_session=True)
    try:
        out = child.communicate(timeout=10)[0].decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        out = "<timed out>"
    return out, snapshot(), names


def norm(line):
    line = " ".join(line.split())
    return line[2:] if line.startswith("./") else line


def judge(mode, got, ref):
    (out, tree, names), (rout, rtree, _) = got, ref
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
    raise ValueError(mode)


def spoken_sets(args, cases):
    """Each voice (and condition): every case said as "how do I …", to be heard and written by
    `voicesh transcribe --intent` with the offline default (both ears)."""
    sentences = ["how do I " + request for request, _, _ in cases]
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


def peak_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--voicesh", default=next((p for p in (ROOT + "/.build/release/voicesh", ROOT + "/.build/debug/voicesh")
                                                if os.path.exists(p)), None))
    ap.add_argument("--cases", default=ROOT + "/Benchmarks/intent/everyday.tsv")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--here", action="store_true", help="send the sandbox's names with each request")
    ap.add_argument("--spoken", help="say each request in these voices (scripts/synthesize-voices names)")
    ap.add_argument("--conditions", help="and in these rooms and microphones (its CONDITIONS)")
    ap.add_argument("--candidates", type=int, default=0,
                    help="also ask for this many other commands, as Tab does (a case is then right if any is)")
    args = ap.parse_args()
    args.voicesh = os.path.abspath(args.voicesh)
    if os.geteuid() != 0:
        sys.exit("intent_bench: run as root (each command runs as nobody in a sandbox)")
    cases = [l.rstrip("\n").split("\t") for l in open(args.cases) if l.strip() and not l.startswith("#")]
    # Each set: its name, and for each case the voicesh command line that writes its command.
    here = (["--here"] if args.here else []) + (["--candidates", str(args.candidates)] if args.candidates else [])
    sets = [("typed", [[args.voicesh, "intent", "--json"] + here + request.split() for request, _, _ in cases])]
    if args.spoken:
        sets = spoken_sets(args, cases)
    script = ROOT + "/Sources/ChatModel/Resources/intent-server.py"
    started = time.time()
    server = subprocess.Popen([HOME + "/bin/python3", script, MODEL, str(args.threads), "4096"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    ready = json.loads(server.stdout.readline())
    cold = time.time() - started
    url = ready["ready"]
    home = tempfile.mkdtemp(prefix="intent-bench-")
    env = dict(os.environ, VOICESH_HOME=home, HOME=home)
    env.pop("VOICESH_CONFIG", None)
    with open(home + "/config.toml", "w") as f:
        # An endpoint sends context only when asked: this one is the local model's own server.
        f.write('[intent]\nurl = "%s"\nmodel = "%s"\ntimeout = 120\ncontext = true\n' % (url, os.path.basename(MODEL)))
    # The first request fills the cache with the prompt's fixed part, as a session's warm-up does.
    subprocess.run([args.voicesh, "intent", "list", "the", "files"], env=env, capture_output=True)
    figures = []
    for name, requests in sets:
        right, first, heard, times, misses = 0, 0, 0, [], []
        for (typed, mode, reference), argv in zip(cases, requests):
            make_box()
            t = time.time()
            result = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=BOX)
            times.append(time.time() - t)
            answer = json.loads(result.stdout) if result.returncode == 0 else {}
            command, request = answer.get("command"), answer.get("request", typed)
            heard += "not heard as a request" not in result.stderr
            expected = run(reference)
            ok = command is not None and judge(mode, run(command), expected)
            first += ok
            for other in answer.get("candidates", []) if not ok else []:
                make_box()
                if judge(mode, run(other), expected):
                    ok = True
                    break
            right += ok
            if not ok:
                misses.append((request, command or "(none: %s)" % result.stderr.strip(), reference))
        for request, command, reference in misses:
            print("miss (%s): %s\n  model:     %s\n  reference: %s" % (name, request, command, reference))
        figures.append((name, right, first, heard, sorted(times)))
    peak = peak_kib(server.pid)
    server.stdin.close()
    server.wait()
    shutil.rmtree(BOX, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    print("\nintent, %d everyday requests (%s, %d threads, %s)" % (
        len(cases), os.path.basename(MODEL), args.threads, "the sandbox's names as context" if args.here else "no context"))
    for name, right, first, heard, times in figures:
        print("%-28s right by effect %d/%d = %.1f%%; heard as a request %d/%d" % (
            name + ":", first, len(cases), 100.0 * first / len(cases), heard, len(cases)))
        if args.candidates:
            print("%-28s right among it and %d other(s) (Tab) %d/%d = %.1f%%" % (
                "", args.candidates, right, len(cases), 100.0 * right / len(cases)))
    times = sorted(t for figure in figures for t in figure[4])
    print("request to command%s median %.2f s, p90 %.2f s (warm, through voicesh intent)" %
          ("s:  " if args.candidates else ":   ", statistics.median(times), times[int(0.9 * (len(times) - 1))]))
    print("cold start:           %.1f s to listening (the model loaded)" % cold)
    print("server peak memory:   %.0f MiB" % (peak / 1024))


if __name__ == "__main__":
    main()
