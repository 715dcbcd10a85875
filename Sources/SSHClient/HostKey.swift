import CLibSSH2
import Foundation

/// A server's host key as it was offered in the handshake.
public struct HostKey: Equatable, Sendable {
    /// The key's algorithm as known_hosts writes it: `ssh-ed25519`, `ecdsa-sha2-nistp256` …
    public let algorithm: String
    /// The public key blob (SSH wire format).
    public let blob: [UInt8]
    public let sha256: [UInt8]
    /// libssh2's known-host type bits for this key.
    let knownHostType: Int32

    init(libssh2Type: Int32, blob: [UInt8], sha256: [UInt8]) {
        self.blob = blob
        self.sha256 = sha256
        switch libssh2Type {
        case LIBSSH2_HOSTKEY_TYPE_RSA: (algorithm, knownHostType) = ("ssh-rsa", LIBSSH2_KNOWNHOST_KEY_SSHRSA)
        case LIBSSH2_HOSTKEY_TYPE_DSS: (algorithm, knownHostType) = ("ssh-dss", LIBSSH2_KNOWNHOST_KEY_SSHDSS)
        case LIBSSH2_HOSTKEY_TYPE_ECDSA_256:
            (algorithm, knownHostType) = ("ecdsa-sha2-nistp256", LIBSSH2_KNOWNHOST_KEY_ECDSA_256)
        case LIBSSH2_HOSTKEY_TYPE_ECDSA_384:
            (algorithm, knownHostType) = ("ecdsa-sha2-nistp384", LIBSSH2_KNOWNHOST_KEY_ECDSA_384)
        case LIBSSH2_HOSTKEY_TYPE_ECDSA_521:
            (algorithm, knownHostType) = ("ecdsa-sha2-nistp521", LIBSSH2_KNOWNHOST_KEY_ECDSA_521)
        case LIBSSH2_HOSTKEY_TYPE_ED25519: (algorithm, knownHostType) = ("ssh-ed25519", LIBSSH2_KNOWNHOST_KEY_ED25519)
        default: (algorithm, knownHostType) = ("unknown", LIBSSH2_KNOWNHOST_KEY_UNKNOWN)
        }
    }

    /// OpenSSH's name for the key type in messages: ED25519, ECDSA, RSA.
    public var displayType: String {
        switch algorithm {
        case "ssh-ed25519": "ED25519"
        case "ssh-rsa": "RSA"
        case "ssh-dss": "DSA"
        case _ where algorithm.hasPrefix("ecdsa"): "ECDSA"
        default: algorithm.uppercased()
        }
    }

    /// `SHA256:` and the unpadded base64 digest, as `ssh-keygen -lf` prints it.
    public var fingerprint: String {
        "SHA256:" + Data(sha256).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    /// The key as it stands in a known_hosts line, after the host names.
    public var knownHostsText: String { "\(algorithm) \(Data(blob).base64EncodedString())" }
}
