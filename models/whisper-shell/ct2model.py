"""CTranslate2's model.bin, read and written as `ctranslate2.specs.ModelSpec._serialize` lays it out:
the variables by name (shape, type, bytes) and the aliases after them. Byte for byte: reading a
file and writing it back gives the same file (the pinned base model does)."""
import struct
import numpy as np

DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    at = 0

    def take(fmt):
        nonlocal at
        values = struct.unpack_from(fmt, data, at)
        at += struct.calcsize(fmt)
        return values

    def string():
        nonlocal at
        (n,) = take("H")
        s = data[at:at + n - 1].decode()
        at += n
        return s

    (version,) = take("I")
    name = string()
    (revision,) = take("I")
    (count,) = take("I")
    variables = {}
    for _ in range(count):
        key = string()
        (rank,) = take("B")
        shape = take("%dI" % rank)
        (dtype,) = take("B")
        (nbytes,) = take("I")
        dt = DTYPES[dtype]
        if dt == "bfloat16":
            raise ValueError("bfloat16 not handled")
        array = np.frombuffer(data, dtype=np.dtype(dt), count=nbytes // np.dtype(dt).itemsize, offset=at).reshape(shape)
        at += nbytes
        variables[key] = array
    (naliases,) = take("I")
    aliases = [(string(), string()) for _ in range(naliases)]
    return dict(version=version, name=name, revision=revision, variables=variables, aliases=aliases)


def write(path, model):
    with open(path, "wb") as f:
        def string(s):
            f.write(struct.pack("H", len(s) + 1)); f.write(s.encode()); f.write(b"\0")
        f.write(struct.pack("I", model["version"])); string(model["name"]); f.write(struct.pack("I", model["revision"]))
        f.write(struct.pack("I", len(model["variables"])))
        for key, value in model["variables"].items():
            string(key)
            f.write(struct.pack("B", value.ndim))
            for d in value.shape:
                f.write(struct.pack("I", d))
            f.write(struct.pack("B", DTYPES.index(value.dtype.name)))
            raw = np.ascontiguousarray(value).tobytes()
            f.write(struct.pack("I", len(raw))); f.write(raw)
        f.write(struct.pack("I", len(model["aliases"])))
        for a, b in model["aliases"]:
            string(a); string(b)
