import Foundation

/// A throwaway certificate authority that openssl makes for one test, and the server
/// certificates the TLS tests need: good (127.0.0.1 and localhost), expired, for another host,
/// and one signed by a second authority that no client is told about.
package struct TestCA {
    package enum Server: String, CaseIterable {
        case good, expired, wrongHost = "wrong-host", untrusted
    }

    package let directory: URL

    /// The authority's certificate: what `SSL_CERT_FILE` points at.
    package var file: String { directory.appendingPathComponent("ca.pem").path }
    /// A directory holding only the authority, hashed by `openssl rehash`: what `SSL_CERT_DIR` points at.
    package var hashedDirectory: String { directory.appendingPathComponent("hashed").path }

    /// The fixture servers' options for serving `server`'s certificate.
    package func options(_ server: Server) -> [String] {
        let base = directory.appendingPathComponent(server.rawValue).path
        return ["--tls-cert", base + ".pem", "--tls-key", base + ".key"]
    }

    package init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-ca-\(UUID().uuidString)")
        let db = directory.appendingPathComponent("db")
        try FileManager.default.createDirectory(at: db, withIntermediateDirectories: true)
        try Data().write(to: db.appendingPathComponent("index.txt"))
        try Data("1000\n".utf8).write(to: db.appendingPathComponent("serial"))
        // `openssl ca` rather than `x509 -req`: it takes explicit dates, so one certificate can be expired.
        try Data(
            """
            [ca]
            default_ca = test
            [test]
            database = db/index.txt
            serial = db/serial
            new_certs_dir = db
            default_md = sha256
            policy = any
            copy_extensions = copy
            unique_subject = no
            [any]
            commonName = supplied

            """.utf8
        ).write(to: directory.appendingPathComponent("ca.cnf"))
        try authority("ca", "voicesh test CA")
        try authority("other-ca", "voicesh untrusted CA")
        let here = "DNS:localhost,IP:127.0.0.1"
        try issue(.good, by: "ca", names: here, commonName: "localhost", from: "20250101000000Z", to: "20991231000000Z")
        try issue(
            .expired, by: "ca", names: here, commonName: "localhost", from: "20250101000000Z", to: "20250201000000Z")
        try issue(
            .wrongHost, by: "ca", names: "DNS:wrong.example", commonName: "wrong.example", from: "20250101000000Z",
            to: "20991231000000Z")
        try issue(
            .untrusted, by: "other-ca", names: here, commonName: "localhost", from: "20250101000000Z",
            to: "20991231000000Z")
        try FileManager.default.createDirectory(atPath: hashedDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: file, toPath: hashedDirectory + "/ca.pem")
        try openssl(["rehash", hashedDirectory])
    }

    private func authority(_ name: String, _ commonName: String) throws {
        try openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", name + ".key",
            "-out", name + ".pem", "-days", "2", "-subj", "/CN=\(commonName)",
        ])
    }

    private func issue(_ server: Server, by ca: String, names: String, commonName: String, from: String, to: String)
        throws
    {
        let name = server.rawValue
        try openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", name + ".key",
            "-out", name + ".csr", "-subj", "/CN=\(commonName)", "-addext", "subjectAltName=\(names)",
        ])
        try openssl([
            "ca", "-batch", "-config", "ca.cnf", "-cert", ca + ".pem", "-keyfile", ca + ".key", "-in", name + ".csr",
            "-out", name + ".pem", "-startdate", from, "-enddate", to, "-notext",
        ])
    }

    private func openssl(_ arguments: [String]) throws {
        let result = try Shell.run(
            "/bin/sh", ["-c", "cd \"$0\" && exec /usr/bin/openssl \"$@\"", directory.path] + arguments)
        guard result.status == 0 else { throw Shell.Failure("openssl \(arguments[0]): \(result.stderr)") }
    }
}
