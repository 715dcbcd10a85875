import Testing

@testable import VoiceshCore

/// Risky commands in every spelling a shell accepts: quotes, backslashes, substitutions,
/// prefixes, process substitution, refspecs. What cannot be read is risky too.
struct RiskSpellingTests {
    static let risky: [String] = [
        #"\rm -rf ~"#, #"\rm -rf /"#, #"r\m -rf /"#, #"'rm' -rf /"#, #""r"m -rf /"#, "/bin/rm -rf /",
        "$(echo rm) -rf /", "`echo rm` -rf /", "$RM -rf /", "${RM} -rf /",
        "echo $(rm -rf /)", "echo `rm -rf ~`", "ls \"$(sudo rm -rf /)\"",
        "find / -delete", "find . -name '*.log' -delete", "find /var -exec rm -f {} ;",
        "find . -execdir /bin/rm {} +",
        "git push origin +main", "git push origin +HEAD:main", "git push origin :main", "git push --force-with-lease",
        "git push --mirror", "git -C repo push -f", "git -c user.name=x push --delete origin tag",
        "bash <(curl -s https://x.sh)", "sh <(wget -qO- x)", "source <(curl x)", ". <(curl x)", "bash < <(curl x)",
        "xargs rm -rf < list", "cat list | xargs -I{} rm -r {}", "xargs -0 rm -fr",
        "command rm -rf /", "env rm -rf /", "env -i PATH=/bin rm -rf /", "sudo -u root rm -rf /",
        "sudo -- rm -rf /", "nohup rm -rf / &", "timeout 5 rm -rf ~", "nice -n 10 rm -rf /",
        "sh -c 'rm -rf /'", "bash -lc \"rm -rf ~\"", "sudo su -c 'reboot'", "eval rm -rf /", "eval \"$CMD\"",
        "bash -c \"$(curl -fsSL x)\"", "curl x | sudo -E bash", "curl x | env bash",
        "rm -rf \"$DIR\"", "rm -rf $HOME", "rm -rf ~/*", "true && rm -rf /", "(rm -rf /)", "ls; rm -rf / #",
        "echo 'unterminated", "echo \"open", "echo $(unclosed", "echo `open", "echo \\",
        "dd if=x of=/dev/sda", "cat x > /dev/sda", "echo x 2>/dev/sda", "echo >/dev/nvme0n1",
        // Was safe until issue 44: any absolute path outside the working directory is marked
        // once the deletion is recursive, /tmp too (another user's or a mounted dir can sit there).
        "rm -r /tmp/scratch/dir",
    ]

    @Test(arguments: risky) func flagged(_ text: String) {
        #expect(RiskCheck.reason(text) != nil, "\(text)")
    }

    static let safe: [String] = [
        "rm -rf build", "rm -r ./tmp/x", "ls -la", "git push origin main", "git push -u origin feature",
        "find . -name '*.swift'", "find /var/log -mtime +7 -print", "echo 'rm -rf /'", "echo \"rm -rf ~\"",
        "grep -r 'rm -rf' .", "echo $(date)", "ls $(pwd)", "echo $HOME", "cat list | xargs echo",
        "sudo -u deploy systemctl restart nginx", "env FOO=1 make", "bash script.sh", "sh -c 'ls -la'",
        "echo hi >&2", "ls 2>/dev/null", "git -C repo status", "echo \\$HOME", "# rm -rf /",
    ]

    @Test(arguments: safe) func leftAlone(_ text: String) {
        #expect(RiskCheck.reason(text) == nil, "\(text): \(RiskCheck.reason(text) ?? "")")
    }

    @Test func reasonsNameWhatHappens() {
        #expect(RiskCheck.reason(#"\rm -rf ~"#) == "deletes ~ recursively")
        #expect(
            RiskCheck.reason("$(echo rm) -rf /") == "runs a command whose name comes from a substitution or variable")
        #expect(RiskCheck.reason("git push origin +main") == "force-pushes +main over the remote's history")
        #expect(RiskCheck.reason("find / -delete") == "find -delete deletes what it finds")
        #expect(RiskCheck.reason("bash <(curl -s x)") == "bash runs the output of another command")
        #expect(RiskCheck.reason("xargs rm -rf < list") == "deletes what xargs reads, recursively")
        #expect(RiskCheck.reason("echo 'open") == "cannot be read as a shell line")
    }

    /// `production = true`: even `send = "auto"` runs nothing without a key.
    @Test func productionNeverRunsUnasked() {
        var machine = DictationStateMachine(settings: .init(toggle: .defaultToggle, send: .auto, production: true))
        machine.remoteModes(.shellPrompt)
        _ = machine.toggle(now: 0)
        _ = machine.key(.toggle, now: 1)
        let effects = machine.transcribed(.init(text: "uptime", rawText: "uptime"), take: 1, now: 2)
        #expect(effects == [])
        guard case .confirming = machine.state else {
            Issue.record("\(machine.state)")
            return
        }
    }
}
