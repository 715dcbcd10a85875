#!/usr/bin/env python3
"""Non-speech through every engine kind (issue 22): 50 clips of 3 s with nobody speaking
(noise, silence, music-like tones, breath-like bursts, keyboard-like clicks; 10 each, made
with sox) through `voicesh transcribe` with an edge, local-command, server (each Whisper
dialect), stream (each provider) and hybrid profile, against the local fixtures:

    python3 Benchmarks/nonspeech_bench.py path/to/voicesh [--keep DIR] [--faster-whisper PYTHON]

--faster-whisper PYTHON adds a real Whisper base (Benchmarks/faster_whisper_server.py run by that
Python, which has faster-whisper and the weights installed, at temperature 0 only) behind a
server profile, on the first 2 clips of each kind (--faster-whisper-clips N for more).
--only NAME runs only the profiles whose name starts with NAME.

The fixtures answer as Whisper and the providers do on non-speech: the Whisper servers with a
confident transcript (mode ok: no_speech_prob 0.01, the worst case), with the scored invention
Whisper gives on silence (mode hallucinate) and with text and no scores at all (mode bare);
the providers with their scripted words; the local command always prints a line. "engine"
counts the clips the engine itself answered with text (what voicesh showed before the
voice-activity gate: it passed any non-empty text on); "shown" counts the clips voicesh shows.
Prints figures; asserts nothing."""
import os
import subprocess
import sys
import tempfile
import json
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(os.path.dirname(HERE), "Tests", "Fixtures")
R = ["-r", "16000", "-c", "1", "-b", "16"]


def sox(*args):
    subprocess.run(["sox", "-q", *args], check=True, stderr=subprocess.DEVNULL)


def clips(folder):
    """10 clips of each kind, 3 s, 16 kHz mono 16-bit."""
    made = []

    def path(kind, i):
        p = os.path.join(folder, "%s-%02d.wav" % (kind, i))
        made.append((kind, p))
        return p

    def join(parts, out, seconds=3):
        sox(*parts, *R, out, "pad", "0", str(seconds), "trim", "0", str(seconds))

    scratch = os.path.join(folder, "parts")
    os.makedirs(scratch, exist_ok=True)
    for i, level in enumerate([-60, -50, -45, -40, -35, -30, -25, -20, -15, -10], 1):
        sox("-n", *R, path("noise", i), "synth", "3", "pinknoise" if i % 2 == 0 else "brownnoise",
            "gain", "-n", str(level))
    for i in range(1, 11):
        if i <= 3:
            sox("-n", *R, path("silence", i), "trim", "0", "3")           # digital silence
        else:
            sox("-n", *R, path("silence", i), "synth", "3", "whitenoise", "gain", "-n", str(-95 + i * 3))
    notes = [220, 247, 262, 294, 330, 349, 392, 440, 494, 523]
    for i in range(1, 11):                   # chord sequences with attack/decay, gaps, tremolo
        a, b, c = notes[i % 10], notes[(i + 2) % 10], notes[(i + 4) % 10]
        parts = []
        for k in range(6):
            p = os.path.join(scratch, "c%d.wav" % k)
            length = "0.%d" % (3 + (i + k) % 4)
            extra = ["tremolo", "6", "40"] if i % 2 == 0 else []
            sox("-n", *R, p, "synth", length, "sine", str(a * (k % 3 + 2) // 2), "sine", str(b * (k % 2 + 2) // 2),
                "sine", str(c), "fade", "q", "0.02", length, "0.15", "gain", "-n", str(-(12 + i % 3 * 6)), *extra,
                "pad", "0", "0.0%d" % (k % 3 * 4))
            parts.append(p)
        join(parts, path("tones", i))
    for i in range(1, 11):                   # band-passed noise bursts with slow envelopes
        parts = []
        for k in range(3):
            burst, gap = os.path.join(scratch, "b%d.wav" % k), os.path.join(scratch, "s%d.wav" % k)
            sox("-n", *R, burst, "synth", "0.%d" % (5 + (i + k) % 4), "pinknoise", "band", str(600 + i * 150),
                str(400 + k * 200), "fade", "t", "0.2", "0", "0.25", "gain", "-n", str(-(18 + i % 4 * 5)))
            sox("-n", *R, gap, "synth", "0.%d" % (2 + (i + k) % 5), "whitenoise", "gain", "-n", "-75")
            parts += [burst, gap]
        join(parts, path("breath", i))
    for i in range(1, 11):                   # 6 ms ticks at a typing rhythm over a quiet floor
        parts = []
        for k in range(9 + i):
            tick, gap = os.path.join(scratch, "k%d.wav" % k), os.path.join(scratch, "g%d.wav" % k)
            sox("-n", *R, tick, "synth", "0.006", "whitenoise", "highpass", str(1500 + k * 97 % 800), "fade", "0",
                "0.006", "0.004", "gain", "-n", str(-(6 + (k * 7 + i) % 14)))
            sox("-n", *R, gap, "synth", "0.%02d" % (8 + (k * 37 + i * 11) % 17), "whitenoise", "gain", "-n", "-70")
            parts += [tick, gap]
        join(parts, path("clicks", i))
    return made


def answered(name, logs, command_log):
    """How many clips the engine itself answered with text, from the fixtures' own logs: a
    Whisper server's 200s, a provider's sessions (each gets the scripted words), the command's
    runs. The edge engine's own answer is not seen from outside ("-")."""
    def lines(path):
        try:
            with open(path) as f:
                return [json.loads(line) for line in f if line.strip()]
        except OSError:
            return []
    if name == "command":
        try:
            with open(command_log) as f:
                return str(sum(1 for _ in f))
        except OSError:
            return "0"
    if name.startswith("server-"):
        return str(sum(1 for e in lines(logs[name]) if e.get("status") == 200))
    if name.startswith("stream-"):
        return str(sum(1 for e in lines(logs[name]) if e.get("event") == "connect"))
    return "-"


class Fixture:
    def __init__(self, script, *args):
        self.process = subprocess.Popen(
            ["/usr/bin/python3", os.path.join(FIXTURES, script), *args, "--port", "0", "--lifetime", "3600"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.process.stdout.readline())

    def stop(self):
        self.process.kill()


def main():
    voicesh = os.path.abspath(sys.argv[1])
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    work = keep or tempfile.mkdtemp(prefix="nonspeech-")
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, VOICESH_HOME=home)
    folder = os.path.join(work, "clips")
    if os.path.isdir(folder):               # --keep: the clips of an earlier run
        made = sorted((name.split("-")[0], os.path.join(folder, name))
                      for name in os.listdir(folder) if name.endswith(".wav"))
    else:
        os.makedirs(folder)
        made = clips(folder)
    recogniser = os.path.join(work, "recogniser.sh")
    heard_by_command = os.path.join(work, "command-answers.log")
    with open(recogniser, "w") as f:       # a local recogniser that always hears something
        f.write("#!/bin/sh\necho answered >> '%s'\necho 'Thank you for watching.'\n" % heard_by_command)
    os.chmod(recogniser, 0o755)

    fixtures, profiles, logs = [], {}, {}

    def profile(name, engine, extra=""):
        text = 'name = "%s"\nhost = "example.com"\n[engine]\n%s\n%s' % (name, engine, extra)
        path = os.path.join(work, name + ".toml")
        with open(path, "w") as f:
            f.write(text)
        subprocess.run([voicesh, "profile", "rm", name], env=env, check=False, capture_output=True)
        subprocess.run([voicesh, "profile", "import", "--allow-command", path], env=env, check=True,
                       capture_output=True)
        profiles[name] = path

    profile("edge", 'kind = "edge"')
    profile("command", 'kind = "edge"\nrecognizer = "command"\ncommand = "%s {wav}"' % recogniser)
    for dialect in ["openai", "whisper.cpp", "asr-webservice", "transcribe"]:
        for mode in ["ok", "hallucinate", "bare"] if dialect != "transcribe" else ["ok"]:
            log = os.path.join(work, "server-%s-%s.log" % (dialect, mode))
            server = Fixture("stt_server.py", "--dialect", dialect, "--mode", mode, "--text", "git status",
                             "--log", log)
            fixtures.append(server)
            logs["server-%s-%s" % (dialect, mode)] = log
            profile("server-%s-%s" % (dialect, mode),
                    'kind = "server"\ndialect = "%s"\nurl = "http://127.0.0.1:%d"' % (dialect, server.port))
    for provider in ["assemblyai", "deepgram", "generic"]:
        log = os.path.join(work, "stream-%s.log" % provider)
        stream = Fixture("ws_stt_server.py", "--provider", provider, "--text", "git status", "--log", log)
        fixtures.append(stream)
        logs["stream-%s" % provider] = log
        profile("stream-%s" % provider, 'kind = "stream"\nprovider = "%s"\nurl = "ws://127.0.0.1:%d%s"'
                % (provider, stream.port, {"assemblyai": "/v3/ws", "deepgram": "/v1/listen"}.get(provider, "/")))
    if "--faster-whisper" in sys.argv:
        log = os.path.join(work, "server-faster-whisper.log")
        real = subprocess.Popen([sys.argv[sys.argv.index("--faster-whisper") + 1],
                                 os.path.join(HERE, "faster_whisper_server.py"), "--log", log, "--no-fallback"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        port = int(real.stdout.readline())
        fixtures.append(type("Real", (), {"stop": lambda self: real.kill()})())
        logs["server-faster-whisper"] = log
        profile("server-faster-whisper", 'kind = "server"\ndialect = "openai"\nurl = "http://127.0.0.1:%d"\n'
                'timeout = 120' % port)
    fallback = Fixture("stt_server.py", "--dialect", "openai", "--mode", "ok", "--text", "git status")
    fixtures.append(fallback)
    profile("hybrid", 'kind = "edge"\nmin_confidence = 0.99',
            '[fallback]\nkind = "server"\ndialect = "openai"\nurl = "http://127.0.0.1:%d"' % fallback.port)

    def run(name, clip):
        result = subprocess.run([voicesh, "transcribe", "--profile", name, "--json", clip], env=env,
                                capture_output=True, text=True)
        text = json.loads(result.stdout)["text"] if result.returncode == 0 and result.stdout.strip() else ""
        return name, clip, text, result.stderr.strip()

    per_kind = int(sys.argv[sys.argv.index("--faster-whisper-clips") + 1]) if "--faster-whisper-clips" in sys.argv \
        else 2
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    jobs = [(name, clip) for name in profiles if name.startswith(only) for kind, clip in made
            if name != "server-faster-whisper" or int(clip[-6:-4]) <= per_kind]
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda job: run(*job), jobs))
    finally:
        for fixture in fixtures:
            fixture.stop()

    kinds = ["noise", "silence", "tones", "breath", "clicks"]
    print("non-speech clips giving text, by engine kind (10 clips of each kind; engine = the engine answered"
          " text, which voicesh showed before the gate; shown = voicesh shows text now)")
    print("%-32s %s  %s" % ("profile", "  ".join("%-7s" % k for k in kinds), "shown/engine"))
    for name in (p for p in profiles if p.startswith(only)):
        rows = [r for r in results if r[0] == name]
        shown = {k: sum(1 for r in rows if r[2] and os.path.basename(r[1]).startswith(k)) for k in kinds}
        engine = answered(name, logs, heard_by_command)
        print("%-32s %s  %d/%s of %d" % (name, "  ".join("%-7d" % shown[k] for k in kinds), sum(shown.values()),
                                        engine, len(rows)))
        for r in rows:
            if r[2]:
                print("    %s -> %r" % (os.path.basename(r[1]), r[2]))
    errors = [r for r in results if not r[2] and "no speech" not in r[3]]
    for r in errors[:10]:
        print("unexpected failure: %s %s: %s" % (r[0], os.path.basename(r[1]), r[3]))


if __name__ == "__main__":
    main()
