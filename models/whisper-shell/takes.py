#!/usr/bin/env python3
"""Speaks the takes the decoder's deltas are fitted on: lines of the shell-talk corpus (none of
them a line of the edge benchmark's evaluation or development sets), a different set of lines
per synthetic voice, each line clean and in one room or microphone drawn at random
(`scripts/synthesize-voices`' conditions). Piper's voice, the one most like a person, is left
out, so the benchmark can score the ear on a family it never heard.

    takes.py [--per-voice N] [--out DIR]

Writes DIR/picks/VOICE-clean and DIR/picks/VOICE-condition, folders of NAME.wav + NAME.txt (links
into the synthesized folders), for `prep.py`.
"""
import argparse, glob, os, random, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VOICES = ["espeak-en-us", "espeak-en-gb", "espeak-en-us-f3", "flite-slt", "flite-rms", "flite-awb", "flite-kal16",
          "festival-slt-hts", "festival-kal"]
CONDITIONS = ["headset", "room", "fan", "laptop"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-voice", type=int, default=110)
    parser.add_argument("--out", default=os.path.expanduser("~/.cache/voicesh-whisper-shell"))
    args = parser.parse_args()
    held = set()
    for name in ["evaluation.txt", "development.txt", "development-quotes.txt"]:
        with open(f"{ROOT}/Benchmarks/EdgeBenchmark/{name}") as f:
            held |= {line.strip() for line in f if line.strip() and not line.startswith("#")}
    with open(f"{ROOT}/Sources/LocalRecognizer/Resources/shell-corpus.txt") as f:
        corpus = [line.strip() for line in f if len(line.split()) >= 2 and line.strip() not in held]
    random.seed(47)
    random.shuffle(corpus)
    pick = random.Random(7)
    for i, voice in enumerate(VOICES):
        lines = os.path.join(args.out, "sets", voice + ".txt")
        os.makedirs(os.path.dirname(lines), exist_ok=True)
        with open(lines, "w") as f:
            f.write("\n".join(corpus[i * args.per_voice:(i + 1) * args.per_voice]) + "\n")
        spoken = os.path.join(args.out, "data", voice)
        subprocess.run([f"{ROOT}/scripts/synthesize-voices", "--sentences", lines, "--out", spoken, "--voices", voice,
                        "--conditions", "all"], check=True, stdout=subprocess.DEVNULL)
        for kind in ["clean", "condition"]:
            folder = os.path.join(args.out, "picks", f"{voice}-{kind}")
            os.makedirs(folder, exist_ok=True)
            for wav in sorted(glob.glob(f"{spoken}/{voice}/*.wav")):
                name = os.path.basename(wav)[:-4]
                source = spoken if kind == "clean" else f"{spoken}@{pick.choice(CONDITIONS)}"
                for suffix, target in ((".wav", f"{source}/{voice}/{name}.wav"), (".txt", f"{spoken}/{voice}/{name}.txt")):
                    link = os.path.join(folder, name + suffix)
                    if not os.path.lexists(link):
                        os.symlink(target, link)
    print(os.path.join(args.out, "picks"))


if __name__ == "__main__":
    main()
