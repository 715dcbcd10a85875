import Foundation
import NIOSSL
import VoiceshCore

/// The certificate authorities a TLS connection trusts, found as OpenSSL finds them:
/// `SSL_CERT_FILE` (a PEM bundle) replaces the system's bundle, `SSL_CERT_DIR` (directories
/// separated by `:`, each hashed by `openssl rehash`) replaces the system's directory, and the
/// other of the two stays. swift-nio-ssl reads neither variable by itself on Linux (it always
/// loads /etc/ssl/certs/ca-certificates.crt and /etc/ssl/certs), so this says it explicitly.
/// Verification is always full (chain, dates, host name): nothing here can turn it off.
public struct TrustStore: Hashable, Sendable {
    /// The PEM bundle, when not the system's.
    public let file: String?
    /// The hashed directories, when not the system's.
    public let directories: [String]?

    /// The system's bundle and directory (Debian, Ubuntu, Arch, Alpine; then Fedora), as swift-nio-ssl searches them.
    static let systemFiles = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"]
    static let systemDirectory = "/etc/ssl/certs"

    /// The store `SSL_CERT_FILE` and `SSL_CERT_DIR` in `environment` describe; a variable that
    /// names something unusable is a problem (OpenSSL would skip it silently and then refuse
    /// every server, which says nothing about why).
    public init(environment: [String: String]) throws(TrustProblem) {
        if let path = environment["SSL_CERT_FILE"], !path.isEmpty {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw .notAFile(path: path)
            }
            let certificates = try? NIOSSLCertificate.fromPEMFile(path)
            guard let certificates, !certificates.isEmpty else {
                throw .noCertificateIn(path: path)
            }
            file = path
        } else {
            file = nil
        }
        if let list = environment["SSL_CERT_DIR"], !list.isEmpty {
            let paths = list.split(separator: ":").map(String.init)
            for path in paths {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
                else {
                    throw .notADirectory(path: path)
                }
            }
            directories = paths.isEmpty ? nil : paths
        } else {
            directories = nil
        }
    }

    /// The configuration for connections to `urls`: the store's when one of them is `https` or
    /// `wss`, else the default (a broken `SSL_CERT_FILE` does not stop a plain-HTTP engine).
    public static func configuration(environment: [String: String], for urls: [String?]) throws(TrustProblem)
        -> TLSConfiguration
    {
        let secure = urls.contains { url in
            guard let scheme = url?.split(separator: ":", maxSplits: 1).first?.lowercased() else { return false }
            return scheme == "https" || scheme == "wss"
        }
        guard secure else { return .makeClientConfiguration() }
        return try TrustStore(environment: environment).configuration()
    }

    /// Whether the environment changed nothing (then swift-nio-ssl's own platform default applies).
    public var isSystem: Bool { file == nil && directories == nil }

    /// A client configuration with full verification against this store.
    public func configuration() throws(TrustProblem) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        if isSystem { return tls }
        let file = file ?? Self.systemFiles.first { FileManager.default.fileExists(atPath: $0) }
        var directories = directories ?? [Self.systemDirectory]
        directories.removeAll { !Self.isDirectory($0) }
        // swift-nio-ssl takes one directory for BoringSSL's hashed lookup; a bundle and further
        // directories go in as certificates it loads itself.
        if let first = directories.first {
            tls.trustRoots = .file(first)
            tls.additionalTrustRoots = file.map { [.file($0)] } ?? []
        } else if let file {
            tls.trustRoots = .file(file)
        } else {
            throw .noCertificates
        }
        for directory in directories.dropFirst() {
            let certificates = Self.hashedCertificates(in: directory)
            if !certificates.isEmpty { tls.additionalTrustRoots.append(.certificates(certificates)) }
        }
        return tls
    }

    /// The certificates behind `openssl rehash`'s names (`b2987fde.0`) in `directory`.
    static func hashedCertificates(in directory: String) -> [NIOSSLCertificate] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().filter(isHashName).flatMap { name in
            (try? NIOSSLCertificate.fromPEMFile(directory + "/" + name)) ?? []
        }
    }

    /// Eight hexadecimal digits, a dot and a number: a certificate's link, not a CRL's (`.r0`).
    static func isHashName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 8 && parts[0].allSatisfy(\.isHexDigit) && !parts[1].isEmpty
            && parts[1].allSatisfy(\.isNumber)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
