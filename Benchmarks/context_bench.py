#!/usr/bin/env python3
"""Context from the remote shell (issue 12): what gathering costs, against a loopback sshd.

    Benchmarks/context_bench.py [VOICESH] [--runs N] [--refreshes N] [--keys N]

VOICESH defaults to .build/release/voicesh. The remote user's home (sshd's SetEnv HOME) holds a
sandbox project: a web app, a Kubernetes folder, logs, a git repository with branches and a
changed file, remote-only tools on PATH and a shell history. Measures:
  1. gathering at connect (PATH, history, the directory, git) and per refresh (history, the
     directory, git: what a recording start asks for), over the session's own SSH connection
     (`voicesh context --json --refreshes N`): time and bytes moved (script up, report down);
  2. keystroke echo through a remote `cat` in a dictating session, idle and just after a
     recording was started and cancelled (toggle, Esc), which starts a refresh: with
     context = "local" against "off". Keys typed while the recording owns the keyboard do not
     reach the remote, so each key is sent right after the cancel, while the refresh runs.
Prints figures only and asserts nothing.
"""
import json, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Session, arguments, clean_env, percentile, sshd  # noqa: E402


def project(home):
    app = os.path.join(home, "webapp")
    for path in ["deploy_prod.yaml", "docker-compose.prod.yml", "nginx.conf", "app.py", "requirements.txt",
                 "k8s/deployment.yaml", "k8s/service.yaml", "logs/access.log", "logs/error.log", "README.md"]:
        os.makedirs(os.path.dirname(os.path.join(app, path)), exist_ok=True)
        with open(os.path.join(app, path), "w") as f:
            f.write("x\n")
    git = ["git", "-C", app, "-c", "user.name=b", "-c", "user.email=b@example.com"]
    subprocess.run(git + ["init", "-q", "-b", "main"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "first"], check=True)
    for branch in ["feature/login", "hotfix/payment-timeout", "release/v2"]:
        subprocess.run(git + ["branch", branch], check=True)
    subprocess.run(git + ["remote", "add", "origin", "https://example.com/webapp.git"], check=True)
    with open(os.path.join(app, "app.py"), "w") as f:
        f.write("changed\n")
    with open(os.path.join(home, ".bash_history"), "w") as f:
        f.write("".join(f"kubectl get pods -n team{i}\nhelmfile apply\ngit status\n" for i in range(333)))
    return app


def gathering(voicesh, profile, app, env, runs, refreshes):
    connect, connect_bytes, refresh, refresh_bytes = [], [], [], []
    for _ in range(runs):
        out = subprocess.run([voicesh, "context", profile, "--json", "--directory", app,
                              "--refreshes", str(refreshes)], env=env, capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            print(f"  context: {out.stderr.strip()}", file=sys.stderr)
            continue
        report = json.loads(out.stdout)
        connect.append(report["seconds"] * 1000)
        connect_bytes.append(report["bytes"])
        refresh += [r["seconds"] * 1000 for r in report["refreshes"]]
        refresh_bytes += [r["bytes"] for r in report["refreshes"]]
    return connect, connect_bytes, refresh, refresh_bytes


def echo_after_refresh(voicesh, profile, speech, env, keys):
    """(idle echoes, echoes right after a recording start + cancel), in ms."""
    session = Session([voicesh, "connect", "--audio-file", speech, profile, "--", "echo READY; exec cat"], env)
    idle, busy = [], []
    if session.expect(b"READY\r\n", 30) is not None:
        time.sleep(1.5)  # past the gathering at connect
        session.buffer = b""
        for i in range(keys):
            key = bytes([ord("a") + i % 26])
            refresh = i % 2 == 1
            if refresh:
                os.write(session.fd, b"\x1d")  # ctrl-]: a recording starts, and a refresh with it
                time.sleep(0.005)
                os.write(session.fd, b"\x1b")  # Esc: cancelled; the refresh goes on
                time.sleep(0.05)  # the lone Esc's 30 ms wait, and the line taken off
            else:
                time.sleep(0.05)
            session.buffer = b""
            ms = session.echo_ms(key, i)
            if ms is None:
                break
            (busy if refresh else idle).append(ms)
        os.write(session.fd, b"\r\x04")
    session.finish()
    return idle, busy


def show(name, values, unit="ms"):
    if not values:
        print(f"{name:58s} —")
        return
    print(f"{name:58s} median {statistics.median(values):8.2f} {unit}   p95 {percentile(values, 95):8.2f} {unit}"
          f"   (n={len(values)})")


def main():
    args = arguments(__doc__.split("\n")[0], ("--runs", 10, "connections for the gathering figures"),
                     ("--refreshes", 20, "refreshes per connection"),
                     ("--keys", 200, "keys per echo session (half after a refresh)"))
    voicesh = args.voicesh
    with tempfile.TemporaryDirectory(prefix="context-bench-") as tmp:
        sandbox, home, local = (os.path.join(tmp, d) for d in ("sshd", "remote", "local"))
        os.makedirs(home)
        os.makedirs(local)
        app = project(home)
        with sshd(sandbox, f"SetEnv HOME={home}") as port:
            env = clean_env(local, TERM="xterm-256color")
            for name, policy in (("ctx", "local"), ("plain", "off")):
                path = os.path.join(local, f"{name}.toml")
                with open(path, "w") as f:
                    f.write(f'name = "{name}"\nhost = "127.0.0.1"\nport = {port}\n'
                            f'identity = "{sandbox}/id_ed25519"\nknown_hosts = "{sandbox}/known_hosts"\n'
                            f'context = "{policy}"\n[engine]\n')
                subprocess.run([voicesh, "profile", "import", path], env=env, check=True, capture_output=True)
            speech = os.path.join(local, "speech.wav")
            subprocess.run(["espeak-ng", "-w", speech, "git status"], check=True)
            connect, connect_bytes, refresh, refresh_bytes = gathering(
                voicesh, "ctx", app, env, args.runs, args.refreshes)
            show("gathering at connect", connect)
            show("  bytes moved at connect", connect_bytes, "B")
            show("gathering per refresh", refresh)
            show("  bytes moved per refresh", refresh_bytes, "B")
            for name, profile in (("context = local", "ctx"), ("context = off", "plain")):
                idle, busy = echo_after_refresh(voicesh, profile, speech, env, args.keys)
                show(f"echo, idle ({name})", idle)
                show(f"echo right after a recording start + cancel ({name})", busy)


if __name__ == "__main__":
    main()
