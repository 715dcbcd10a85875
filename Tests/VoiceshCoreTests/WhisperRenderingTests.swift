import Testing

@testable import VoiceshCore

/// What Whisper-style servers and cloud providers write for spoken commands, and the shell text
/// it must become. The first rows are the renderings quoted in issue 13 (faster-whisper base
/// behind an OpenAI-compatible server); the rest follow the same conventions (sentence case,
/// ALL CAPS, periods, commas at pauses, hyphen-joined symbol words, `"` for quotes, en dashes).
struct WhisperRenderingTests {
    let shell = SpokenShell()

    @Test(
        arguments: [
            // Quoted in the issue.
            ("Get status.", "git status"),
            ("JIT STATUS", "git status"),
            ("CD-slash-var-slash-log", "cd /var/log"),
            // `-F` is a real flag (tail -F follows by name): written as a symbol, it stays.
            ("Tail -F /VAR/log/syslog", "tail -F /var/log/syslog"),
            ("Git commit -m, quote, fix the build, end quote.", "git commit -m \"fix the build\""),
            // Sentence case and periods.
            ("Git log --oneline.", "git log --oneline"),
            ("Docker compose up -d.", "docker compose up -d"),
            ("LS -LA", "ls -la"),
            ("Sudo systemctl restart nginx.", "sudo systemctl restart nginx"),
            ("Kubectl get pods.", "kubectl get pods"),
            ("Make test.", "make test"),
            ("CD ..", "cd .."),
            ("Git add .", "git add ."),
            // Commas at pauses between spoken symbol words.
            ("Git rebase, dash, dash, continue.", "git rebase --continue"),
            ("ls, dash, l, a", "ls -la"),
            ("Git push, dash, dash, force, dash, with, dash, lease.", "git push --force-with-lease"),
            ("Cat, slash, etc, slash, hosts.", "cat /etc/hosts"),
            // Hyphen-joined words.
            ("Git re-base main.", "git rebase main"),
            ("Git push dash-dash-force.", "git push --force"),
            ("Sudo apt-get update.", "sudo apt-get update"),
            ("Kubectl get pods -n kube-system.", "kubectl get pods -n kube-system"),
            // Capitalised symbol words and letters.
            ("Tail Dash F app dot log.", "tail -f app.log"),
            ("ls dash l capital S", "ls -lS"),
            ("Grep Dash R todo Dot.", "grep -r todo ."),
            // Quotes as words or as marks; case and prose kept inside.
            ("Git commit -m \"Fix the build, then deploy.\"", "git commit -m \"Fix the build, then deploy.\""),
            ("Echo quote, Hello World, end quote.", "echo \"Hello World\""),
            ("Git commit -m quote Add tests, fix CI end quote", "git commit -m \"Add tests, fix CI\""),
            // A typographic dash is the long form it replaced.
            ("Git diff —staged.", "git diff --staged"),
            // Already shell: unchanged.
            ("git log --oneline", "git log --oneline"),
            ("tail -F /var/log/syslog", "tail -F /var/log/syslog"),
            ("grep -rn TODO src", "grep -rn TODO src"),
            ("echo $HOME", "echo $HOME"),
            ("ECHO $HOME", "echo $HOME"),
            ("vim Makefile", "vim Makefile"),
            ("Vim Makefile.", "vim Makefile"),
            ("cat README.md", "cat README.md"),
        ] as [(String, String)])
    func whisperRenderings(written: String, typed: String) {
        #expect(shell.normalize(written) == typed)
    }
}
