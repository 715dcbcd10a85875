import Foundation

/// The rules a profile must meet before it is saved or used.
extension Profile {
    /// Every problem with this profile, one per key; empty when it is valid.
    public func validate() -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        func fail(_ key: String, _ message: String) { problems.append(.init(key: key, message: message)) }

        if name.isEmpty {
            fail("name", "is required")
        } else if let reason = Self.nameProblem(name) {
            fail("name", reason)
        }
        if let problem = Destination.hostProblem(host) { fail("host", problem) }
        if !(1...65535).contains(port) { fail("port", "\(port) is out of range; use 1–65535") }
        if let user,
            user.isEmpty || user.count > 256 || user != UntrustedText.clean(user)
                || user.contains(where: { $0.isWhitespace || $0.isControl || $0 == "@" })
                || !SSHConfigResolver.shellSafe(user)  // never shell syntax, as OpenSSH's valid_ruser
        {
            fail("user", "\"\(UntrustedText.excerpt(user))\" is not a user name")
        }
        if identity?.isEmpty == true { fail("identity", "is empty; give a key file or remove the key") }
        if knownHosts?.isEmpty == true { fail("known_hosts", "is empty; give a file or remove the key") }
        for (key, path) in [("identity", identity), ("known_hosts", knownHosts), ("audio_device", audioDevice)] {
            if let path, path != UntrustedText.clean(path) || path.count > 4096 {
                fail(
                    key,
                    "\"\(UntrustedText.excerpt(path))\" holds control or invisible characters, or is too long"
                )
            }
        }
        if !(0...60).contains(autoStop) {
            fail("auto_stop", "\(autoStop) is out of range; use 0 (off) to 60 seconds")
        }
        if !(0...3600).contains(keepalive) {
            fail("keepalive", "\(keepalive) is out of range; use 0 (off) to 3600 seconds")
        }
        if let jump, jump != "none", jump.count > 1024 || SSHOptions.jumps(jump) == nil {
            fail(
                "jump",
                "\"\(UntrustedText.clean(String(jump.prefix(64))))\" is not [user@]host[:port][,…] (or none)")
        }
        do throws(KeyChord.ParseError) {
            let chord = try KeyChord(parsing: toggleKey)
            if let reason = chord.reservedReason {
                fail("toggle_key", "\(chord.name) \(reason); pick another, such as ctrl-] or f9")
            }
        } catch {
            fail("toggle_key", "\(error.message); use a named key such as ctrl-], alt-v or f9")
        }
        do throws(KeyChord.ParseError) {
            let chord = try KeyChord(parsing: intentKey)
            if let reason = chord.reservedReason {
                fail("intent_key", "\(chord.name) \(reason); pick another, such as ctrl-\\ or f8")
            } else if let toggle = try? KeyChord(parsing: toggleKey), toggle.bytes == chord.bytes {
                fail("intent_key", "is the toggle key too; pick another, such as ctrl-\\ or f8")
            }
        } catch {
            fail("intent_key", "\(error.message); use a named key such as ctrl-\\, alt-i or f8")
        }
        if audioDevice?.isEmpty == true { fail("audio_device", "is empty; name an ALSA device or remove the key") }
        for (phrase, text) in aliases.sorted(by: { $0.key < $1.key }) {
            let words = phrase.split(separator: " ")
            if words.isEmpty || phrase.contains(where: { $0.isControl || $0.isNewline }) {
                fail("aliases.\(UntrustedText.excerpt(phrase))", "the spoken phrase must be one or more words")
            } else if text.contains(where: { $0.isControl || $0.isNewline }) {
                fail(
                    "aliases.\(UntrustedText.excerpt(phrase))", "the text must not hold control characters or newlines")
            }
        }
        problems += engine.validate(table: "engine")
        if let fallback { problems += fallback.validate(table: "fallback") }
        problems += intent.validate()
        return problems
    }

    /// Why a name cannot be a profile name, or nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        if !allowed || name.count > 64 {
            return "\"\(UntrustedText.excerpt(name))\" must be 1–64 letters, digits, '.', '_' or '-'"
        }
        if name.hasPrefix("-") { return "\"\(UntrustedText.excerpt(name))\" must not start with '-'" }
        return nil
    }
}

extension EngineConfig {
    /// Every problem with this engine table; keys are reported as `table.key`.
    func validate(table: String) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        func fail(_ key: String, _ message: String) {
            problems.append(.init(key: "\(table).\(key)", message: message))
        }
        func only(_ key: String, _ value: Any?, for kinds: [EngineKind]) {
            guard value != nil, !kinds.contains(kind) else { return }
            let names = kinds.map { "\"\($0.rawValue)\"" }.joined(separator: " and ")
            fail(key, "applies only to kind = \(names) engines, not \"\(kind.rawValue)\"")
        }

        if !(timeout > 0 && timeout <= 600) {
            fail("timeout", "\(timeout) is out of range; use more than 0 and at most 600 seconds")
        }
        if let code = LanguageCode(language) {
            if kind == .stream, provider == .assemblyai, !LanguageCode.assemblyAIMultilingual.contains(code.base) {
                fail(
                    "language",
                    "\"\(UntrustedText.excerpt(language))\" is not streamed by AssemblyAI; use en, es, fr, de, it or pt"
                )
            } else if kind == .stream, provider == .assemblyai, !code.isEnglish, model == "universal-streaming-english"
            {
                fail(
                    "language",
                    "\"\(UntrustedText.excerpt(language))\" needs model = \"universal-streaming-multilingual\" (or no model)"
                )
            }
        } else {
            fail(
                "language",
                "\"\(UntrustedText.excerpt(language))\" is not a language code; use ISO 639-1 such as \"en\", or \"en-US\""
            )
        }
        // AssemblyAI's own limits on keyterms_prompt (100 terms of at most 50 characters) are
        // every engine's: named for it when it is the one that would refuse them.
        let keyterms = kind == .stream && provider == .assemblyai
        if vocabulary.count > 100 {
            fail(
                "vocabulary",
                keyterms
                    ? "has \(vocabulary.count) terms; AssemblyAI takes at most 100 keyterms: keep the 100 that matter most"
                    : "has \(vocabulary.count) terms; at most 100 are allowed")
        }
        for term in vocabulary where term.isEmpty || term.count > 50 || term.contains(where: \.isControl) {
            let shown = UntrustedText.excerpt(term)
            fail(
                "vocabulary",
                keyterms && term.count > 50
                    ? "\"\(shown)\" has \(term.count) characters; AssemblyAI takes keyterms of at most 50: shorten it"
                    : "\"\(shown)\" must be 1–50 printable characters")
        }
        if let minConfidence, !(0...1).contains(minConfidence) {
            fail("min_confidence", "\(minConfidence) is out of range; use 0 to 1")
        }

        only("recognizer", recognizer, for: [.edge])
        only("command", command, for: [.edge])
        only("whisper_model", whisperModel, for: [.edge])
        only("ear", ear, for: [.edge])
        only("dialect", dialect, for: [.server])
        only("provider", provider, for: [.stream])
        only("url", url, for: [.server, .stream])
        only("model", model, for: [.server, .stream])
        only("api_key_env", apiKeyEnv, for: [.server, .stream])
        only("token_url", tokenURL, for: [.stream])
        only("backpressure", backpressure, for: [.stream])
        only("backlog", backlog, for: [.stream])
        if let backlog, !(10...100_000).contains(backlog) {
            fail("backlog", "\(backlog) is out of range; use 10 to 100000 frames")
        }
        only("file_field", fileField, for: [.server])
        only("response_key", responseKey, for: [.server])

        switch kind {
        case .edge:
            if recognizer == .command, (command ?? "").isEmpty {
                fail(
                    "command", "is required when recognizer = \"command\" (e.g. \"whisper-cli -m MODEL -f {wav} -nt\")")
            }
            if command != nil, recognizer != .command {
                fail("command", "is used only with recognizer = \"command\"")
            }
            if whisperModel != nil, recognizer == .command {
                fail("whisper_model", "is used only with recognizer = \"pocketsphinx\"")
            }
            if ear != nil, recognizer == .command {
                fail("ear", "is used only with recognizer = \"pocketsphinx\"")
            }
            if let whisperModel, whisperModel != "off", (ear ?? .standard) != .whisper {
                fail("whisper_model", "is used only with ear = \"whisper\"")
            }
            if let whisperModel, whisperModel != "off", !whisperModel.hasPrefix("/"), !whisperModel.hasPrefix("~/") {
                fail(
                    "whisper_model",
                    "\"\(UntrustedText.excerpt(whisperModel))\" must be an absolute path, ~/…, or \"off\"")
            }
        case .server:
            if let url {
                checkURL(url, key: "url", schemes: ["http", "https"], fail: fail)
            } else {
                fail("url", "is required for a server engine (e.g. \"http://127.0.0.1:8080\")")
            }
            if (fileField != nil || responseKey != nil), (dialect ?? .openai) != .transcribe {
                fail(fileField != nil ? "file_field" : "response_key", "is used only with dialect = \"transcribe\"")
            }
        case .stream:
            guard let provider else {
                fail("provider", "is required for a stream engine (\"assemblyai\", \"deepgram\" or \"generic\")")
                break
            }
            if let url {
                checkURL(url, key: "url", schemes: ["ws", "wss"], fail: fail)
                if Self.isSecureToAnAddress(url) {
                    // The stream socket sends the URL's host as SNI, and TLS forbids an address there.
                    fail(
                        "url",
                        "\"\(UntrustedText.excerpt(url))\" names an IP address; over wss:// use the host name the server's certificate is for"
                    )
                }
            } else if provider.defaultURL == nil {
                fail("url", "is required for the generic provider (e.g. \"wss://stt.example.com/v1/stream\")")
            }
            if let tokenURL { checkURL(tokenURL, key: "token_url", schemes: ["http", "https"], fail: fail) }
            if tokenURL != nil, apiKeyEnv != nil {
                fail(
                    "token_url",
                    "and api_key_env are alternatives; keep the token proxy (recommended) or the key variable")
            }
        }
        if let apiKeyEnv, let reason = Self.apiKeyEnvProblem(apiKeyEnv) { fail("api_key_env", reason) }
        // Checked again on the addresses the name resolves to when each request is made.
        if apiKeyEnv != nil, kind != .edge, let url, let checked = try? CheckedURL(url, schemes: ["http", "ws"]),
            !checked.hostIsLoopback
        {
            let secure = checked.scheme == "ws" ? "wss://" : "https://"
            fail("api_key_env", "would send the key unencrypted to \(UntrustedText.excerpt(url)); use \(secure)")
        }
        return problems
    }

    /// Why a value cannot be the *name* of an environment variable; it catches a pasted key.
    static func apiKeyEnvProblem(_ value: String) -> String? {
        let isName =
            !value.isEmpty && value.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && value.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let looksLikeKey =
            value.count >= 16
            && value.contains(where: \.isNumber) && value.contains(where: \.isLowercase)
        if !isName || looksLikeKey {
            return "looks like a key, not the name of an environment variable; keys are never stored: "
                + "export it (e.g. STT_API_KEY=…) and set api_key_env = \"STT_API_KEY\""
        }
        return nil
    }

    /// A `wss://` URL whose host is an IPv4 or bracketed IPv6 address.
    static func isSecureToAnAddress(_ url: String) -> Bool {
        guard let checked = try? CheckedURL(url, schemes: ["ws", "wss"]) else { return false }
        return checked.isSecure && checked.hostIsAddress
    }

    private func checkURL(_ url: String, key: String, schemes: [String], fail: (String, String) -> Void) {
        for problem in Self.urlProblems(url, schemes: schemes) { fail(key, problem) }
    }

    /// Why `url` cannot be an engine's (or intent mode's) address: not one of `schemes`, no
    /// usable host or port, or carrying a secret that would be written to the file.
    public static func urlProblems(_ url: String, schemes: [String]) -> [String] {
        do throws(URLProblem) {
            _ = try CheckedURL(url, schemes: schemes)
            return []
        } catch {
            return [error.description]
        }
    }
}
