"""voicesh's local intent model: llama.cpp's OpenAI-compatible server (xllamacpp, in the venv
scripts/setup makes) on a loopback port of its choosing, for as long as voicesh keeps this
process's standard input open.

    python3 intent-server.py MODEL.gguf THREADS CONTEXT_TOKENS

First line out: {"ready": "http://127.0.0.1:PORT/v1"} or {"error": "..."} (then it exits).
It ends when its standard input ends (voicesh closed it, or died), from the start, loading
included, or on SIGTERM. Logs go to stderr."""
import json
import os
import sys
import threading


def say(obj):
    try:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()
    except OSError:  # voicesh is gone (a broken pipe): so is the reason to run
        os._exit(0)


def watch_stdin():
    """Ends the process at once when its standard input ends: voicesh closed it, or died, even
    while the model loads. At once, because the server's own threads would hold an ordinary
    exit (a session that ended during the load left a 1.3 GB server behind)."""
    for _ in sys.stdin:  # nothing is read; the loop ends at EOF
        pass
    os._exit(0)


def main():
    threading.Thread(target=watch_stdin, daemon=True).start()
    # The lowest CPU priority, for the server's threads too (they inherit it): its load and the
    # warm-up request at a session's start took both cores for seconds, and the keystrokes of
    # the session beside it echoed 17 times slower than ssh's. Alone, it runs as fast as before.
    os.nice(19)
    if len(sys.argv) != 4:
        say({"error": "usage: intent-server.py MODEL.gguf THREADS CONTEXT_TOKENS"})
        return 2
    try:
        import xllamacpp as xlc
    except ImportError as error:
        say({"error": "xllamacpp is not installed for %s (%s)" % (sys.executable, error)})
        return 1
    params = xlc.CommonParams()
    params.model.path = sys.argv[1]
    params.hostnames = ["127.0.0.1"]
    params.port = 0  # the system picks a free port; the server says which
    params.n_ctx = int(sys.argv[3])
    params.n_parallel = 1
    params.cpuparams.n_threads = int(sys.argv[2])
    params.cpuparams_batch.n_threads = int(sys.argv[2])
    # Weights stay as the file has them: repacking them for the CPU copies the model (1.9 GiB
    # in all for the 1.5B model, not 1.3) for a fifth more speed.
    params.no_extra_bufts = True
    try:
        server = xlc.Server(params)
    except Exception as error:  # the model file is the user's: say what was wrong with it
        say({"error": "cannot load %s: %s" % (sys.argv[1], (str(error).splitlines() or [type(error).__name__])[0])})
        return 1
    address = server.listening_address
    if not address.startswith("http"):
        address = "http://" + address
    say({"ready": address.rstrip("/") + "/v1"})
    threading.Event().wait()  # until standard input ends (watch_stdin) or SIGTERM


if __name__ == "__main__":
    # Never an ordinary exit: the server's threads would hold it (as above).
    status = main()
    sys.stdout.flush()
    os._exit(status or 0)
