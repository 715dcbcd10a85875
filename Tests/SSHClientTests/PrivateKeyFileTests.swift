import Foundation
import SSHClient
import Testing

/// Key files made by the real ssh-keygen, read the way the authenticator reads them.
struct PrivateKeyFileTests {
    static func keygen(_ arguments: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voicesh-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("key").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        process.arguments = ["-q", "-f", path] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test(
        arguments: [
            (["-t", "ed25519", "-N", ""], "ssh-ed25519", false),
            (["-t", "ed25519", "-N", "secret"], "ssh-ed25519", true),
            (["-t", "ecdsa", "-N", ""], "ecdsa-sha2-nistp256", false),
            (["-t", "rsa", "-b", "2048", "-N", "secret"], "ssh-rsa", true),
            (["-t", "rsa", "-b", "2048", "-N", "", "-m", "PEM"], "ssh-rsa", false),
            (["-t", "rsa", "-b", "2048", "-N", "secret", "-m", "PEM"], "ssh-rsa", true),
        ] as [([String], String, Bool)])
    func readsTypeAndEncryption(arguments: [String], algorithm: String, encrypted: Bool) throws {
        let info = try #require(PrivateKeyFile(text: try Self.keygen(arguments)))
        #expect(info.algorithm == algorithm)
        #expect(info.isEncrypted == encrypted)
    }

    @Test func rejectsWhatIsNotAKey() {
        #expect(PrivateKeyFile(text: "ssh-ed25519 AAAA… a public key") == nil)
        #expect(
            PrivateKeyFile(text: "-----BEGIN OPENSSH PRIVATE KEY-----\nbm90IGEga2V5\n-----END OPENSSH PRIVATE KEY-----")
                == nil)
    }
}
