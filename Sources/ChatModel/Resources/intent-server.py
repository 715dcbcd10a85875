"""voicesh's local intent model: llama.cpp's OpenAI-compatible server (xllamacpp, in the venv
scripts/setup makes) on a loopback port of its choosing, for as long as voicesh keeps this
process's standard input open.

    python3 intent-server.py MODEL.gguf THREADS CONTEXT_TOKENS

First line out: {"ready": "http://127.0.0.1:PORT/v1"} or {"error": "..."} (then it exits).
It ends when its standard input ends (voicesh closed it, or died), from the start, loading
included, or on SIGTERM. Logs go to stderr."""
import json
import os
import signal
import sys
import threading


def say(obj):
    try:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()
    except OSError:  # voicesh is gone (a broken pipe): so is the reason to run
        os._exit(0)


def watch_stdin():
    """Ends the server at once when its standard input ends: voicesh closed it, or died, even
    while the model loads. From a process of its own, forked before anything is loaded: the
    load holds Python's lock for seconds, so a thread here could not run until it was over, and
    servers of short sessions outlived them by up to two seconds (a 1.3 GB one was once left
    behind). SIGKILL, because the server's own threads would hold an ordinary exit."""
    server = os.getpid()
    if os.fork() != 0:
        return
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (1, 2):  # voicesh reads the server's output to its end: this one says nothing
        os.dup2(null, fd)
    try:
        while os.read(0, 4096):  # nothing is kept; the loop ends at EOF
            pass
    except OSError:
        pass
    if os.getpgrp() == server:  # its own group, as voicesh starts it: the server and this
        os.killpg(server, signal.SIGKILL)
    elif os.getppid() == server:  # run by hand inside a shell's group: the server alone
        os.kill(server, signal.SIGKILL)
    os._exit(0)


def main():
    watch_stdin()
    # A lower CPU priority, for the server's threads too (they inherit it): its load and the
    # warm-up request at a session's start took both cores for seconds, and the keystrokes of
    # the session beside it echoed 17 times slower than ssh's. At 10 it runs as fast as before
    # on an idle machine; at 19 a request took 40% longer (its threads wait for each other).
    os.nice(10)
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
    threading.Event().wait()  # until standard input ends (watch_stdin's SIGKILL) or SIGTERM


if __name__ == "__main__":
    # Never an ordinary exit: the server's threads would hold it (as above).
    status = main()
    sys.stdout.flush()
    os._exit(status or 0)
