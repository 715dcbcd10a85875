#!/usr/bin/env python3
"""A spoken request inside `voicesh connect`, measured against a loopback sshd.

    Benchmarks/intent_session_bench.py [VOICESH] [--runs N]

VOICESH defaults to .build/release/voicesh. The client runs on a pseudo-terminal as in
dictation_bench.py; `--audio-file` plays one request said by espeak-ng (with a noise floor) at a
microphone's pace. Each take is the intent key, the request, the intent key again; from that
second key, the times until
  1. the request is heard (the line says "writing a command": the ears are done),
  2. the model's command is drawn: ready to confirm with its keys if it passed the check (its
     explanation still coming), else dim while the rest comes (the draft),
  3. the checked command stands on the line with its keys, ready to confirm.
It also counts the takes whose command was ready at once (no dim draft seen).
The session's first take (the model may still be loading) is shown apart; the rest are warm.
The local intent model is the one `scripts/setup` installs, kept by the session as it ships.
It prints figures only and asserts nothing; every wait has a deadline.
"""
import os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import arguments, percentile, sshd  # noqa: E402
import dictation_bench  # noqa: E402

INTENT = b"\x1c"  # ctrl-\, the profile's intent key by default
REQUEST = "how do I count the lines in every text file here"


def take(term, seconds):
    """One spoken request; ms from the stopping key to each of the three marks (None: not seen)."""
    stopped = dictation_bench.record(term, INTENT, seconds)
    if stopped is None:
        return None
    draft = " s · esc cancel".encode()
    marks = [term.pump(needle, 90) for needle in
             ("writing a command".encode(), (draft, dictation_bench.HINTS), dictation_bench.HINTS)]
    at_once = draft not in term.buffer
    os.write(term.fd, b"\x1b")  # discard
    term.pump(None, 0.5)
    return None if None in marks else [(mark - stopped) * 1000 for mark in marks] + [at_once]


def main():
    args = arguments(__doc__, ("--runs", 8, None))
    work = tempfile.mkdtemp(prefix="voicesh-intent-session-bench-")
    sandbox = os.path.join(work, "sshd")
    try:
        with sshd(sandbox) as port:
            home = os.path.join(work, "home")
            os.makedirs(home)
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm-256color",
                   "LANG": "C.UTF-8", "VOICESH_HOME": os.path.join(work, "state"), "XDG_RUNTIME_DIR": work,
                   "SWIFT_BACKTRACE": "enable=no"}
            key, known = os.path.join(sandbox, "id_ed25519"), os.path.join(sandbox, "known_hosts")
            user = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
            subprocess.run([args.voicesh, "profile", "add", "edge", "--host", f"{user}@127.0.0.1:{port}",
                            "--identity", key, "--known-hosts", known, "--engine", "edge"],
                           env=env, check=True, capture_output=True)
            wav, length = dictation_bench.speech(work, "request", REQUEST, 3)
            term = dictation_bench.session(args.voicesh, env, "edge", wav)
            first = take(term, length)
            warm = [t for t in (take(term, length) for _ in range(args.runs)) if t is not None]
            os.write(term.fd, b"exit\r")
            term.finish()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"voicesh intent in a session — {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, "
          f"a {length:.1f} s request (espeak-ng), {len(warm)}/{args.runs} warm takes")
    print(f"   ready at once (passed the check, no dim draft): {sum(t[3] for t in warm)} of {len(warm)}")
    for index, label in enumerate(["heard (the ears done)", "command drawn (ready or dim)", "checked command, ready"]):
        times = [t[index] for t in warm]
        if times:
            print(f"   {label}: median {percentile(times, 50):.0f} ms, p95 {percentile(times, 95):.0f} ms"
                  + ("" if first is None else f"; the session's first: {first[index]:.0f} ms"))
        else:
            print(f"   {label}: not seen")


if __name__ == "__main__":
    main()
