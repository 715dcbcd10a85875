import Foundation
import NIOSSL

/// A server certificate that failed verification, in one line that names the host and why.
///
/// BoringSSL says only `CERTIFICATE_VERIFY_FAILED` and swift-nio-ssl does not keep the
/// verifier's reason, so the reason is read off the certificate itself (`CertificateProbe`).
public struct CertificateRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case expired(on: Date)
        case notYetValid(until: Date)
        /// The names the certificate is for.
        case wrongHost(names: [String])
        /// The authority that signed it, which this computer does not trust.
        case untrusted(issuer: String)
        case selfSigned
        /// The certificate could not be read again to say why.
        case unverified
    }

    public let host: String
    public let reason: Reason

    public var description: String {
        let advice =
            "add its certificate authority to the system's store (update-ca-certificates), or point "
            + "SSL_CERT_FILE or SSL_CERT_DIR at it"
        let subject = "the TLS certificate of \(host)"
        switch reason {
        case .expired(let date): return "\(subject) expired on \(Self.day(date)); the server must renew it"
        case .notYetValid(let date):
            return "\(subject) is not valid until \(Self.day(date)); check this computer's clock"
        case .wrongHost(let names):
            let list = names.isEmpty ? "other names" : names.joined(separator: ", ")
            return "\(subject) is for \(list), not \(host); use the name the certificate is for in engine.url"
        case .untrusted(let issuer):
            return "\(subject) is issued by \"\(issuer)\", which is not a trusted authority here; \(advice)"
        case .selfSigned: return "\(subject) is self-signed and not trusted here; \(advice)"
        case .unverified: return "\(subject) could not be verified; \(advice)"
        }
    }

    /// The refusal `error` stands for, if it is one: the certificate of the server at `url` is
    /// read once more to name the reason. Nil for every other error.
    public static func diagnose(_ error: any Error, url: String) async -> CertificateRefusal? {
        guard let failure = Failure(error), let parts = URLComponents(string: url), let host = parts.host else {
            return nil
        }
        let port = parts.port ?? 443
        guard let leaf = await CertificateProbe.leaf(host: host, port: port) else {
            return CertificateRefusal(host: host, reason: .unverified)
        }
        if failure == .hostname {
            return CertificateRefusal(host: host, reason: .wrongHost(names: leaf.subjectName.commonNames))
        }
        let now = Date()
        let notAfter = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
        let notBefore = Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
        if notAfter < now { return CertificateRefusal(host: host, reason: .expired(on: notAfter)) }
        if notBefore > now { return CertificateRefusal(host: host, reason: .notYetValid(until: notBefore)) }
        if leaf.issuerName == leaf.subjectName { return CertificateRefusal(host: host, reason: .selfSigned) }
        let issuer = leaf.issuerName.commonNames.first ?? leaf.issuerName.map(\.value).joined(separator: ", ")
        return CertificateRefusal(host: host, reason: .untrusted(issuer: issuer))
    }

    /// Which check refused the certificate, from swift-nio-ssl's error (which other layers may wrap).
    enum Failure: Equatable {
        /// The chain: an unknown authority, dates, a broken signature.
        case chain
        /// A good chain for another name.
        case hostname

        /// Looks through the values `error` holds (NIO's connection error keeps one per address tried).
        init?(_ error: Any, depth: Int = 0) {
            if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
                self = .hostname
                return
            }
            if case .handshakeFailed(let inner) = error as? NIOSSLError,
                "\(inner)".contains("CERTIFICATE_VERIFY_FAILED")
            {
                self = .chain
                return
            }
            guard depth < 5 else { return nil }
            for child in Mirror(reflecting: error).children {
                if let found = Failure(child.value, depth: depth + 1) {
                    self = found
                    return
                }
            }
            return nil
        }
    }

    private static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}

extension [SSLCertificateName] {
    fileprivate var commonNames: [String] { filter { $0.type == .commonName }.map(\.value) }
}
