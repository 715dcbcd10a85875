"""The protocol both of voicesh's ear children speak (whisper-ear.py, moonshine-ear.py): one
JSON object a line each way, the model loaded once for the session.

    python3 EAR.py MODEL_DIR THREADS

First line out: {"ready": true} or {"error": "..."} (then it exits). Then, per request with an
"audio" PATH (raw signed 16-bit little-endian mono samples at 16 kHz), the ear's reply to it;
per request with "score": [TEXT, ...], {"scores": [...]}, those readings scored against the last
recording heard; per request {"encode": PATH}, {"encoded": true} once the ear has read that
recording ahead, so that hearing exactly it next is quicker (false: this ear does not). An
error is {"error": "..."}, and the child reads on. Reads nothing but its requests, writes
nothing but its replies (logs go to stderr)."""
import json
import sys


def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def first_line(error):
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def serve(script, package, name, load):
    """Runs an ear: `load(model_dir, threads)` imports what it needs (an ImportError says that
    `package` is missing) and returns the ear, whose `hear(audio, request)` is the reply to a
    recording and `score(request)` the scores of more readings of the last one. Returns the
    exit status."""
    if len(sys.argv) != 3:
        reply({"error": "usage: %s MODEL_DIR THREADS" % script})
        return 2
    try:
        ear = load(sys.argv[1], int(sys.argv[2]))
    except ImportError as error:
        reply({"error": "%s is not installed for %s (%s)" % (package, sys.executable, error)})
        return 1
    except Exception as error:  # the model folder may be the user's: say what was wrong with it
        reply({"error": "cannot load the %s model in %s: %s" % (name, sys.argv[1], first_line(error))})
        return 1
    reply({"ready": True})
    import numpy as np

    def recording(path):
        with open(path, "rb") as f:
            return np.frombuffer(f.read(), dtype="<i2").astype(np.float32) / 32768.0

    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if "score" in request:
                reply({"scores": ear.score(request)})
            elif "encode" in request:
                reply({"encoded": hasattr(ear, "prepare") and bool(ear.prepare(recording(request["encode"])))})
            else:
                reply(ear.hear(recording(request["audio"]), request))
        except Exception as error:
            reply({"error": first_line(error)})
    return 0
