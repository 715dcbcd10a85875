"""Whisper base's text decoder in JAX, from CTranslate2's variables, with low-rank deltas (LoRA)
on the projections the ear's decoding leans on; the encoder's output comes in precomputed."""
import numpy as np
import jax, jax.numpy as jnp

HEADS = 8
LAYERS = 6
# The projections given deltas: the decoder's own; the cross-attention's keys and values (the
# encoder's output projected) are left alone, so they never need a gradient.
TARGETS = ["self_attention/linear_0", "self_attention/linear_1", "attention/linear_0", "attention/linear_2",
           "ffn/linear_0", "ffn/linear_1"]


def base_params(variables):
    p = {k: jnp.asarray(np.asarray(v, dtype=np.float32)) for k, v in variables.items()
         if k.startswith("decoder/") and v.ndim >= 1 and v.dtype == np.float16}
    return p


def lora_init(base, rank, key):
    lora = {}
    for layer in range(LAYERS):
        for t in TARGETS:
            w = base[f"decoder/layer_{layer}/{t}/weight"]
            key, sub = jax.random.split(key)
            lora[f"decoder/layer_{layer}/{t}"] = (jax.random.normal(sub, (rank, w.shape[1])) / np.sqrt(w.shape[1]),
                                                  jnp.zeros((w.shape[0], rank)))
    return lora


def layer_norm(x, p, name):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + 1e-5) * p[name + "/gamma"] + p[name + "/beta"]


def linear(x, p, lora, name, scale):
    y = x @ p[name + "/weight"].T + p[name + "/bias"]
    if lora is not None and name in lora:
        a, b = lora[name]
        y = y + scale * ((x @ a.T) @ b.T)
    return y


def attention(q, k, v, mask):
    # q: (B, T, D), k/v: (B, S, D)
    b, t, d = q.shape
    s = k.shape[1]
    h = d // HEADS
    q = q.reshape(b, t, HEADS, h).transpose(0, 2, 1, 3)
    k = k.reshape(b, s, HEADS, h).transpose(0, 2, 1, 3)
    v = v.reshape(b, s, HEADS, h).transpose(0, 2, 1, 3)
    w = (q @ k.transpose(0, 1, 3, 2)) / np.sqrt(h)
    if mask is not None:
        w = jnp.where(mask, w, -1e9)
    w = jax.nn.softmax(w, axis=-1)
    return (w @ v).transpose(0, 2, 1, 3).reshape(b, t, d)


def logits(p, lora, scale, tokens, encoded, start=0):
    """tokens: (B, T) int32; encoded: (B, 1500, 512). Returns (B, T - start, vocab): the next
    token's scores from position `start` on (training needs only the target's)."""
    t = tokens.shape[1]
    x = p["decoder/embeddings/weight"][tokens] + p["decoder/position_encodings/encodings"][:t]
    causal = jnp.tril(jnp.ones((t, t), bool))[None, None]
    for layer in range(LAYERS):
        n = f"decoder/layer_{layer}"
        h = layer_norm(x, p, n + "/self_attention/layer_norm")
        qkv = linear(h, p, lora, n + "/self_attention/linear_0", scale)
        q, k, v = jnp.split(qkv, 3, axis=-1)
        x = x + linear(attention(q, k, v, causal), p, lora, n + "/self_attention/linear_1", scale)
        h = layer_norm(x, p, n + "/attention/layer_norm")
        q = linear(h, p, lora, n + "/attention/linear_0", scale)
        kv = jax.lax.stop_gradient(encoded @ p[n + "/attention/linear_1/weight"].T + p[n + "/attention/linear_1/bias"])
        k, v = jnp.split(kv, 2, axis=-1)
        x = x + linear(attention(q, k, v, None), p, lora, n + "/attention/linear_2", scale)
        h = layer_norm(x, p, n + "/ffn/layer_norm")
        h = jax.nn.gelu(linear(h, p, lora, n + "/ffn/linear_0", scale), approximate=False)
        x = x + linear(h, p, lora, n + "/ffn/linear_1", scale)
    x = layer_norm(x[:, start:], p, "decoder/layer_norm")
    return x @ p["decoder/embeddings/weight"].T
