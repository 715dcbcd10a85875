#!/usr/bin/env python3
"""Measures the stream engine through `voicesh transcribe` against the local providers.

    Benchmarks/stream_bench.py [VOICESH] [--runs N] [--seconds S] [--drops N]
        [--stall-runs N] [--stall-for S] [--stall-only]

VOICESH defaults to .build/release/voicesh. The servers are Tests/Fixtures/ws_stt_server.py
(AssemblyAI v3, Deepgram, voicesh stream v1), which log the arrival time of every frame on the
same monotonic clock as this script. Measures, per provider:
  1. frame cadence: mean interval between binary frames and its jitter (standard deviation,
     p99 of |interval - nominal|) against the provider's nominal frame length;
  2. end of recording to final text: from the arrival of the last audio frame at the server to
     the exit of voicesh with the text, minus the server's own --final-delay;
  3. bytes per second of audio: audio payload and, with WebSocket framing (client frames carry
     a 6- or 8-byte header with the mask) and control messages, against raw PCM (32000 B/s);
  4. CPU time (user+sys) of voicesh per second of audio.
Then the generic provider over a long recording with forced disconnects (the server drops the
TCP connection with no close frame every 26 frames until --drops drops): segments lost and
duplicated, and whether the server's audio equals the recording byte for byte.
Then a network stall (AssemblyAI, --stall-runs runs): the server stops reading a second into
the recording for --stall-for seconds, with a small receive buffer so the stall reaches the
client as a stalled network does; measured are the most audio any 1 s window carried after
reading resumed (the service allows 1 s: 3007 otherwise), the audio that arrived at once when
it resumed, how the stream closed, and how long the backlog took to go out.
It prints figures only and asserts nothing; every wait has a deadline.
"""
import json, os, resource, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import ROOT, arguments, clean_env  # noqa: E402

SERVER = os.path.join(ROOT, "Tests/Fixtures/ws_stt_server.py")
NOMINAL_MS = {"assemblyai": 50, "deepgram": 40, "generic": 40}
PATHS = {"assemblyai": "/v3/ws", "deepgram": "/v1/listen", "generic": "/v1/stream"}
FINAL_DELAY = 0.2


def start_server(provider, log, *extra):
    process = subprocess.Popen(
        ["/usr/bin/python3", SERVER, "--provider", provider, "--text", "git status | docker ps", "--log", log,
         "--lifetime", "900", "--final-delay", str(FINAL_DELAY), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return process, int(process.stdout.readline())


def events(log, kind):
    with open(log) as f:
        return [e for e in map(json.loads, f) if e.get("event") == kind]


def transcribe(voicesh, env, profile, wav, timeout):
    """Runs voicesh; returns (exit time on the monotonic clock, user+sys CPU seconds, stdout, stderr)."""
    process = subprocess.Popen([voicesh, "transcribe", "--profile", profile, wav], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            ended = time.monotonic()
            break
        if time.monotonic() > deadline:
            process.kill()
            raise SystemExit(f"voicesh did not finish within {timeout} s")
        time.sleep(0.002)
    out, err = process.stdout.read(), process.stderr.read()
    return ended, usage.ru_utime + usage.ru_stime, out.strip(), err.strip()


def profile(voicesh, env, tmp, name, provider, port, extra=""):
    path = os.path.join(tmp, f"{name}.toml")
    with open(path, "w") as f:
        f.write(f'name = "{name}"\nhost = "h"\n[engine]\nkind = "stream"\nprovider = "{provider}"\n'
                f'url = "ws://127.0.0.1:{port}{PATHS[provider]}"\ntimeout = 60\n{extra}')
    subprocess.run([voicesh, "profile", "import", path, "--replace"], env=env, check=True, capture_output=True)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))]


def measure(voicesh, env, tmp, provider, wav, seconds, runs):
    intervals, latencies, cpu, payload, wire = [], [], [], [], []
    for run in range(runs):
        log = os.path.join(tmp, f"{provider}-{run}.log")
        server, port = start_server(provider, log)
        try:
            profile(voicesh, env, tmp, provider, provider, port)
            ended, used, out, err = transcribe(voicesh, env, provider, wav, seconds + 60)
            if out != "git status docker ps":
                print(f"  {provider}: unexpected text {out!r} ({err})", file=sys.stderr)
            frames = events(log, "binary")
            texts = events(log, "text")
            times = [e["t"] for e in frames]
            intervals += [b - a for a, b in zip(times, times[1:])]
            latencies.append(ended - times[-1] - FINAL_DELAY)
            cpu.append(used / seconds)
            audio = sum(e["bytes"] for e in frames)
            framing = sum(6 if e["bytes"] < 126 else 8 for e in frames)
            control = sum(len(e["message"].encode()) + 6 for e in texts)
            payload.append(audio / seconds / 32000)
            wire.append((audio + framing + control) / seconds / 32000)
        finally:
            server.kill()
            server.wait()
    nominal = NOMINAL_MS[provider] / 1000
    return {
        "mean": statistics.mean(intervals) * 1000, "sd": statistics.pstdev(intervals) * 1000,
        "p99dev": percentile([abs(i - nominal) for i in intervals], 99) * 1000, "nominal": nominal * 1000,
        "latency": statistics.median(latencies) * 1000, "latency_max": max(latencies) * 1000,
        "payload": statistics.median(payload), "wire": statistics.median(wire),
        "cpu": statistics.median(cpu) * 100,
    }


def disconnects(voicesh, env, tmp, wav, seconds, drops):
    log = os.path.join(tmp, "drops.log")
    server, port = start_server("generic", log, "--drop-every", "26", "--max-drops", str(drops), "--expect-wav", wav)
    try:
        profile(voicesh, env, tmp, "drops", "generic", port)
        ended, used, out, err = transcribe(voicesh, env, "drops", wav, seconds * 3 + 120)
    finally:
        server.kill()
        server.wait()
    end = events(log, "session_end")
    accepted = [e for e in events(log, "segment") if not e["duplicate"]]
    expected = -(-seconds * 16000 // 16000)
    starts = {e["start"] for e in accepted}
    return {
        "drops": len(events(log, "drop")), "connections": len(events(log, "connect")),
        "lost": expected - len(starts), "duplicated": end[0]["duplicates"] if end else None,
        "gaps": end[0]["gaps"] if end else None, "matches": bool(end and end[0]["matches"]),
        "text": out, "notice": err,
    }


def stall(voicesh, env, tmp, wav, seconds, stall_for, run):
    log = os.path.join(tmp, f"stall-{run}.log")
    server, port = start_server("assemblyai", log, "--stall-at", "1", "--stall-for", str(stall_for))
    try:
        profile(voicesh, env, tmp, "stall", "assemblyai", port)
        ended, used, out, err = transcribe(voicesh, env, "stall", wav, seconds + stall_for + 60)
    finally:
        server.kill()
        server.wait()
    resumed = events(log, "resume")[0]["t"]
    frames = [(e["t"], e["bytes"] / 32000) for e in events(log, "binary") if e["t"] >= resumed]
    windows = [sum(a for u, a in frames if t - 1 < u <= t) for t, _ in frames]
    return {
        "worst": max(windows, default=0), "burst": sum(a for t, a in frames if t < resumed + 0.05),
        "closes": [e["code"] for e in events(log, "server_close")],
        "drained": frames[-1][0] - resumed if frames else 0, "after": sum(a for _, a in frames), "text": out,
    }


def cadence_and_disconnects(voicesh, env, tmp, wav, args):
    print(f"stream engine, {args.runs} runs of {args.seconds} s per provider (medians)")
    print("| provider | frame (ms) | mean interval (ms) | jitter sd (ms) | p99 abs deviation (ms) "
          "| end of recording to text (ms, median / max) | payload / raw PCM | wire / raw PCM | CPU (% of a core) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for provider in ("assemblyai", "deepgram", "generic"):
        m = measure(voicesh, env, tmp, provider, wav, args.seconds, args.runs)
        print(f"| {provider} | {m['nominal']:.0f} | {m['mean']:.2f} | {m['sd']:.2f} | {m['p99dev']:.2f} "
              f"| {m['latency']:.0f} / {m['latency_max']:.0f} | {m['payload']:.3f} | {m['wire']:.3f} "
              f"| {m['cpu']:.1f} |", flush=True)
    seconds = max(args.seconds, args.drops + 10)
    long_wav = os.path.join(tmp, "long.wav")
    subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", long_wav, "synth", str(seconds),
                    "pinknoise", "vol", "0.3"], check=True)
    d = disconnects(voicesh, env, tmp, long_wav, seconds, args.drops)
    print(f"\ngeneric provider, {seconds} s recording, forced disconnects: {d['drops']} "
          f"({d['connections']} connections)")
    print(f"segments lost: {d['lost']}, duplicated: {d['duplicated']}, gaps: {d['gaps']}, "
          f"server audio == recording: {d['matches']}, text: {d['text']!r}, notice: {d['notice']!r}")


def main():
    args = arguments(__doc__.split("\n")[0], ("--runs", 3, "runs per provider"),
                     ("--seconds", 10, "length of the recording per run"),
                     ("--drops", 100, "forced disconnects in the resume run"),
                     ("--stall-runs", 3, "runs of the stall measurement"),
                     ("--stall-for", 5.0, "seconds the server stops reading"),
                     ("--stall-only", False, "measure the stall only"))
    voicesh = args.voicesh
    with tempfile.TemporaryDirectory(prefix="stream-bench-") as tmp:
        env = clean_env(tmp, drop=("XDG_", "VOICESH_"))
        wav = os.path.join(tmp, "noise.wav")
        subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", wav, "synth", str(args.seconds),
                        "pinknoise", "vol", "0.3"], check=True)
        if not args.stall_only:
            cadence_and_disconnects(voicesh, env, tmp, wav, args)
        stall_wav = os.path.join(tmp, "stall.wav")
        stall_seconds = max(args.seconds, 9)
        subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", stall_wav, "synth", str(stall_seconds),
                        "pinknoise", "vol", "0.3"], check=True)
        print(f"\nassemblyai, {stall_seconds} s recording, the server stops reading at 1 s for {args.stall_for:g} s:")
        print("| run | worst 1 s window after the stall (s of audio) | arrived at once on resume (s) "
              "| audio after the stall (s) | backlog out after (s) | server close | text |")
        print("|---|---|---|---|---|---|---|")
        for run in range(args.stall_runs):
            r = stall(voicesh, env, tmp, stall_wav, stall_seconds, args.stall_for, run)
            print(f"| {run + 1} | {r['worst']:.2f} | {r['burst']:.2f} | {r['after']:.2f} | {r['drained']:.2f} "
                  f"| {r['closes']} | {r['text']!r} |", flush=True)


if __name__ == "__main__":
    main()
