"""Fits low-rank deltas (LoRA, rank 8) to Whisper base's decoder so it writes shell talk as the
engine's prompt asks (spoken form, every symbol a word), from takes encoded by `prep.py`: the
encoder and base's own weights stay frozen. One line in twenty (by its words, so no line is on
both sides) is held back; the deltas are kept only when they lower the loss there, and after each
epoch that lowers it again. Needs jax and optax (a venv of its own: pip install jax optax).

    train.py OUT.npz EPOCHS NPZ [NPZ ...]
"""
import os, sys, time, numpy as np, jax, jax.numpy as jnp, optax
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ct2model, decoder

RANK, ALPHA, LR, BATCH, MAXT = 8, 16.0, 1e-3, 8, 72
out, epochs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
m = ct2model.read(os.environ.get("VOICESH_WHISPER_HOME", "/usr/local/lib/voicesh/whisper") + "/base/model.bin")
p = decoder.base_params(m["variables"])
enc, targets = [], []
prompt = None
for f in files:
    d = np.load(f, allow_pickle=True)
    prompt = list(d["prompt"])
    for e, t in zip(d["encoded"], d["targets"]):
        if len(t) <= MAXT:
            enc.append(e); targets.append(list(t))
P = len(prompt)
print(len(enc), "takes; prompt", P, "tokens", flush=True)
rng = np.random.default_rng(0)
# Held back: every line of one in twenty (by text, so no line is on both sides).
keyed = [hash(tuple(t)) % 20 for t in targets]
held = [i for i, k in enumerate(keyed) if k == 0]
fit = [i for i, k in enumerate(keyed) if k != 0]
print(len(fit), "fit,", len(held), "held back", flush=True)


def batch(ids):
    # Lengths rounded up to 16 tokens, so a handful of shapes are compiled.
    t = -(-max(len(targets[i]) for i in ids) // 16) * 16
    toks = np.zeros((len(ids), P - 1 + t), np.int32); labels = np.zeros((len(ids), t), np.int32); mask = np.zeros((len(ids), t), np.float32)
    for r, i in enumerate(ids):
        seq = prompt + targets[i]
        toks[r, :len(seq) - 1] = seq[:-1]
        labels[r, :len(targets[i])] = targets[i]
        mask[r, :len(targets[i])] = 1
    e = np.stack([enc[i] for i in ids]).astype(np.float32)
    return jnp.asarray(toks), jnp.asarray(labels), jnp.asarray(mask), jnp.asarray(e)


def loss_fn(lora, toks, labels, mask, e):
    lg = decoder.logits(p, lora, ALPHA / RANK, toks, e, P - 1)
    ll = jax.nn.log_softmax(lg, -1)
    nll = -jnp.take_along_axis(ll, labels[..., None], -1)[..., 0]
    return (nll * mask).sum() / mask.sum()


lora = decoder.lora_init(p, RANK, jax.random.PRNGKey(0))
steps = epochs * (len(fit) // BATCH)
opt = optax.adamw(optax.warmup_cosine_decay_schedule(0.0, LR, min(50, steps // 4), max(steps, 2), LR * 0.05), weight_decay=0.01)
state = opt.init(lora)


@jax.jit
def step(lora, state, toks, labels, mask, e):
    loss, g = jax.value_and_grad(loss_fn)(lora, toks, labels, mask, e)
    upd, state = opt.update(g, state, lora)
    return optax.apply_updates(lora, upd), state, loss


evaluate = jax.jit(loss_fn)


def held_loss(lora):
    total = 0.0
    for s in range(0, len(held) - BATCH + 1, BATCH):
        total += float(evaluate(lora, *batch(held[s:s + BATCH])))
    return total / max(1, len(held) // BATCH)


best = held_loss(None)
print(f"stock held-back loss {best:.4f}", flush=True)
t0 = time.time()
n = 0
for epoch in range(epochs):
    order = rng.permutation(fit)
    run = 0.0
    for s in range(0, len(order) - BATCH + 1, BATCH):
        lora, state, loss = step(lora, state, *batch(order[s:s + BATCH]))
        run += float(loss); n += 1
        if n % 50 == 0:
            print(f"step {n}/{steps} loss {run / 50:.4f} {time.time() - t0:.0f}s", flush=True); run = 0.0
    h = held_loss(lora)
    print(f"epoch {epoch + 1} held-back loss {h:.4f}", flush=True)
    if h < best:
        best, kept = h, jax.tree_util.tree_map(np.asarray, lora)
        np.savez(out, rank=RANK, alpha=ALPHA, **{k + "/a": v[0].astype(np.float16) for k, v in kept.items()},
                 **{k + "/b": v[1].astype(np.float16) for k, v in kept.items()})
        print("kept", out, flush=True)
