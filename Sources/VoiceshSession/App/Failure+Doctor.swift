import Foundation
import LocalRecognizer
import SSHClient
import VoiceshCore

/// The words for `voicesh doctor`'s problems: what is wrong, then what to do, kept apart for
/// `--json` and joined by "; " on a line.
extension Failure {
    package static func describe(_ problem: DoctorProblem) -> (detail: String, advice: String) {
        switch problem {
        case .config(let words):
            (words.joined(separator: "; "), "fix what it names (voicesh config show prints the file)")
        case .microphone(.cannotOpen(let device, let reason)):
            ("cannot record from \"\(device)\": \(reason)", microphoneAdvice)
        case .microphone(.failed(let device, let reason)):
            ("recording from \"\(device)\" failed: \(reason)", microphoneAdvice)
        case .microphone(.badFile(let path, let reason)):
            ("cannot play \(path) as audio: \(reason)", microphoneAdvice)
        case .noAudio(let device, let seconds):
            ("\"\(device)\" opened but gave no audio in \(format(seconds)) s", microphoneAdvice)
        case .edge(.noAcousticModel(let path)):
            ("no pocketsphinx acoustic model at \(path)", "install it: sudo apt-get install pocketsphinx-en-us")
        case .edge(.noCorpus(let searched)):
            (
                "voicesh's shell corpus is missing (looked for \(searched))",
                "reinstall voicesh (make install), or set VOICESH_DATA_DIR to the folder that holds it"
            )
        case .edge(let other):
            ("the edge engine cannot run: \(Failure.describe(EngineError.edge(other)))", "run scripts/setup")
        case .earNotInstalled(let ear, let places):
            (
                "\(name(ear)) is not installed (looked in \(places.joined(separator: ", ")))",
                "run scripts/setup, or set \(ear.homeVariable)=off to hear with pocketsphinx alone"
            )
        case .earScriptMissing(let ear):
            (
                "\(ear.scriptName) is not among voicesh's data",
                "reinstall voicesh (make install), or set VOICESH_DATA_DIR to the folder that holds it"
            )
        case .choiceWeightsMissing:
            (
                "ear-choice.json, the weights the two ears' readings are chosen by, is not among voicesh's data",
                "reinstall voicesh (make install), or set VOICESH_DATA_DIR to the folder that holds it"
            )
        case .choiceWeightsUnreadable(let path):
            ("\(path), the choice learnt for your voice, cannot be read", "run voicesh adapt again, or remove it")
        case .earModel(let path, let reason):
            (
                "the Whisper model \(path) cannot be used: \(reason)",
                "give whisper_model a Whisper folder in CTranslate2's format, or run scripts/setup"
            )
        case .modelChanged(let path, let pinned, let found, let reinstall):
            (
                "\(path) does not have its pinned SHA-256 (\(abbreviated(found)), not \(abbreviated(pinned))): the file changed since it was installed",
                "install it again: \(reinstall)"
            )
        case .modelUnreadable(let path, let reason):
            ("cannot read \(path): \(reason)", "check its permissions, or run scripts/setup again")
        case .runtimeMissing(let home, let package, let reinstall):
            ("the Python at \(home) has no \(package), which runs the model", "install it again: \(reinstall)")
        case .intent(let error): split(Failure.describe(error))
        case .settings(let problems):
            (problems.lines.joined(separator: "; "), "fix it with voicesh config set or voicesh profile set")
        case .engineKeyNotSet(let variable):
            (
                "engine.api_key_env names \(variable), which is not set",
                "export \(variable) before voicesh runs (its value is never stored or shown)"
            )
        case .store(let error): split(Failure.describe(error))
        case .unresolved(let words):
            (words.joined(separator: "; "), "see voicesh profile show, and ssh -G for what ssh_config gives")
        case .keyMissing(let path):
            ("identity file \(path) does not exist", "fix the profile's identity (or IdentityFile), or make the key")
        case .keyUnprotected(let path, let mode):
            (
                "UNPROTECTED PRIVATE KEY FILE: permissions \(String(format: "%04o", mode)) for '\(path)' are too open; ssh ignores a key others can read",
                "chmod 600 \(path)"
            )
        case .keyUnreadable(let path):
            ("identity file \(path) cannot be read", "check its owner and permissions (chmod 600 \(path))")
        case .notAPrivateKey(let path):
            ("identity file \(path) is not a private key", "name the key itself, not its .pub")
        case .hostUnknown(let name, let file):
            (
                "no host key for \(name) in \(file), and StrictHostKeyChecking=yes refuses new ones",
                "add its key to \(file) (ssh-keyscan, checked against the fingerprint the server's owner gives)"
            )
        case .agentUnreachable(let socket, let reason):
            (
                "SSH_AUTH_SOCK names \(socket), which does not answer (\(reason))",
                "start ssh-agent, or unset SSH_AUTH_SOCK"
            )
        case .connection(let error):
            (describe(error).joined(separator: " "), "check the host, its port and the network (ssh -v shows the same)")
        case .hostKeyChanged(let name, let keyType, let fingerprint, let file, let line):
            (
                "REMOTE HOST IDENTIFICATION HAS CHANGED! The \(keyType) key sent by \(name) is \(fingerprint); Offending \(keyType) key in \(file):\(line)",
                "if you know why it changed, remove the old key with ssh-keygen -f \"\(file)\" -R \"\(name)\" and connect to accept the new one; if not, do not connect"
            )
        case .hostKeyRevoked(let name, let keyType, let fingerprint, let file, let line):
            (
                "REVOKED HOST KEY: the \(keyType) key sent by \(name) is \(fingerprint), marked @revoked in \(file):\(line)",
                "do not connect: a revoked key may be a stolen one; ask whoever runs \(name) for its new key"
            )
        }
    }

    private static let microphoneAdvice =
        "check `voicesh devices` and pick one with the profile's audio_device or VOICESH_AUDIO_DEVICE"

    /// A sentence worded elsewhere as "what is wrong; what to do" (what to do goes last), kept
    /// apart at its last "; " outside brackets, where a reason may hold one of its own.
    package static func split(_ sentence: String) -> (detail: String, advice: String) {
        var depth = 0
        var mark: String.Index?
        var index = sentence.startIndex
        while index < sentence.endIndex {
            switch sentence[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case ";" where depth == 0 && sentence[sentence.index(after: index)...].hasPrefix(" "): mark = index
            default: break
            }
            index = sentence.index(after: index)
        }
        guard let mark else { return (sentence, "see the manual") }
        return (String(sentence[..<mark]), String(sentence[sentence.index(mark, offsetBy: 2)...]))
    }

    private static func name(_ ear: NeuralEar) -> String { ear == .whisper ? "Whisper" : "Moonshine" }

    /// The first 12 hex digits: enough to tell two digests apart in a line.
    private static func abbreviated(_ digest: String) -> String { String(digest.prefix(12)) + "…" }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
