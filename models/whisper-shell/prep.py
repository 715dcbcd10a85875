"""Encodes takes with the pinned Whisper base as the ear hears them (faster-whisper's features, the
first 30 s window, CTranslate2's int8 encoder), and tokenizes what the decoder reads (the prompt
the engine sends with no vocabulary or context: `ShellPrompt`'s examples) and what it should
write (the words said, as the prompt writes them: lower case, a period at the end), into one
.npz a folder, for `train.py`. Run with the Whisper runtime's python (setup's venv).

    prep.py OUT.npz TAKE_DIR [TAKE_DIR ...]
"""
import glob, os, sys
import numpy as np
from faster_whisper import WhisperModel
from faster_whisper.audio import decode_audio, pad_or_trim
from faster_whisper.tokenizer import Tokenizer

MODEL = os.environ.get("VOICESH_WHISPER_HOME", "/usr/local/lib/voicesh/whisper") + "/base"
PROMPT = " ".join([
    "git remote dash v.", "git log dash dash oneline.", "ls dash l h tilde slash downloads.",
    "cd slash usr slash local slash bin.", "cat package dot json pipe less.", "nano my underscore notes dot md.",
    "echo quote all tests passed end quote greater than result dot txt.", "git checkout dash b hotfix.",
    "sudo systemctl enable dash dash now docker.", "journalctl dash b pipe grep dash i usb.",
    "kubectl get nodes dash o yaml.", "cd dot dot."])

model = WhisperModel(MODEL, device="cpu", compute_type="int8", cpu_threads=int(os.environ.get("THREADS", "2")))
tok = Tokenizer(model.hf_tokenizer, True, task="transcribe", language="en")
prompt_tokens = model.get_prompt(tok, tok.encode(" " + PROMPT.strip()), without_timestamps=True)


def take(wav):
    audio = decode_audio(wav, sampling_rate=16000)
    features = model.feature_extractor(audio)
    segment = pad_or_trim(features[:, : min(3000, features.shape[-1] - 1)])
    encoded = model.encode(segment)
    return np.array(encoded)[0].astype(np.float16)


def main():
    out, dirs = sys.argv[1], sys.argv[2:]
    enc, targets, names = [], [], []
    for d in dirs:
        for wav in sorted(glob.glob(os.path.join(d, "*.wav"))):
            text = open(wav[:-4] + ".txt").read().strip()
            enc.append(take(wav))
            targets.append(tok.encode(" " + text + ".") + [tok.eot])
            names.append(wav)
    np.savez(out, encoded=np.stack(enc), prompt=np.array(prompt_tokens, dtype=np.int32),
             targets=np.array([np.array(t, dtype=np.int32) for t in targets], dtype=object), names=np.array(names))
    print(out, len(enc))


if __name__ == "__main__":
    main()
