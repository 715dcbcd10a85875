import Foundation

/// What a private key file says about itself before it is used: its type and whether a
/// passphrase protects it. Read from the file's own header, so no passphrase is asked for a
/// key that has none.
public struct PrivateKeyFile: Equatable, Sendable {
    /// `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256` … or nil when the file does not say.
    public var algorithm: String?
    public var isEncrypted: Bool

    /// Parses OpenSSH's `openssh-key-v1` format and the older PEM forms.
    public init?(text: String) {
        if let body = Self.armored(text, label: "OPENSSH PRIVATE KEY"), let data = Data(base64Encoded: body) {
            var reader = Reader(bytes: [UInt8](data))
            guard reader.take(15) == Array("openssh-key-v1\0".utf8), let cipher = reader.string() else { return nil }
            _ = reader.string()  // kdfname
            _ = reader.string()  // kdfoptions
            _ = reader.uint32()  // number of keys
            var publicKey = Reader(bytes: reader.field() ?? [])
            algorithm = publicKey.string()
            isEncrypted = cipher != "none"
        } else if text.contains("-----BEGIN RSA PRIVATE KEY-----") {
            algorithm = "ssh-rsa"
            isEncrypted = text.contains("Proc-Type: 4,ENCRYPTED")
        } else if text.contains("-----BEGIN EC PRIVATE KEY-----") {
            algorithm = "ecdsa"
            isEncrypted = text.contains("Proc-Type: 4,ENCRYPTED")
        } else if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
            algorithm = nil
            isEncrypted = true
        } else if text.contains("-----BEGIN PRIVATE KEY-----") {
            algorithm = nil
            isEncrypted = false
        } else {
            return nil
        }
    }

    private static func armored(_ text: String, label: String) -> String? {
        guard let start = text.range(of: "-----BEGIN \(label)-----"),
            let end = text.range(of: "-----END \(label)-----", range: start.upperBound..<text.endIndex)
        else { return nil }
        return text[start.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
    }

    /// SSH wire-format reading: big-endian lengths before each field (RFC 4251 §5).
    private struct Reader {
        var bytes: [UInt8]
        var offset = 0

        mutating func take(_ n: Int) -> [UInt8]? {
            guard n >= 0, offset + n <= bytes.count else { return nil }
            defer { offset += n }
            return Array(bytes[offset..<offset + n])
        }

        mutating func uint32() -> Int? {
            take(4).map { $0.reduce(0) { $0 << 8 | Int($1) } }
        }

        mutating func field() -> [UInt8]? { uint32().flatMap { take($0) } }

        mutating func string() -> String? { field().map { String(decoding: $0, as: UTF8.self) } }
    }
}
