import CLibSSH2
import Foundation
import VoiceshCore

/// Asks the person at the keyboard: passphrases, passwords, keyboard-interactive answers.
/// Answers are used once and never stored or logged.
public protocol AuthPrompter {
    /// A secret typed without echo; nil when there is no way to ask.
    func secret(_ prompt: String) -> String?
    /// A keyboard-interactive answer, echoed when the server says so.
    func answer(_ prompt: String, echo: Bool) -> String?
    /// A line for the user, such as "Permission denied, please try again."
    func notice(_ text: String)
}

/// Who to log in as and with what, in OpenSSH's order: the agent, the named identity,
/// the default key files, then keyboard-interactive and password prompts.
public struct AuthPlan: Sendable {
    public var user: String
    /// Key files named by `-i`, the profile or IdentityFile, offered in this order.
    public var identities: [String]
    public var defaultKeyFiles: [String]
    /// OpenSSH's IdentitiesOnly: offer only `identities`, not the agent's keys nor the default files.
    public var identitiesOnly = false
    /// `SSH_AUTH_SOCK`, when an agent is running.
    public var agentSocket: String?
    /// How many times a password or passphrase is asked (OpenSSH's NumberOfPasswordPrompts).
    public var attempts = 3

    public init(user: String, identities: [String], defaultKeyFiles: [String], agentSocket: String?) {
        self.user = user
        self.identities = identities
        self.defaultKeyFiles = defaultKeyFiles
        self.agentSocket = agentSocket
    }
}

/// Runs the authentication conversation on a session that has finished its handshake.
public struct Authenticator {
    let session: SSHSession
    let plan: AuthPlan
    let prompter: any AuthPrompter

    public init(session: SSHSession, plan: AuthPlan, prompter: any AuthPrompter) {
        self.session = session
        self.plan = plan
        self.prompter = prompter
    }

    public func authenticate() throws(SSHError) {
        let user = plan.user
        var methods: [String] = []
        // userauth_list is a request of its own: NULL means EAGAIN, an error, or that the
        // server accepted "none" outright.
        _ = try session.blocking("libssh2_userauth_list") { raw in
            guard let list = libssh2_userauth_list(raw, user, UInt32(user.utf8.count)) else {
                return libssh2_userauth_authenticated(raw) != 0 ? 0 : libssh2_session_last_errno(raw)
            }
            methods = String(cString: list).split(separator: ",").map(String.init)
            return 0
        }
        if libssh2_userauth_authenticated(session.raw) != 0 { return }
        var notes: [String] = []
        try run(methods: methods, notes: &notes)
    }

    private func run(methods: [String], notes: inout [String]) throws(SSHError) {
        if methods.contains("publickey") {
            if !plan.identitiesOnly, try agent(notes: &notes) { return }
            for file in keyFiles() {
                if try keyFile(file, notes: &notes) { return }
            }
        }
        if methods.contains("keyboard-interactive"), try keyboardInteractive() { return }
        if methods.contains("password"), try password() { return }
        throw .permissionDenied(user: plan.user, host: session.host, methods: methods, notes: notes)
    }

    /// The named identities first, then the default key files, without repeats.
    private func keyFiles() -> [String] {
        var files: [String] = []
        let defaults = plan.identitiesOnly ? [] : plan.defaultKeyFiles
        for file in plan.identities + defaults where !files.contains(file) {
            files.append(file)
        }
        return files
    }

    // MARK: - Methods

    private func agent(notes: inout [String]) throws(SSHError) -> Bool {
        guard plan.agentSocket != nil, let agent = libssh2_agent_init(session.raw) else { return false }
        defer {
            libssh2_agent_disconnect(agent)
            libssh2_agent_free(agent)
        }
        guard libssh2_agent_connect(agent) == 0, libssh2_agent_list_identities(agent) == 0 else { return false }
        var identity: UnsafeMutablePointer<libssh2_agent_publickey>?
        while libssh2_agent_get_identity(agent, &identity, identity) == 0, let current = identity {
            let user = plan.user
            let rc = try session.untilDone("libssh2_agent_userauth") { _ in libssh2_agent_userauth(agent, user, current)
            }
            if rc == 0 { return true }
            let blob = [UInt8](UnsafeBufferPointer(start: current.pointee.blob, count: current.pointee.blob_len))
            if Self.algorithm(ofBlob: blob) == "ssh-rsa" {
                let comment = current.pointee.comment.map { String(cString: $0) } ?? "agent key"
                notes.append(Self.rsaNote("RSA key \"\(comment)\" from the agent"))
            }
        }
        return false
    }

    private func keyFile(_ path: String, notes: inout [String]) throws(SSHError) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else {
            if plan.identities.contains(path) {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                notes.append(
                    !exists
                        ? "identity file \(path) does not exist"
                        : isDirectory.boolValue
                            ? "identity file \(path) is a directory, not a key file"
                            : "identity file \(path) cannot be read (permission denied)")
            }
            return false
        }
        let text = String(decoding: data, as: UTF8.self)
        let info = PrivateKeyFile(text: text)
        if info == nil, plan.identities.contains(path) {
            notes.append(
                "identity file \(path) is not a private key (no BEGIN … PRIVATE KEY block); give the key, not the .pub")
            return false
        }
        // A private key others may read is not a secret any more: OpenSSH ignores it, and says so.
        var status = stat()
        if stat(path, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o077 != 0 {
            notes.append(
                "UNPROTECTED PRIVATE KEY FILE: permissions \(String(format: "%04o", status.st_mode & 0o777)) for '\(path)' are too open; it is ignored: chmod 600 \(path)"
            )
            return false
        }
        var passphrase: String? = nil
        for attempt in 0..<(info?.isEncrypted == true ? plan.attempts : 1) {
            if info?.isEncrypted == true {
                guard let typed = prompter.secret("Enter passphrase for key '\(path)': ") else {
                    notes.append("no passphrase could be asked for \(path) (no terminal)")
                    return false
                }
                passphrase = typed
            }
            let user = plan.user
            let rc = try session.untilDone("libssh2_userauth_publickey_fromfile_ex") { raw in
                libssh2_userauth_publickey_fromfile_ex(raw, user, UInt32(user.utf8.count), nil, path, passphrase)
            }
            if rc == 0 { return true }
            switch rc {
            case LIBSSH2_ERROR_FILE:
                if info?.isEncrypted == true {
                    if attempt + 1 < plan.attempts { prompter.notice("Bad passphrase, try again for \(path)") }
                    continue
                }
                notes.append("\(path) is not a private key libssh2 can read")
                return false
            default:
                if info?.algorithm == "ssh-rsa" { notes.append(Self.rsaNote("RSA key \(path)")) }
                return false
            }
        }
        notes.append("wrong passphrase for \(path)")
        return false
    }

    private func password() throws(SSHError) -> Bool {
        let user = plan.user
        for attempt in 0..<plan.attempts {
            guard let password = prompter.secret("\(user)@\(session.host)'s password: ") else { return false }
            let rc = try session.untilDone("libssh2_userauth_password_ex") { raw in
                libssh2_userauth_password_ex(
                    raw, user, UInt32(user.utf8.count), password, UInt32(password.utf8.count), nil)
            }
            if rc == 0 { return true }
            if attempt + 1 < plan.attempts { prompter.notice("Permission denied, please try again.") }
        }
        return false
    }

    private func keyboardInteractive() throws(SSHError) -> Bool {
        let user = plan.user
        let box = Unmanaged.passRetained(PrompterBox(prompter))
        defer { box.release() }
        // The C callback cannot capture; it finds the prompter through the session's abstract slot.
        libssh2_session_abstract(session.raw).pointee = box.toOpaque()
        defer { libssh2_session_abstract(session.raw).pointee = nil }
        for attempt in 0..<plan.attempts {
            let rc = try session.untilDone("libssh2_userauth_keyboard_interactive_ex") { raw in
                libssh2_userauth_keyboard_interactive_ex(raw, user, UInt32(user.utf8.count), keyboardCallback)
            }
            if rc == 0 { return true }
            if box.takeUnretainedValue().cancelled { return false }
            if attempt + 1 < plan.attempts { prompter.notice("Permission denied, please try again.") }
        }
        return false
    }

    // MARK: - Helpers

    static func algorithm(ofBlob blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = blob.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard blob.count >= 4 + length else { return nil }
        return String(decoding: blob[4..<4 + length], as: UTF8.self)
    }

    static func rsaNote(_ what: String) -> String {
        "the server refused \(what): this libssh2 (1.10) signs RSA keys only with SHA-1 (ssh-rsa), "
            + "which OpenSSH 8.8 and later refuse; use an ed25519 key (ssh-keygen -t ed25519)"
    }
}

/// The prompter, reachable from libssh2's C callback.
final class PrompterBox {
    let prompter: any AuthPrompter
    var cancelled = false
    init(_ prompter: any AuthPrompter) { self.prompter = prompter }
}

/// libssh2 frees each response's text with free(), so the answers are strdup'ed.
private let keyboardCallback:
    @convention(c) (
        UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32, Int32,
        UnsafePointer<LIBSSH2_USERAUTH_KBDINT_PROMPT>?, UnsafeMutablePointer<LIBSSH2_USERAUTH_KBDINT_RESPONSE>?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Void = { _, _, instruction, instructionLength, count, prompts, responses, abstract in
        guard let raw = abstract?.pointee, let prompts, let responses else { return }
        let box = Unmanaged<PrompterBox>.fromOpaque(raw).takeUnretainedValue()
        // The server's words, before any login: shown only cleaned of escape sequences (a fake
        // prompt drawn over the screen, the clipboard written), as OpenSSH strips them.
        if let instruction, instructionLength > 0 {
            let text = String(
                decoding: UnsafeRawBufferPointer(start: instruction, count: Int(instructionLength)), as: UTF8.self)
            box.prompter.notice(UntrustedText.cleanLines(text))
        }
        for i in 0..<Int(count) {
            let prompt = prompts[i]
            let text = UntrustedText.clean(
                String(decoding: UnsafeRawBufferPointer(start: prompt.text, count: Int(prompt.length)), as: UTF8.self))
            guard let answer = box.prompter.answer(text, echo: prompt.echo != 0) else {
                box.cancelled = true
                return
            }
            responses[i].text = strdup(answer)
            responses[i].length = UInt32(answer.utf8.count)
        }
    }
