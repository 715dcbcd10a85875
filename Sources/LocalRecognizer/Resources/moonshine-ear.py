"""voicesh's steered ear: Moonshine base (ONNX Runtime, the int8 graphs moonshine-cpp ships) in a
child process that stays up for the session. Its decoder runs step by step here, so every beam is
scored as it grows: Moonshine's log-probability, plus the shell-talk model's (the ARPA file that
steers pocketsphinx, applied where a word ends), plus a bonus for the remote's names, plus a
bonus per word (the model's bias to short lines). Same protocol as whisper-ear.py:

    python3 moonshine-ear.py MODEL_DIR THREADS

First line out: {"ready": true} or {"error": "..."}. Then, per request
{"audio": PATH, "readings": [TEXT, ...], "speech_end": SECONDS, "hypotheses": N,
 "lm": ARPA_PATH, "names": [WORD, ...], "steer": WEIGHT}
(`prompt` is ignored: Moonshine takes none; no `lm` or `steer` 0: free decoding), one reply:
{"text", "avg_logprob", "no_speech_prob", "compression_ratio", "words": [{"word", "probability"}],
 "hypotheses": [TEXT, ...], "scores": [{"logprob", "tokens"}]}, as whisper-ear.py's; and as it,
{"score": [TEXT, ...]}: {"scores": [...]}, more readings scored against the last recording.
Reads nothing but its requests, writes nothing but its replies (logs go to stderr)."""
import math
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ beside the installed scripts
from ear_protocol import serve  # noqa: E402 (beside this script)

# Fusion weights, tuned on the development voices only (docs/benchmarks/edge.md):
# score = log P_moonshine + STEER * ln P_shell_talk + WORD_BONUS * words + NAME_BONUS * names.
STEER = 0.5
WORD_BONUS = 1.0
NAME_BONUS = 2.0
# Each token that spells one of the remote's names further: names are rare words Moonshine would
# not propose by itself, so their tokens are weighed even outside its likeliest.
NAME_STEP = 1.5
# A word the shell-talk model has never seen: log10 probability (the model has no <unk>).
UNKNOWN_LOG10 = -5.0
# A word being written that no word of the model or the remote's names begins with (glued words,
# `Pseudosystemthal`): natural log, once a word, as soon as it strays (times STEER).
STRAY = -6.0
BEAM = 4
# How many of each beam's likeliest next tokens the shell-talk model weighs: wider than the
# beam, so a word Moonshine finds a little less likely than prose can still be chosen.
WIDTH = 5
# How far (natural log) behind the best ended reading a growing one may fall before the search stops.
GIVE_UP = 6.0
BOS, EOS = 1, 2
SPACE = "\u2581"


class Ear:
    """Moonshine, steered by the shell-talk model of the request's `lm` (one a session: a new
    one replaces it)."""

    def __init__(self, folder, threads):
        import numpy  # noqa: F401
        import onnxruntime  # noqa: F401
        self.moonshine = Moonshine(folder, threads)
        self.models = {}

    def hear(self, audio, request):
        path = request.get("lm")
        if path and path not in self.models:
            self.models.clear()
            self.models[path] = ShellTalk(path)
        steer = float(request.get("steer", STEER))
        return self.moonshine.transcribe(audio, self.models.get(path) if steer > 0 else None, steer,
                                         set(w.lower() for w in request.get("names") or []),
                                         request.get("readings") or [], request.get("speech_end"),
                                         int(request.get("hypotheses") or 1))

    def score(self, request):
        if self.moonshine.hidden is None:
            raise ValueError("no recording to score readings against")
        return [self.moonshine.score(self.moonshine.hidden, r) for r in request["score"]]


class ShellTalk:
    """The shell-talk trigram model (ARPA, log10, back-off), and how Moonshine's written words are
    said in it: `/var/log` is `slash var slash log`, `-n` is `dash n`, `10` is `ten`."""

    def __init__(self, path):
        self.p = {}
        self.bow = {}
        order = 0
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line.startswith("\\") and line.endswith("-grams:"):
                    order = int(line[1])
                    continue
                if not line or order == 0 or line.startswith("\\"):
                    continue
                parts = line.split()
                gram = tuple(parts[1:1 + order])
                self.p[gram] = float(parts[0])
                if len(parts) > 1 + order:
                    self.bow[gram] = float(parts[1 + order])
        self.vocabulary = {g[0] for g in self.p if len(g) == 1}
        self.prefixes = {w[:i] for w in self.vocabulary for i in range(1, len(w) + 1)}

    def begins(self, letters, names):
        """Whether some word of the model, or of the remote's names, begins with `letters`."""
        return letters in self.prefixes or any(n.startswith(letters) for n in names)

    def log10(self, history, word):
        """log10 P(word | the last two of history), backing off."""
        context = tuple(history[-2:])
        weight = 0.0
        while True:
            gram = context + (word,)
            if gram in self.p:
                return weight + self.p[gram]
            if not context:
                return weight + UNKNOWN_LOG10
            weight += self.bow.get(context, 0.0)
            context = context[1:]


SYMBOLS = {"/": ["slash"], "-": ["dash"], ".": ["dot"], "_": ["underscore"], "~": ["tilde"], "*": ["star"],
           "=": ["equals"], ":": ["colon"], "|": ["pipe"], ">": ["greater", "than"], "<": ["less", "than"],
           "&": ["ampersand"], "$": ["dollar"], "#": ["hash"], "@": ["at", "sign"], "+": ["plus"], "%": ["percent"],
           "\\": ["backslash"], ";": ["semicolon"], ",": ["comma"], "^": ["caret"], "!": ["bang"], "?": ["question", "mark"],
           "(": ["open", "paren"], ")": ["close", "paren"], "[": ["open", "bracket"], "]": ["close", "bracket"],
           "{": ["open", "brace"], "}": ["close", "brace"], "\"": ["quote"], "'": ["single", "quote"]}
ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
       "seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number(digits):
    n = int(digits)
    if 1000 <= n < 10000 and n % 1000 == 0:
        return [ONES[n // 1000], "thousand"]
    if len(digits) > 1 and digits[0] == "0" or n >= 100:
        return [ONES[int(d)] for d in digits]
    if n < 20:
        return [ONES[n]]
    return [TENS[n // 10]] + ([ONES[n % 10]] if n % 10 else [])


def spoken(word):
    """A written word as shell talk says it: lower case, sentence marks at its ends dropped,
    marks inside it and numbers said as words."""
    word = word.lower().strip()
    # Sentence marks and quotation marks around a word are prose's, not said.
    word = word.strip("\"").rstrip(".,?!;:").lstrip(",;:").strip("\"")
    if not word:
        return []
    if word.replace("'", "").isalpha():
        return [word]
    out = []
    run = ""
    for c in word:
        if c.isalpha():
            if run and not run[-1].isalpha():
                out += number(run)
                run = ""
            run += c
        elif c.isdigit():
            if run and not run[-1].isdigit():
                out.append(run)
                run = ""
            run += c
        else:
            if run:
                out += number(run) if run[0].isdigit() else [run]
                run = ""
            if c == "'" and out:
                continue
            out += SYMBOLS.get(c, [])
    if run:
        out += number(run) if run[0].isdigit() else [run]
    return out


class Beam:
    __slots__ = ("tokens", "acoustic", "steered", "words", "said", "pending", "row", "word_logps", "pending_logps",
                 "strayed")

    def __init__(self):
        self.tokens = []
        self.acoustic = 0.0  # Moonshine's log-probability of the tokens
        self.steered = 0.0  # the shell-talk model's and the bonuses, natural log
        self.words = []  # completed written words
        self.said = ["<s>"]  # the shell-talk words they say, for the model's history
        self.pending = ""  # the word being written
        self.row = 0  # its row in the decoder's cache
        self.word_logps = []  # per completed word: its tokens' log-probabilities
        self.pending_logps = []
        self.strayed = False  # the word being written has been charged STRAY

    def total(self):
        return self.acoustic + self.steered


class Moonshine:
    def __init__(self, folder, threads):
        import onnxruntime as ort
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # The graphs as setup saves them (ONNX, so the runtime folds the int8 dequantisation).
        self.encoder = ort.InferenceSession(folder + "/encoder_model.onnx", options)
        self.decoder = ort.InferenceSession(folder + "/decoder_model_merged.onnx", options)
        self.pieces = _pieces(folder + "/tokenizer.bin")
        self.past = [i.name for i in self.decoder.get_inputs() if i.name.startswith("past_key_values.")]
        self.inputs = {i.name for i in self.decoder.get_inputs()}
        shape = next(i.shape for i in self.decoder.get_inputs() if i.name == self.past[0])
        self.heads, self.head_size = shape[1], shape[3]
        self.hidden = None  # the encoder's output for the last recording, for later scorings
        self.by_text = {}
        for index, piece in enumerate(self.pieces):
            if piece and index > 258:
                self.by_text.setdefault(piece, index)

    def piece(self, token):
        return self.pieces[token] if token < len(self.pieces) else ""

    def encode(self, audio):
        import numpy as np
        inputs = {"input_values": audio[None, :].astype(np.float32)}
        if "attention_mask" in {i.name for i in self.encoder.get_inputs()}:
            inputs["attention_mask"] = np.ones((1, len(audio)), dtype=np.int64)
        return self.encoder.run(None, inputs)[0]

    def step(self, ids, hidden, cache, first):
        """One decoder run: logits of the last position per row, and the new cache."""
        import numpy as np
        rows = ids.shape[0]
        feeds = {"input_ids": ids, "encoder_hidden_states": hidden,
                 "use_cache_branch": np.array([not first], dtype=bool)}
        if "encoder_attention_mask" in self.inputs:
            feeds["encoder_attention_mask"] = np.ones(hidden.shape[:2], dtype=np.int64)
        for name in self.past:
            feeds[name] = cache[name] if cache is not None else \
                np.zeros((rows, self.heads, 1, self.head_size), dtype=np.float32)
        outputs = self.decoder.run(None, feeds)
        names = [o.name for o in self.decoder.get_outputs()]
        present = dict(zip(names, outputs))
        fresh = {}
        for name in self.past:
            made = present[name.replace("past_key_values.", "present.")]
            # The encoder's keys and values are made by the first run and kept after it.
            fresh[name] = made if first or ".decoder." in name else cache[name]
        return present["logits"][:, -1, :], fresh

    def transcribe(self, audio, model, steer, names, readings, speech_end, hypotheses):
        import numpy as np
        if speech_end is not None:  # the silence after the speech only invites words
            audio = audio[: int(min(len(audio), (speech_end + 0.4) * 16000))]
        seconds = len(audio) / 16000.0
        self.hidden = None
        if seconds < 0.1:
            return {"text": "", "words": [], "hypotheses": [], "scores": []}
        hidden = self.hidden = self.encode(audio)
        # No more tokens than a fast speaker's line makes (Moonshine's own bound is 6.5 a
        # second): a beam caught in a loop (`doo doo doo`) stops there.
        found = self.search(hidden, model, steer, names, min(200, int(seconds * 6.5) + 8))
        best = found[0] if found else None
        text = self.reading(best, model) if best else ""
        words = []
        if best:
            for word, logps in zip(best.words, best.word_logps):
                words.append({"word": word, "probability": float(np.mean(np.exp(logps))) if logps else 0.0})
        others, seen = [], {key(text)}
        for beam in found[1:]:
            other = self.reading(beam, model)
            if other and key(other) not in seen and len(others) < hypotheses - 1:
                seen.add(key(other))
                others.append(other)
        count = max(1, len(best.tokens)) if best else 1
        return {
            "text": text,
            "avg_logprob": best.acoustic / count if best else None,
            "no_speech_prob": None,
            "compression_ratio": len(text.encode()) / max(1, len(zlib.compress(text.encode()))) if text else None,
            "words": words,
            "hypotheses": others,
            "scores": [self.score(hidden, r) for r in readings + [text] + others] if readings and text else [],
        }

    def search(self, hidden, model, steer, names, limit):
        """Beam search over Moonshine's steps, each beam scored as it grows (see the top)."""
        import numpy as np
        live = [Beam()]
        done = []
        spelled = self.spellings(names) if model is not None else {}
        cache = None
        ids = np.array([[BOS]], dtype=np.int64)
        states = hidden
        for position in range(limit):
            logits, cache = self.step(ids, states, cache, position == 0)
            logits = logits.astype(np.float64)
            logps = logits - logits.max(axis=1, keepdims=True)
            logps -= np.log(np.exp(logps).sum(axis=1, keepdims=True))
            candidates = []
            for beam in live:
                row = logps[beam.row]
                top = set(int(t) for t in np.argpartition(-row, WIDTH)[:WIDTH])
                # A name's next token, or the first of one: weighed whatever Moonshine thinks of it.
                written = len(beam.pending_logps)
                naming = spelled.get(tuple(beam.tokens[-written:]) if written else (), set()) | spelled.get((), set())
                for token in top | naming:
                    new = self.extend(beam, token, float(row[token]), model, steer, names)
                    if token in naming:
                        new.steered += NAME_STEP
                    candidates.append(new)
            candidates.sort(key=lambda b: -b.total())
            # The best BEAM extensions go on; an extension that ended is a reading (one
            # with no words never is).
            live = []
            for beam in candidates:
                if beam.tokens[-1] == EOS:
                    if len(done) < BEAM and beam.words:
                        done.append(beam)
                elif len(live) < BEAM:
                    live.append(beam)
            best_done = max((b.total() for b in done), default=-math.inf)
            # Scores can still rise (a word's bonus), so a beam far behind the best ended one stops.
            if not live or len(done) >= BEAM or live[0].total() < best_done - GIVE_UP:
                break
            rows = np.array([b.row for b in live], dtype=np.int64)
            cache = {name: value[rows] for name, value in cache.items()}
            if states.shape[0] != len(live):
                states = np.repeat(hidden, len(live), axis=0)
            for index, beam in enumerate(live):
                beam.row = index
            ids = np.array([[b.tokens[-1]] for b in live], dtype=np.int64)
        done.sort(key=lambda b: -b.total())
        # Out of steps: an unfinished beam counts only when none ended (its last word closed).
        if not done:
            done = [self.extend(beam, EOS, 0.0, model, steer, names) for beam in live]
        return [b for b in done if b.words]

    def extend(self, beam, token, logp, model, steer, names):
        new = Beam()
        new.tokens = beam.tokens + [token]
        new.acoustic = beam.acoustic + logp
        new.steered = beam.steered
        new.words = beam.words
        new.said = beam.said
        new.row = beam.row
        new.word_logps = beam.word_logps
        piece = "" if token == EOS else self.piece(token)
        starts = token == EOS or piece.startswith(SPACE)
        if starts and beam.pending.strip():
            word = beam.pending.strip()
            new.words = beam.words + [word]
            new.word_logps = beam.word_logps + [beam.pending_logps]
            if model is None:
                new.steered += WORD_BONUS
            else:
                # A hyphen is a dash (`-f`) or only joins words said apart (`Tail-bash-f`): the
                # reading the model finds likelier is the one kept.
                best = None
                for said in {tuple(spoken(word)), tuple(w for part in word.split("-") for w in spoken(part))}:
                    history, score = list(beam.said), WORD_BONUS * len(said)
                    for w in said:
                        if w in names:
                            score += NAME_BONUS
                            score += steer * (model.log10(history, w) if w in model.vocabulary else -2.0) * math.log(10)
                        else:
                            score += steer * model.log10(history, w) * math.log(10)
                        history.append(w)
                    if best is None or score > best[0]:
                        best = (score, history)
                new.steered += best[0]
                new.said = best[1]
            new.pending, new.pending_logps = "", []
        else:
            new.pending, new.pending_logps, new.strayed = beam.pending, beam.pending_logps, beam.strayed
        if token == EOS:
            if model is not None:
                new.steered += steer * model.log10(new.said, "</s>") * math.log(10)
        else:
            new.pending = new.pending + piece.replace(SPACE, " ")
            new.pending_logps = new.pending_logps + [logp]
            if model is not None and not new.strayed:
                letters = _last_letters(new.pending)
                if letters and not model.begins(letters, names):
                    new.steered += steer * STRAY
                    new.strayed = True
        return new

    def spellings(self, names):
        """The remote's names as Moonshine's tokens: each spelling's prefix → the tokens that
        go on with it (lower case, capitalised, upper case: how a word may be written)."""
        key = frozenset(names)
        if getattr(self, "_spelled", (None,))[0] != key:
            follow = {}
            for name in names:
                for variant in {name, name.capitalize(), name.upper()}:
                    tokens = self.tokenize(variant)
                    for i in range(len(tokens)):
                        follow.setdefault(tuple(tokens[:i]), set()).add(tokens[i])
            self._spelled = (key, follow)
        return self._spelled[1]

    def reading(self, beam, model):
        """A beam's words: steered, as the shell-talk model read them (`tail dash f slash var`),
        the form the spoken-shell rules read best; free, as Moonshine wrote them."""
        if model is not None:
            return " ".join(beam.said[1:])
        return self.text(beam.tokens)

    def text(self, tokens):
        return "".join(self.piece(t) for t in tokens if t > 2).replace(SPACE, " ").strip()

    def tokenize(self, text):
        """The fewest pieces that spell `text` (Moonshine's tokenizer ships without its merges)."""
        spelled = SPACE + text.strip().replace(" ", SPACE)
        best = [(0, [])] + [None] * len(spelled)
        longest = 16
        for end in range(1, len(spelled) + 1):
            for start in range(max(0, end - longest), end):
                if best[start] is None:
                    continue
                index = self.by_text.get(spelled[start:end])
                if index is None:
                    continue
                candidate = (best[start][0] + 1, best[start][1] + [index])
                if best[end] is None or candidate[0] < best[end][0]:
                    best[end] = candidate
        if best[-1] is None:  # a character no piece has: its bytes
            return [3 + b for b in text.encode()]
        return best[-1][1]

    def score(self, hidden, reading):
        """Moonshine's log-likelihood of a reading: its tokens forced through the decoder."""
        import numpy as np
        tokens = self.tokenize(reading)
        ids = np.array([[BOS] + tokens], dtype=np.int64)
        feeds = {"input_ids": ids, "encoder_hidden_states": hidden,
                 "use_cache_branch": np.array([False], dtype=bool)}
        if "encoder_attention_mask" in self.inputs:
            feeds["encoder_attention_mask"] = np.ones(hidden.shape[:2], dtype=np.int64)
        for name in self.past:
            feeds[name] = np.zeros((1, self.heads, 1, self.head_size), dtype=np.float32)
        logits = self.decoder.run(["logits"], feeds)[0][0].astype(np.float64)
        logps = logits - logits.max(axis=1, keepdims=True)
        logps -= np.log(np.exp(logps).sum(axis=1, keepdims=True))
        total = float(sum(logps[i, t] for i, t in enumerate(tokens)))
        return {"logprob": total, "tokens": len(tokens)}


def _last_letters(word):
    """The letters the word being written ends in, lower case (`Tail-f/va` → `va`)."""
    run = ""
    for c in word.strip().lower():
        run = run + c if c.isalpha() else ""
    return run


def _pieces(path):
    """tokenizer.bin: per token id, a length (one byte, or two when the first is ≥ 128) and its bytes."""
    data = open(path, "rb").read()
    pieces, i = [], 0
    while i < len(data):
        n = data[i]
        i += 1
        if n >= 128:
            n = data[i] * 128 + n - 128
            i += 1
        pieces.append(data[i:i + n].decode("utf-8", "replace"))
        i += n
    return pieces


def key(text):
    """A reading without its case and marks: beams that differ only in those are one reading."""
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c.isspace()).split())


if __name__ == "__main__":
    sys.exit(serve("moonshine-ear.py", "onnxruntime", "Moonshine", Ear))
