#!/usr/bin/env python3
"""Dictation inside `voicesh connect`, measured against a loopback sshd.

    Benchmarks/dictation_bench.py [VOICESH] [--runs N]

VOICESH defaults to .build/release/voicesh. The client runs on a pseudo-terminal (100x30)
that answers its cursor-position requests as a terminal does; `--audio-file` plays spoken
commands (espeak-ng, with a noise floor) at real-time pace in place of a microphone. Measures:
  1. end of recording -> text on screen: the second toggle key written to the pty until the
     transcript's key hints have been drawn, with the built-in edge engine (pocketsphinx), for
     a ~2 s and a ~10 s utterance (the first dictation of a session, during which the model loads,
     is shown apart),
     with the stock acoustic model and again after `voicesh adapt` learnt the voice (--learn N);
  2. CPU used by capture and drawing while recording (the recogniser excluded: a profile whose
     engine is a local command, which runs only after recording), against the same session idle;
  3. peak memory (ru_maxrss) of `voicesh record` and `voicesh listen` (edge engine) for 10 s,
     60 s and 10 min of audio from an ALSA `file` PCM, beside the audio itself (32 kB/s).
Keystroke echo with dictation idle is Benchmarks/ssh_bench.py's (the same client, vs ssh).
It prints figures only and asserts nothing; every wait has a deadline.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import ROOT, Session, arguments, percentile, sshd  # noqa: E402

TOGGLE = b"\x1d"
PROMPT = b"remote> "
HINTS = "⏎".encode()  # the key hints close the transcript's line, long or short
CPR = b"\x1b[6n"


class Terminal(Session):
    """A Session whose pty answers `CSI 6n` (the cursor is reported at the prompt's end)."""

    answered = 0

    def pump(self, needle, timeout):
        deadline = time.monotonic() + timeout
        while True:
            asked = self.buffer.count(CPR)
            while self.answered < asked:
                os.write(self.fd, b"\x1b[1;9R")
                self.answered += 1
            # A needle, or a tuple of them: any of them.
            if needle is not None and any(n in self.buffer for n in (needle if isinstance(needle, tuple) else (needle,))):
                return time.monotonic()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            data = self.read(min(left, 0.05))
            if data is None:
                return None
            self.buffer += data


def speech(work, name, words, seconds):
    """Spoken `words` as a 16 kHz WAV of `seconds` (padded), with a microphone's noise floor."""
    raw, padded, floor, out = (os.path.join(work, f"{name}-{part}.wav") for part in ("raw", "pad", "floor", "out"))
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", raw, words], check=True)
    subprocess.run(["sox", "-R", raw, "-r", "16000", padded, "pad", "0.3", "0.3"], check=True)
    length = float(subprocess.run(["soxi", "-D", padded], capture_output=True, text=True).stdout)
    if length < seconds:
        subprocess.run(["sox", "-R", raw, "-r", "16000", padded, "pad", "0.3", str(seconds - length + 0.3)], check=True)
        length = seconds
    subprocess.run(["sox", "-R", "-n", "-r", "16000", "-c", "1", floor, "synth", str(length), "pinknoise", "vol", "0.004"], check=True)
    subprocess.run(["sox", "-R", "-m", padded, floor, out], check=True)
    return out, length


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def session(voicesh, env, profile, wav):
    argv = [voicesh, "connect", "--audio-file", wav, profile, "--", "env PS1='remote> ' bash --norc --noprofile -i"]
    term = Terminal(argv, env)
    if term.pump(PROMPT, 30) is None:
        raise SystemExit(f"no prompt from {profile}: {term.buffer[-300:]!r}")
    return term


def record(term, key, seconds):
    """A take started with `key`, `seconds` of the audio played, stopped with `key` again;
    returns when it was stopped, or None when no recording started."""
    term.buffer = b""
    term.answered = 0
    os.write(term.fd, key)
    if term.pump("● rec".encode(), 10) is None:
        return None
    term.pump(None, seconds + 0.05)
    term.buffer = b""
    term.answered = 0
    stopped = time.monotonic()
    os.write(term.fd, key)
    return stopped


def dictate(term, seconds):
    """One dictation; returns ms from the stopping toggle to the drawn transcript, or None."""
    stopped = record(term, TOGGLE, seconds)
    if stopped is None:
        return None
    shown = term.pump(HINTS, 60)
    os.write(term.fd, b"\x1b")  # discard
    term.pump(None, 0.3)
    return None if shown is None else (shown - stopped) * 1000


def peak_memory(argv, env):
    process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        print(f"  ({' '.join(argv[1:3])} failed: {process.stderr.read().decode().strip()})")
    return usage.ru_maxrss / 1024  # MiB


def main():
    args = arguments(__doc__, ("--runs", 10, None),
                     ("--learn", 50, "recordings `voicesh adapt` learns the voice from; 0 measures only the latency with the stock model"),
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    work = tempfile.mkdtemp(prefix="voicesh-dictation-bench-")
    sandbox = os.path.join(work, "sshd")
    try:
        with sshd(sandbox) as port:
            dictation(args, work, sandbox, port)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def dictation(args, work, sandbox, port):
    """The figures, against the sshd on `port`."""
    home = os.path.join(work, "home")
    os.makedirs(home)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "VOICESH_HOME": os.path.join(work, "state"), "SWIFT_BACKTRACE": "enable=no"}
    key, known = os.path.join(sandbox, "id_ed25519"), os.path.join(sandbox, "known_hosts")
    user = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
    for name, engine in [("edge", ["--engine", "edge"]), ("cheap", ["--engine", "edge"])]:
        subprocess.run([args.voicesh, "profile", "add", name, "--host", f"{user}@127.0.0.1:{port}",
                        "--identity", key, "--known-hosts", known] + engine, env=env, check=True, capture_output=True)
    subprocess.run([args.voicesh, "profile", "set", "cheap", "engine.recognizer=command", "engine.command=echo ls"],
                   env=env, check=True, capture_output=True)
    # 10 minutes of audio from a source faster than real time reach the recogniser at once.
    subprocess.run([args.voicesh, "profile", "set", "edge", "engine.timeout=600"], env=env, check=True,
                   capture_output=True)

    short, short_len = speech(work, "short", "git status", 2)
    long_words = ("sudo systemctl restart nginx and and journal control dash u nginx dash dash since today "
                  "pipe grep dash i error pipe tail dash n fifty")
    long, long_len = speech(work, "long", long_words, 10)

    print(f"voicesh dictation benchmark — {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, "
          f"{args.runs} runs per figure, release build")
    def text_on_screen():
        for label, wav, length in [("~2 s utterance", short, short_len), ("~10 s utterance", long, long_len)]:
            term = session(args.voicesh, env, "edge", wav)
            first = dictate(term, length)  # the session's first: the model loads while it records
            times = [t for t in (dictate(term, length) for _ in range(args.runs)) if t is not None]
            os.write(term.fd, b"exit\r")
            term.finish()
            if times:
                print(f"   {label} ({length:.1f} s): median {percentile(times, 50):.0f} ms, "
                      f"p95 {percentile(times, 95):.0f} ms, min {min(times):.0f}, max {max(times):.0f} "
                      f"({len(times)}/{args.runs} runs); the session's first: "
                      + ("no transcript" if first is None else f"{first:.0f} ms"))
            else:
                print(f"   {label}: no transcript was drawn")

    print("\n1. End of recording -> text on screen (edge engine, pocketsphinx)")
    text_on_screen()
    if args.learn == 0:
        return  # latency only
    # The same after `voicesh adapt` learnt the voice from corpus commands (never these two).
    corpus = open(os.path.join(ROOT, "Sources/LocalRecognizer/Resources/shell-corpus.txt")).read()
    prompts = [line.strip() for line in corpus.splitlines() if 3 <= len(line.split()) <= 8]  # ShellCorpus.prompts
    learn = os.path.join(work, "learn")
    os.makedirs(learn)
    for i in range(args.learn):
        text = prompts[(i * 7919) % len(prompts)]
        shutil.move(speech(work, f"learn{i}", text, 0)[0], os.path.join(learn, f"{i}.wav"))
        with open(os.path.join(learn, f"{i}.txt"), "w") as f:
            f.write(text + "\n")
    subprocess.run([args.voicesh, "adapt", "--from", learn], env=env, check=True, capture_output=True)
    print(f"   with the voice learnt from {args.learn} recordings (voicesh adapt):")
    text_on_screen()

    print("\n2. CPU of the voicesh process (capture + level meter + drawing; no recogniser)")
    term = session(args.voicesh, env, "cheap", long)
    before = cpu_seconds(term.pid)
    term.pump(None, 10)
    idle = cpu_seconds(term.pid) - before
    os.write(term.fd, TOGGLE)
    term.pump("● rec".encode(), 10)
    before = cpu_seconds(term.pid)
    term.pump(None, 10)
    recording = cpu_seconds(term.pid) - before
    os.write(term.fd, b"\x1b")
    term.pump(None, 0.3)
    os.write(term.fd, b"exit\r")
    term.finish()
    print(f"   idle at the prompt: {idle / 10 * 100:.2f} % of one core")
    print(f"   recording (10 s): {recording / 10 * 100:.2f} % of one core")

    print("\n3. Peak memory (ru_maxrss) by recording length; audio is 16 kHz mono PCM16 = 32 kB/s")
    long_raw = os.path.join(work, "ten-minutes.raw")
    subprocess.run(["sox", "-R", long, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000",
                    long_raw, "repeat", str(int(600 / long_len) + 1)], check=True)
    with open(os.path.join(home, ".asoundrc"), "w") as f:
        f.write(f'pcm.replay {{ type file; slave.pcm "null"; file "/dev/null"; infile "{long_raw}"; format "raw" }}\n')
    print("   seconds   audio MiB   record MiB (- audio)   listen, edge MiB (- audio)")
    for seconds in (10, 60, 600):
        audio = seconds * 32000 / 2**20
        rec = peak_memory([args.voicesh, "record", "--device", "replay", "--seconds", str(seconds),
                           os.path.join(work, "rec.wav")], env)
        listen = peak_memory([args.voicesh, "listen", "--profile", "edge", "--device", "replay", "--seconds",
                              str(seconds)], env)
        print(f"   {seconds:7d}   {audio:9.1f}   {rec:10.1f} ({rec - audio:6.1f})        "
              f"{listen:10.1f} ({listen - audio:6.1f})")


if __name__ == "__main__":
    main()
