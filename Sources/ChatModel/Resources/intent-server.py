"""voicesh's local intent model: llama.cpp's OpenAI-compatible server (xllamacpp, in the venv
scripts/setup makes), in one of two lifetimes.

    python3 intent-server.py MODEL.gguf THREADS CONTEXT_TOKENS
    python3 intent-server.py MODEL.gguf THREADS CONTEXT_TOKENS --keep SOCKET IDLE_SECONDS

The first serves on a loopback port of its choosing for as long as voicesh keeps this
process's standard input open: it ends when that input ends (voicesh closed it, or died), from
the start, loading included, or on SIGTERM.

The second is kept, as ssh's ControlPersist keeps a master: it leaves voicesh's session and
serves the user's later calls on the Unix socket SOCKET (mode 0600, in a folder only the user
can enter; SOCKET.loading is locked while it loads) until no request has come for IDLE_SECONDS,
or SOCKET is removed or replaced. Its requests go on to llama.cpp's server on a loopback port,
which refuses every request without a key only this process knows. When a kept server already
answers on SOCKET it says so and leaves it be.

First line out: {"ready": URL} (a "http://127.0.0.1:PORT/v1", or SOCKET's path) or
{"error": "..."}, then nothing more. Logs go to stderr."""
import fcntl
import http.server
import json
import os
import secrets
import select
import signal
import socket
import socketserver
import stat
import sys
import threading
import time


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


def load(model, threads, context, key=None):
    """The model in a server of llama.cpp's, or the words of why not (a string)."""
    try:
        import xllamacpp as xlc
    except ImportError as error:
        return "xllamacpp is not installed for %s (%s)" % (sys.executable, error)
    params = xlc.CommonParams()
    params.model.path = model
    params.hostnames = ["127.0.0.1"]
    params.port = 0  # the system picks a free port; the server says which
    params.n_ctx = context
    params.n_parallel = 1
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    # Weights stay as the file has them: repacking them for the CPU copies the model (1.9 GiB
    # in all for the 1.5B model, not 1.3) for a fifth more speed.
    params.no_extra_bufts = True
    # No store of past prompts' states in RAM (llama.cpp's default keeps up to 8 GiB): the one
    # slot keeps the last request, whose fixed prefix the next one shares.
    params.cache_ram_mib = 0
    if key:
        params.api_keys = [key]
    try:
        return xlc.Server(params)
    except Exception as error:  # the model file is the user's: say what was wrong with it
        return "cannot load %s: %s" % (model, (str(error).splitlines() or [type(error).__name__])[0])


def answering(path):
    """Whether a server answers on the Unix socket at `path` now."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(2)
    try:
        probe.connect(path)
        probe.sendall(b"GET /health HTTP/1.0\r\n\r\n")
        return probe.recv(12).startswith(b"HTTP/1.")
    except OSError:
        return False
    finally:
        probe.close()


class Kept(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True

    def __init__(self, path, upstream, key):
        self.upstream = upstream  # llama.cpp's own server: (host, port)
        self.key = key
        self.lock = threading.Lock()
        self.busy = 0
        self.last = time.monotonic()
        super().__init__(path, Handler)

    def track(self, delta):
        with self.lock:
            self.busy += delta
            self.last = time.monotonic()


class Handler(http.server.BaseHTTPRequestHandler):
    """Each request goes on to llama.cpp's server with the key, and its answer comes back as
    it is sent. A caller that goes (a timeout, Esc) closes its connection: the one to llama.cpp
    is closed too, which cancels the request there, so a dropped request does not hold the
    model's one slot for the next."""
    protocol_version = "HTTP/1.1"
    limit = 1 << 20

    def log_message(self, *args):  # nothing of a request is logged: it may hold a user's words
        pass

    def reply(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.server.track(0)
        if self.path == "/health":
            return self.reply(200, {"status": "ok"})
        self.reply(404, {"error": {"code": 404, "message": "not found"}})

    def do_POST(self):
        if self.path.rstrip("/") != "/v1/chat/completions":
            return self.reply(404, {"error": {"code": 404, "message": "not found"}})
        size = int(self.headers.get("Content-Length") or 0)
        if not 0 < size <= self.limit:
            return self.reply(413 if size else 411, {"error": {"code": 400, "message": "a body of 1 to 1 MiB"}})
        body = self.rfile.read(size)
        self.server.track(1)
        self.close_connection = True  # the answer ends when llama.cpp closes its connection
        try:
            upstream = socket.create_connection(self.server.upstream)
        except OSError as error:
            self.server.track(-1)
            return self.reply(502, {"error": {"code": 502, "message": "the model's server: %s" % error}})
        try:
            upstream.sendall(
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                b"Content-Type: application/json\r\nAuthorization: Bearer " + self.server.key.encode()
                + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
            watching = [upstream, self.connection]
            while True:
                ready = select.select(watching, [], [])[0]
                if self.connection in ready:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return  # the caller went: closing upstream cancels the request
                    watching = [upstream]  # it sent more: not ours to read now
                if upstream in ready:
                    data = upstream.recv(65536)
                    if not data:
                        return
                    self.connection.sendall(data)
        except OSError:
            pass
        finally:
            upstream.close()
            self.server.track(-1)


def keep(model, threads, context, path, idle):
    """Serves the model on `path` until `idle` seconds pass without a request, away from the
    session voicesh runs in (its hang-up is not ours). SOCKET.loading is locked while the model
    loads, from before the fork (the lock goes with the child): a call that comes while it loads,
    its starter gone (a session that ended at once), waits for it rather than loading another."""
    loading = os.open(path + ".loading", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    fcntl.flock(loading, fcntl.LOCK_EX)
    if os.fork() != 0:  # voicesh reaps this one; the kept server is its child's child
        os._exit(0)
    os.setsid()
    os.umask(0o077)
    folder = os.path.dirname(path)
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        say({"error": "%s must be a folder of yours that only you can enter" % folder})
        return 1
    if answering(path):  # another call started one meanwhile: it serves
        say({"ready": path})
        return 0
    if os.path.lexists(path):
        os.unlink(path)  # left by a server that died
    os.nice(10)  # the priority main gives its server, for the same reason
    key = secrets.token_hex(32)
    server = load(model, threads, context, key=key)
    if isinstance(server, str):
        say({"error": server})
        return 1
    address = server.listening_address.split("://")[-1].rstrip("/")
    host, _, port = address.rpartition(":")
    kept = Kept(path, (host, int(port)), key)
    os.chmod(path, 0o600)  # connecting needs write; nobody needs to run it
    mine = os.stat(path).st_ino
    say({"ready": path})
    os.close(loading)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):  # voicesh reads its pipe to the end: the kept server says nothing more
        os.dup2(null, fd)
    threading.Thread(target=kept.serve_forever, daemon=True).start()
    while True:
        time.sleep(1)
        try:
            replaced = os.stat(path).st_ino != mine
        except OSError:
            replaced = True
        with kept.lock:
            idle_for = time.monotonic() - kept.last if kept.busy == 0 else 0
        if replaced or idle_for >= idle:
            if not replaced:
                os.unlink(path)
            return 0


def main():
    if len(sys.argv) == 7 and sys.argv[4] == "--keep":
        try:
            return keep(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[5], float(sys.argv[6]))
        except OSError as error:
            say({"error": "cannot serve on %s: %s" % (sys.argv[5], error.strerror or error)})
            return 1
    watch_stdin()
    # A lower CPU priority, for the server's threads too (they inherit it): its load and the
    # warm-up request at a session's start took both cores for seconds, and the keystrokes of
    # the session beside it echoed 17 times slower than ssh's. At 10 it runs as fast as before
    # on an idle machine; at 19 a request took 40% longer (its threads wait for each other).
    os.nice(10)
    if len(sys.argv) != 4:
        say({"error": "usage: intent-server.py MODEL.gguf THREADS CONTEXT_TOKENS [--keep SOCKET IDLE_SECONDS]"})
        return 2
    server = load(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
    if isinstance(server, str):
        say({"error": server})
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
