/// Why the environment's TLS trust settings (`SSL_CERT_FILE`, `SSL_CERT_DIR`) cannot be used,
/// as values: `Failure` words them.
public enum TrustProblem: Error, Equatable, Sendable {
    /// `SSL_CERT_FILE` names `path`, which is not a file, or holds no readable PEM certificate.
    case notAFile(path: String)
    case noCertificateIn(path: String)
    /// `SSL_CERT_DIR` names `path`, which is not a directory.
    case notADirectory(path: String)
    /// No system bundle, and neither variable set.
    case noCertificates
}
