"""voicesh's second ear: Whisper (faster-whisper, CTranslate2, int8) in a child process that
stays up for the session, so the model loads once. One JSON object a line each way.

    python3 whisper-ear.py MODEL_DIR THREADS

First line out: {"ready": true} or {"error": "..."} (then it exits). Then, per request
{"audio": PATH, "prompt": TEXT, "readings": [TEXT, ...], "speech_end": SECONDS, "hypotheses": N,
 "model": FOLDER}
(PATH: raw signed 16-bit little-endian mono samples at 16 kHz; words after `speech_end` are
dropped; N, default 1: how many of its beam's readings Whisper gives; FOLDER, optional: another
model with the same encoder to decode with, loaded the first time it is asked for and kept: the
stock decoder for English beside the one adapted to shell talk), one reply:
{"text", "avg_logprob", "no_speech_prob", "compression_ratio", "words": [{"word", "probability"}],
 "hypotheses": [TEXT, ...], "scores": [{"logprob", "tokens"}], "ahead"}: Whisper's own reading, its beam's
next distinct ones (at most N - 1), and its log-likelihood of each given reading of the same audio
after the same prompt, then of its own reading, then of the hypotheses. Then, for more readings of
the same recording, {"score": [TEXT, ...], "prompt": TEXT}: {"scores": [{"logprob", "tokens"}]},
scored as above against the last recording heard. {"encode": PATH}: {"encoded": true} once the
recording's first window is encoded (the user paused; the take has not ended): the next request
for exactly that audio finds it so (and says "ahead": true). An error is {"error": "..."}.
Reads nothing but its requests, writes nothing but its replies (logs go to stderr)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the installed scripts
from ear_protocol import serve  # noqa: E402 (beside this script)


class Ear:
    """Whisper through faster-whisper, keeping the last recording and the encoder's output for
    it, for later scorings (a recording that fails to be heard leaves none)."""

    def __init__(self, folder, threads):
        from faster_whisper import WhisperModel
        self.threads = threads
        self.model = WhisperModel(folder, device="cpu", compute_type="int8", cpu_threads=threads)
        self.others = {}  # folder → a model asked for by name ("model"), kept once loaded
        self.last = None  # (the audio, its encoder output, the model that heard it)
        self.prepared = None  # (the audio's digest, its first window encoded)

    def decoder(self, folder):
        """The model to decode with: the one loaded at start, or `folder`'s. Setup's two share the
        encoder's weights, so a window read ahead by one serves the other."""
        if not folder:
            return self.model
        if folder not in self.others:
            from faster_whisper import WhisperModel
            self.others[folder] = WhisperModel(folder, device="cpu", compute_type="int8", cpu_threads=self.threads)
        return self.others[folder]

    def prepare(self, audio):
        """Encodes the first window of `audio` as hearing it would (the same call, stopped before
        the decoder), for a request for the same audio that may come next."""
        self.prepared = None
        inner = self.model.model
        listening = self.model.model = Listening(inner, 1, stop=True)
        try:
            pieces, _ = self.model.transcribe(audio, **DECODING)
            next(iter(pieces), None)
        except Prepared:
            pass
        finally:
            self.model.model = inner
        if listening.encoded is not None:
            self.prepared = (digest(audio), listening.encoded)
        return self.prepared is not None

    def hear(self, audio, request):
        self.last = None
        ahead = self.prepared[1] if self.prepared and self.prepared[0] == digest(audio) else None
        self.prepared = None
        model = self.decoder(request.get("model"))
        heard, encoded = transcribe(model, audio, request.get("prompt") or None, request.get("readings") or [],
                                    request.get("speech_end"), int(request.get("hypotheses") or 1), ahead)
        self.last = (audio, encoded, model)
        heard["ahead"] = ahead is not None
        return heard

    def score(self, request):
        if self.last is None:
            raise ValueError("no recording to score readings against")
        return score(self.last[2], self.last[0], request.get("prompt") or None, request["score"], self.last[1])


# How every recording is heard, and read ahead (`Ear.prepare` must make the same first window):
# a beam of 5, no temperature fallback (a hotter retry invents words), one window at a time.
DECODING = dict(language="en", beam_size=5, temperature=0.0, condition_on_previous_text=False, vad_filter=False,
                without_timestamps=True)


class Prepared(Exception):
    """The first window is encoded, and that is all an `encode` request wants."""


def digest(audio):
    import hashlib
    return hashlib.sha1(audio.tobytes()).digest()


class Listening:
    """The CTranslate2 model as faster-whisper sees it, keeping what it computes anyway for the
    first window (a line is one): the encoder's output (scoring reuses it) and the beam's other
    readings (asked for: the beam search has them at no cost). `ahead`: the first window's
    encoder output, already computed for this audio; `stop`: no decoding (`Ear.prepare`)."""

    def __init__(self, inner, hypotheses, ahead=None, stop=False):
        self._inner = inner
        self._hypotheses = hypotheses
        self._ahead = ahead
        self._stop = stop
        self.encoded = None
        self.result = None

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def encode(self, *args, **kwargs):
        first = self.encoded is None
        encoded = self._ahead if first and self._ahead is not None else self._inner.encode(*args, **kwargs)
        if first:
            self.encoded = encoded
        return encoded

    def generate(self, *args, **kwargs):
        if self._stop:
            raise Prepared()
        if self._hypotheses > 1 and kwargs.get("beam_size", 1) >= self._hypotheses:
            kwargs["num_hypotheses"] = self._hypotheses
        results = self._inner.generate(*args, **kwargs)
        if self.result is None:
            self.result = results[0]
        return results


def transcribe(model, audio, prompt, readings, speech_end=None, hypotheses=1, ahead=None):
    """The reply to a recording, and the encoder's output for its first window (or None);
    `ahead`: that output, when it was computed before the recording ended (`Ear.prepare`)."""
    # No more tokens than a fast speaker says: a stuck decoder ("quote. . . . .") stops there.
    seconds = len(audio) / 16000.0
    inner = model.model
    listening = model.model = Listening(inner, hypotheses, ahead)
    try:
        pieces, _ = model.transcribe(
            audio, initial_prompt=prompt, word_timestamps=True, max_new_tokens=min(200, int(seconds * 8) + 12),
            **DECODING)
        # A window per segment: once Whisper's words reach the end of the speech, the next
        # windows would hear only the silence after it (and fill it with "you."): not decoded.
        segments = []
        for segment in pieces:
            segments.append(segment)
            if speech_end is not None and segment.words and segment.words[-1].end >= speech_end - 0.3:
                break
    finally:
        model.model = inner
    heard = [w for s in segments for w in (s.words or [])]
    text = " ".join(s.text.strip() for s in segments).strip()
    # Whisper fills the silence after the last word with what videos end with ("you", "Thank
    # you.", "Thanks for watching!"): words that start after the speech has ended (the first
    # ear's last word, `speech_end`), and a new sentence begun with a word it is all but sure
    # it did not hear, are not the speaker's.
    kept = []
    for word in heard:
        after_sentence = kept and kept[-1].word.rstrip().endswith((".", "?", "!"))
        if (speech_end is not None and word.start > speech_end + 0.3) or (after_sentence and word.probability < 0.2):
            break
        kept.append(word)
    if len(kept) < len(heard):
        heard = kept
        text = "".join(w.word for w in heard).strip()
    words = [{"word": w.word, "probability": w.probability} for w in heard]
    total = sum(len(s.tokens) for s in segments) or 1
    # The first window's other beam readings (a line is one window), distinct from its own.
    others = []
    if listening.result is not None and text:
        seen = {key(text)}
        for ids in listening.result.sequences_ids[1:]:
            other = model.hf_tokenizer.decode(ids).strip()
            if other and key(other) not in seen:
                seen.add(key(other))
                others.append(other)
    return {
        "text": text,
        # Weighted by tokens, so a long segment counts as much as it says.
        "avg_logprob": sum(s.avg_logprob * len(s.tokens) for s in segments) / total if segments else None,
        "no_speech_prob": max((s.no_speech_prob for s in segments), default=None),
        "compression_ratio": max((s.compression_ratio for s in segments), default=None),
        "words": words,
        "hypotheses": others,
        # The given readings, then Whisper's own (so all are scored the same way).
        "scores": score(model, audio, prompt, readings + [text] + others, listening.encoded) if readings and text else [],
    }, listening.encoded


def key(text):
    """A reading without its case and marks: beams that differ only in those are one reading."""
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c.isspace()).split())


def score(model, audio, prompt, readings, encoded=None):
    """Whisper's log-likelihood of each reading: the text forced through the decoder after the
    prompt, the sum of its tokens' log-probabilities (CTranslate2's `align`). `encoded`: the
    encoder's output for the first 30 s, when the decoding has it already."""
    import numpy as np
    tokenizer = model.hf_tokenizer

    def encode(text):  # the text's own tokens: the tokenizer would add <|startoftranscript|> …
        return tokenizer.encode(text, add_special_tokens=False).ids

    extractor = model.feature_extractor
    # The mel frames the audio makes (the extractor pads 160 samples: one frame a hop, plus
    # one), counted rather than computed: with the decoding's encoder output, the spectrogram
    # itself (40 ms for 10 s of audio) is not needed again.
    frames = min(len(audio) // extractor.hop_length + 1, extractor.nb_max_frames)
    if encoded is None:
        import ctranslate2
        features = extractor(audio)
        padded = np.zeros((features.shape[0], extractor.nb_max_frames), dtype=features.dtype)
        padded[:, :frames] = features[:, :frames]
        encoded = model.model.encode(ctranslate2.StorageView.from_array(padded[None]), to_cpu=False)
    sot = tokenizer.token_to_id("<|startoftranscript|>")
    start = [sot]
    if model.model.is_multilingual:
        start += [tokenizer.token_to_id("<|en|>"), tokenizer.token_to_id("<|transcribe|>")]
    start.append(tokenizer.token_to_id("<|notimestamps|>"))
    if prompt:
        start = [tokenizer.token_to_id("<|startofprev|>")] + encode(" " + prompt.strip())[-223:] + start
    texts = [encode(" " + r.strip()) for r in readings]
    out = []
    for tokens in texts:  # one at a time: batched (the encoder output repeated) it cost as much
        probs = model.model.align(encoded, start, [tokens], frames)[0].text_token_probs
        out.append({"logprob": float(sum(np.log(max(p, 1e-12)) for p in probs)), "tokens": len(tokens)})
    return out


if __name__ == "__main__":
    sys.exit(serve("whisper-ear.py", "faster-whisper", "Whisper", Ear))
