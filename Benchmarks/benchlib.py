"""What the benchmarks share: a client on a pseudo-terminal, the command line, a clean
environment, a loopback sshd, nearest-rank percentiles. Imported by the *_bench.py beside it."""
import argparse, contextlib, errno, fcntl, math, os, pty, select, signal, struct, subprocess, sys, termios, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Session:
    """One client process on a fresh pty (the child's stdin, stdout, stderr and ctty)."""

    def __init__(self, argv, env):
        self.start = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child: set the size before the client can read it, then exec
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.buffer = b""
        self.status = self.rusage = None

    def read(self, timeout):
        """Bytes available within `timeout` seconds: b"" on timeout, None once the pty closed."""
        if not select.select([self.fd], [], [], max(timeout, 0))[0]:
            return b""
        try:
            return os.read(self.fd, 1 << 16) or None
        except OSError as error:  # EIO: every slave descriptor is closed (the client exited)
            if error.errno == errno.EIO:
                return None
            raise

    def expect(self, needle, timeout):
        """Reads until `needle` has arrived; returns the time it did, or None."""
        deadline = time.monotonic() + timeout
        while needle not in self.buffer:
            data = self.read(deadline - time.monotonic())
            if data is None or (not data and time.monotonic() >= deadline):
                return None
            self.buffer += data
        return time.monotonic()

    def raw(self):
        """Whether the client has put its tty in raw mode (TCGETS on the master reads the slave's)."""
        lflag = termios.tcgetattr(self.fd)[3]
        return not lflag & (termios.ECHO | termios.ICANON)

    def echo_ms(self, key, index):
        """Milliseconds from writing `key` until it comes back; None (said on stderr) after 5 s."""
        sent = time.monotonic()
        os.write(self.fd, key)
        seen = self.expect(key, 5)
        if seen is None:
            print(f"  echo: key {index} not echoed within 5 s, stopping", file=sys.stderr)
            return None
        return (seen - sent) * 1000

    def finish(self, timeout=10):
        """Waits for the client to exit (SIGKILL at the deadline); returns its exit status."""
        deadline = time.monotonic() + timeout
        while self.read(min(0.2, max(deadline - time.monotonic(), 0))) is not None:
            if time.monotonic() >= deadline:
                os.kill(self.pid, signal.SIGKILL)
                break
        _, status, self.rusage = os.wait4(self.pid, 0)
        os.close(self.fd)
        self.status = os.waitstatus_to_exitcode(status)  # negative: killed by that signal
        return self.status


def percentile(values, p):
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(math.ceil(p / 100 * len(ordered)) - 1, 0)]


def arguments(description, *options, **parser_options):
    """VOICESH (default: the release build, as scripts/build-release makes it) and the benchmark's
    own options, each (flag, default, help): its type is the default's, a False default is a switch."""
    parser = argparse.ArgumentParser(description=description, **parser_options)
    parser.add_argument("voicesh", nargs="?", default=os.path.join(ROOT, ".build/release/voicesh"))
    for flag, default, help in options:
        if default is False:
            parser.add_argument(flag, action="store_true", help=help)
        else:
            parser.add_argument(flag, type=type(default), default=default, help=help)
    args = parser.parse_args()
    args.voicesh = os.path.abspath(args.voicesh)
    return args


def clean_env(home, drop=("SSH_", "XDG_", "VOICESH_"), **extra):
    """Our environment without an agent, user config or voicesh state: HOME and voicesh's state
    under `home`, and `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(drop)}
    env.update(HOME=home, VOICESH_HOME=os.path.join(home, "voicesh"), **extra)
    return env


@contextlib.contextmanager
def sshd(directory, *config, address=None):
    """A throwaway sshd (scripts/sshd-sandbox DIRECTORY [CONFIG LINE…]); yields its port, killed at the end."""
    env = dict(os.environ, SSHD_SANDBOX_ADDRESS=address) if address else None
    port = subprocess.run([os.path.join(ROOT, "scripts/sshd-sandbox"), directory, *config], check=True,
                          capture_output=True, text=True, timeout=60, env=env).stdout.split()[-1]
    try:
        yield port
    finally:
        with contextlib.suppress(OSError, ValueError), open(os.path.join(directory, "sshd.pid")) as pid:
            os.kill(int(pid.read()), signal.SIGKILL)
