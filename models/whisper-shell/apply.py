#!/usr/bin/env python3
"""Makes the ear's model: Whisper base with the low-rank deltas for shell talk added to its
decoder's weights (what `train.py` fitted), written as CTranslate2's model.bin beside base's
config and tokenizer. `scripts/setup` runs it with the Whisper runtime's python and checks the
result against its pinned SHA-256, so the sums are done in a fixed order (each weight plus its
delta's RANK products, in float64, then rounded to float16): the same bytes on any machine.

    apply.py BASE_DIR DELTA.npz OUT_DIR
"""
import os, shutil, sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ct2model  # noqa: E402 (beside this script)


def main():
    source, delta, out = sys.argv[1:4]
    model = ct2model.read(os.path.join(source, "model.bin"))
    deltas = np.load(delta)
    scale = float(deltas["alpha"]) / float(deltas["rank"])
    variables = dict(model["variables"])
    for key in sorted(k for k in deltas.files if k.endswith("/a")):
        name = key[:-2]
        a = deltas[key].astype(np.float64)  # (rank, inputs)
        b = deltas[name + "/b"].astype(np.float64)  # (outputs, rank)
        weight = variables[name + "/weight"]
        merged = weight.astype(np.float64)
        for r in range(a.shape[0]):  # outer products one at a time: no BLAS, no machine-dependent order
            merged += scale * np.multiply.outer(b[:, r], a[r])
        variables[name + "/weight"] = merged.astype(weight.dtype)
    model["variables"] = variables
    os.makedirs(out, exist_ok=True)
    ct2model.write(os.path.join(out, "model.bin"), model)
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        shutil.copy(os.path.join(source, name), out)


if __name__ == "__main__":
    main()
