#!/usr/bin/env python3
"""Compares `voicesh connect` with OpenSSH's `ssh -tt` against the same loopback sshd.

    Benchmarks/ssh_bench.py [VOICESH] [--runs N] [--keys N] [--bulk-mb N] [--jump] [--decoding] [--trace FILE]

VOICESH defaults to .build/release/voicesh (relative to the repository root), built as it
ships by scripts/build-release. Both clients run inside a pseudo-terminal (80x24) that is
their controlling tty, with HOME pointing to an empty temporary directory and no ssh-agent.
Measures:
  1. start-up: process start to the first byte of the remote shell's prompt (`$ `);
  2. keystroke echo: one character written to the pty until it comes back, through a remote
     `cat` whose tty is in its default cooked+echo mode, both clients open at once and each key
     going to one and then the other (the order alternating), so the machine's drifts fall on
     both alike; for voicesh also with an empty state directory, so that its edge model is
     being built in the background while the keys go;
  3. bulk output: `head -c N /dev/urandom | base64` read from the pty until the client exits;
  4. peak memory and CPU time of the client during the bulk run. Peak memory is the client's
     own high-water mark (VmHWM in /proc/PID/status, read while it runs): ru_maxrss would also
     count the Python child that execs the client (a floor of ~18 MiB for both), so it is
     printed apart, for comparison with figures measured before;
  5. peak memory of the idle session before any dictation (VmHWM at the end of the echo runs),
     with a warm model cache and while the model is being built;
  6. with --decoding, keystroke echo again for both clients while a take (an espeak-ng line of
     ours, ~6 s) is decoded over and over by both ears (`voicesh transcribe` with an edge profile:
     pocketsphinx, then Whisper in its child), each a cold `transcribe` that also starts the
     Whisper child and loads both models (more load than a session, whose child stays up). The
     decoding runs in processes of their own beside the session, not inside it: the session's own
     thread contention is not measured.
With --jump, both clients go through a jump host: a second sshd (the bastion, 127.0.0.1) in
front of the target (127.0.0.2), `voicesh connect -J` against `ssh -J`, with the same ssh_config
(-F) for both; start-up, echo and bulk are measured, not the model-building rows.
Percentiles are nearest-rank: with 10 runs, p95 is the slowest run. With --trace FILE each key's
echo goes to FILE with when it was typed, to see where the slow ones fall. Run the binary where
the build left it: a copy without its resource bundles runs a smaller session than users do.
It prints figures only and asserts nothing; every wait has a deadline.
"""
import datetime, os, platform, statistics, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Session, arguments, clean_env, percentile, sshd  # noqa: E402
PROMPT = b"$ "
SHELL = "env PS1='$ ' bash --norc --noprofile -i"
READY = "echo READY; exec cat"  # cat leaves the remote tty in its default cooked+echo mode


def start_up(client, env):
    """Seconds from process start to the prompt, or None; the shell is then told to exit."""
    session = Session(client(SHELL), env)
    seen = session.expect(PROMPT, 30)
    if seen is not None:
        os.write(session.fd, b"exit\r")
    status = session.finish()
    return None if seen is None or status != 0 else seen - session.start


TRACE = None  # --trace: a file that gets one line per key (client, seconds since the first key, ms)


def echo(clients, keys):
    """Keystroke echo for every client at once: each key goes to each client in turn (the
    first one first on even keys, last on odd ones), so a drift in the machine's load (a CPU
    waking from idle, another process's burst) falls on all of them alike rather than on
    whichever ran then. `clients`: {name: (argv for a command, env)}. Returns {name:
    [milliseconds from writing a key to the pty master until it is echoed back]} and {name:
    VmHWM KiB}."""
    sessions = {name: Session(client(READY), env) for name, (client, env) in clients.items()}
    times = {name: [] for name in sessions}
    if all(session.expect(b"READY\r\n", 30) is not None for session in sessions.values()):
        deadline = time.monotonic() + 10  # a client may enter raw mode just after that
        while not all(session.raw() for session in sessions.values()) and time.monotonic() < deadline:
            time.sleep(0.01)
        for session in sessions.values():
            session.buffer = b""
        first, names, stopped = time.monotonic(), list(sessions), False
        for i in range(keys):
            key = bytes([ord("a") + i % 26])
            for name in names if i % 2 == 0 else names[::-1]:
                session = sessions[name]
                time.sleep(0.002)  # a pause, so that keys are not batched with the previous echo
                ms = session.echo_ms(key, i)
                if ms is None:
                    stopped = True
                    break
                times[name].append(ms)
                if TRACE:
                    TRACE.write(f"{name} {time.monotonic() - first:.3f} {ms:.3f}\n")
                session.buffer = session.buffer[session.buffer.index(key) + 1:]
            if stopped:
                break
    peaks = {}
    for name, session in sessions.items():
        settle(session.pid)  # a model being prepared in the background is finished first
        peaks[name] = high_water(session.pid)  # the session so far: connected, keys echoed, idle
        os.write(session.fd, b"\r\x04")  # ends the line, then EOF: cat exits
        status = session.finish()
        if status != 0:
            print(f"  echo: {name} exited with {status}", file=sys.stderr)
    return times, peaks


class Decoding:
    """`voicesh transcribe` of one take with an edge profile (both ears), over and over on a
    thread of its own until stopped; counts the decodings that gave text."""

    LINE = "find slash home dash type f dash name star dot log pipe xargs rm dash f"

    def __init__(self, voicesh, home):
        self.env = clean_env(home, VOICESH_WHISPER_HOME="/usr/local/lib/voicesh/whisper")
        self.take = os.path.join(home, "take.wav")
        raw = self.take + ".raw.wav"
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", raw, self.LINE], check=True)
        subprocess.run(["sox", "-R", raw, "-r", "16000", "-c", "1", "-b", "16", self.take, "pad", "0.3", "0.3"],
                       check=True)
        subprocess.run([voicesh, "profile", "add", "ears", "--host", "h", "--engine", "edge"], env=self.env,
                       check=True, capture_output=True)
        self.command = [voicesh, "transcribe", "--profile", "ears", self.take]
        self.warm = self.once()  # builds the edge model first: the loop times cold takes, not the build
        self.stop, self.done, self.failed, self.seconds = threading.Event(), 0, 0, []
        self.thread = threading.Thread(target=self.loop, daemon=True)

    def once(self):
        result = subprocess.run(self.command, env=self.env, capture_output=True, text=True, timeout=300)
        return result.returncode == 0 and result.stdout.strip() != ""

    def loop(self):
        while not self.stop.is_set():
            started = time.monotonic()
            ok = self.once()
            self.done += ok
            self.failed += not ok
            self.seconds.append(time.monotonic() - started)

    def __enter__(self):
        self.thread.start()
        time.sleep(1)  # the first decoding under way before the first key
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.thread.join(timeout=300)


def settle(pid, quiet=0.5, limit=30):
    """Waits until the process has used no CPU for `quiet` seconds (at most `limit` seconds)."""
    def ticks():
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])  # utime + stime
        except OSError:
            return None
    deadline, last = time.monotonic() + limit, ticks()
    while last is not None and time.monotonic() < deadline:
        time.sleep(quiet)
        now = ticks()
        if now == last:
            return
        last = now


def high_water(pid):
    """The process's own peak RSS in KiB (VmHWM), or 0 once it has gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return next((int(line.split()[1]) for line in status if line.startswith("VmHWM:")), 0)
    except OSError:
        return 0


def bulk(client, env, megabytes):
    """(MB/s from the first to the last byte, bytes, exit status, VmHWM KiB, CPU seconds, ru_maxrss KiB)."""
    # The pause after the output keeps the client alive for a last reading of its peak memory.
    session = Session(client(f"head -c {megabytes * 1000000} /dev/urandom | base64; sleep 0.5"), env)
    received, first, last, peak, sampled = 0, None, None, 0, 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        data = session.read(0.1)
        if data is None:
            break
        now = time.monotonic()
        if now - sampled >= 0.1:
            peak, sampled = max(peak, high_water(session.pid)), now
        if data:
            first = first or now
            last = now
            received += len(data)
    status = session.finish(1)
    usage = session.rusage
    rate = received / 1e6 / (last - first) if first and last > first else float("nan")
    return rate, received, status, peak, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    args = arguments(__doc__.split("\n")[0], ("--runs", 10, "start-up runs per client"),
                     ("--keys", 2000, "keystrokes per client"), ("--bulk-mb", 50, "MB of random data (base64-encoded)"),
                     ("--jump", False, "through a bastion: voicesh -J against ssh -J"),
                     ("--decoding", False, "echo again while both ears decode a take in a loop"),
                     ("--trace", "", "write each key's echo (client, seconds since the first key, ms) to this file"))
    voicesh = args.voicesh
    global TRACE
    TRACE = open(args.trace, "w") if args.trace else None
    # A copy of the binary alone finds none of its bundles: no intent model, no context script,
    # and a session then does far less than the one users run.
    if not os.path.isdir(os.path.join(os.path.dirname(voicesh), "voicesh_ChatModel.resources")):
        print(f"# note: {voicesh} has no resource bundles beside it: this session is not the shipped one",
              file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="ssh-bench-") as tmp:
        sandbox, home = os.path.join(tmp, "sshd"), os.path.join(tmp, "home")
        os.makedirs(home)
        with sshd(sandbox) as port:
            if args.jump:
                return jump(voicesh, sandbox, port, tmp, home, args)
            key, known = os.path.join(sandbox, "id_ed25519"), os.path.join(sandbox, "known_hosts")
            # Same environment for both: no agent, no user config or keys, no voicesh state.
            env = clean_env(home, TERM="xterm-256color")
            clients = {
                "voicesh": lambda command: [voicesh, "connect", "-i", key, "--known-hosts", known,
                                            f"root@127.0.0.1:{port}", "--", command],
                "ssh": lambda command: ["ssh", "-tt", "-i", key, "-o", f"UserKnownHostsFile={known}",
                                        "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes",
                                        "-p", port, "root@127.0.0.1", command],
            }
            run(clients, env, args)


def jump(voicesh, bastion, bastion_port, tmp, home, args):
    """Both clients through the bastion to a target sshd on 127.0.0.2 that takes the same key."""
    target = os.path.join(tmp, "target")
    with sshd(target, address="127.0.0.2") as port:
        key = os.path.join(bastion, "id_ed25519")
        with open(os.path.join(target, "authorized_keys"), "a") as keys, open(key + ".pub") as public:
            keys.write(public.read())
        known = os.path.join(tmp, "known_hosts")
        with open(known, "w") as out:
            for sandbox in (bastion, target):
                with open(os.path.join(sandbox, "known_hosts")) as lines:
                    out.write(lines.read())
        config = os.path.join(tmp, "ssh_config")
        with open(config, "w") as out:
            out.write(f"Host *\n  User root\n  IdentityFile {key}\n  UserKnownHostsFile {known}\n"
                      "  StrictHostKeyChecking yes\n  BatchMode yes\n")
        env = clean_env(home, TERM="xterm-256color")
        hop = f"127.0.0.1:{bastion_port}"
        clients = {
            "voicesh": lambda command: [voicesh, "connect", "-F", config, "-J", hop, f"127.0.0.2:{port}", "--",
                                        command],
            "ssh": lambda command: ["ssh", "-tt", "-F", config, "-J", hop, "-p", port, "127.0.0.2", command],
        }
        run(clients, env, args, through=hop)


def run(clients, env, args, through=None):
    load = os.getloadavg()
    names = list(clients)
    starts = {name: [] for name in names}
    failures = {name: 0 for name in names}
    for i in range(args.runs):  # alternating, so that drifts in machine load hit both
        for name in names if i % 2 == 0 else names[::-1]:
            seconds = start_up(clients[name], env)
            if seconds is None:
                failures[name] += 1
            else:
                starts[name].append(seconds * 1000)
    # A start-up run exits before voicesh's model is ready: one session that waits for it fills
    # the cache, so the rows below without "builds its model" measure a warm cache.
    echo({"voicesh-warm-up": (clients["voicesh"], env)}, 1)
    echoes, idle = echo({name: (clients[name], env) for name in names}, args.keys)
    # voicesh again with an empty state directory: its edge model is built in the background
    # (corpus, dictionary, language model) while the keys are typed; ssh beside it again.
    preparing, idle_cold = dict(echoes), dict(idle)
    if through is None:
        cold = dict(env, VOICESH_HOME=tempfile.mkdtemp(prefix="voicesh-cold-", dir=env["HOME"]))
        preparing, idle_cold = echo({"voicesh": (clients["voicesh"], cold), "ssh": (clients["ssh"], env)}, args.keys)
    decoding, busy = None, {}
    if args.decoding and through is None:
        decoding = Decoding(args.voicesh, tempfile.mkdtemp(prefix="voicesh-decoding-", dir=env["HOME"]))
        with decoding:
            busy = echo({name: (clients[name], env) for name in names}, args.keys)[0]
    bulks = {name: bulk(clients[name], env, args.bulk_mb) for name in names}
    # The same output on a local pty, without SSH: the ceiling the pty and base64 set here.
    local = bulk(lambda command: ["sh", "-c", command], env, args.bulk_mb)[0]

    rows = []  # (measure, value per client, unit format, which direction is better)
    def add(measure, values, fmt, better):
        rows.append((measure, [values[n] for n in names], fmt, better))
    stat = lambda table, f: {n: f(table[n]) if table[n] else float("nan") for n in names}
    add(f"start-up to prompt, median (ms, {args.runs} runs)", stat(starts, statistics.median), "{:.1f}", "lower")
    add("start-up to prompt, p95 (ms)", stat(starts, lambda v: percentile(v, 95)), "{:.1f}", "lower")
    add(f"keystroke echo, p50 (ms, {args.keys} keys)", stat(echoes, lambda v: percentile(v, 50)), "{:.3f}", "lower")
    add("keystroke echo, p99 (ms)", stat(echoes, lambda v: percentile(v, 99)), "{:.3f}", "lower")
    if through is None:
        add("keystroke echo while voicesh builds its model, p50 (ms)", stat(preparing, lambda v: percentile(v, 50)),
            "{:.3f}", "lower")
        add("keystroke echo while voicesh builds its model, p99 (ms)", stat(preparing, lambda v: percentile(v, 99)),
            "{:.3f}", "lower")
    if busy:
        add("keystroke echo while both ears decode a take, p50 (ms)", stat(busy, lambda v: percentile(v, 50)),
            "{:.3f}", "lower")
        add("keystroke echo while both ears decode a take, p99 (ms)", stat(busy, lambda v: percentile(v, 99)),
            "{:.3f}", "lower")
    add("idle session before any dictation, peak RSS, VmHWM (MiB)", {n: idle[n] / 1024 for n in names}, "{:.1f}",
        "lower")
    if through is None:
        add("the same while voicesh builds its model (MiB)", {n: idle_cold[n] / 1024 for n in names}, "{:.1f}",
            "lower")
    add(f"bulk output, {args.bulk_mb} MB random as base64 (MB/s)", {n: bulks[n][0] for n in names}, "{:.1f}", "higher")
    add("bulk output, peak RSS of the client, VmHWM (MiB)", {n: bulks[n][3] / 1024 for n in names}, "{:.1f}", "lower")
    add("bulk output, ru_maxrss incl. the forking Python child (MiB)", {n: bulks[n][5] / 1024 for n in names},
        "{:.1f}", "lower")
    add("bulk output, client CPU time user+sys (s)", {n: bulks[n][4] for n in names}, "{:.2f}", "lower")

    how = f"through the jump host {through} (-J) to 127.0.0.2" if through else "loopback sshd"
    print(f"# voicesh vs ssh -tt, {how}, {datetime.datetime.now().isoformat(timespec='seconds')}, "
          f"load average {load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")
    print(f"# machine: {os.cpu_count()} CPUs (nproc {len(os.sched_getaffinity(0))}), "
          f"Linux {platform.release()}, {subprocess.run(['ssh', '-V'], capture_output=True, text=True).stderr.strip()}")
    print()
    print("| measure | voicesh | ssh | voicesh/ssh | better |")
    print("|---|---|---|---|---|")
    for measure, (mine, theirs), fmt, better in rows:
        ratio = mine / theirs if theirs else float("nan")
        print(f"| {measure} | {fmt.format(mine)} | {fmt.format(theirs)} | {ratio:.2f} | {better} |")
    print()
    print("Ratio voicesh/ssh: below 1 is better for voicesh on 'lower' lines, above 1 on 'higher' lines.")
    print(f"Reference: the bulk command on a local pty, without SSH: {local:.1f} MB/s.")
    if decoding:
        print(f"Decoding beside the echo runs: {decoding.done} takes with text, {decoding.failed} without "
              f"(warm-up {'gave text' if decoding.warm else 'gave NO text'}), "
              f"{statistics.median(decoding.seconds) if decoding.seconds else float('nan'):.2f} s median each.")
    for name in names:
        rate, received, status = bulks[name][:3]
        print(f"{name}: start-up failures {failures[name]}/{args.runs}, echoes {len(echoes[name])}/{args.keys}, "
              f"bulk bytes received {received}, bulk exit status {status}")


if __name__ == "__main__":
    main()
