import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// The certificate of `serve --listen` (spec D24, rule M-1): self-signed once, kept 0600, reused; or
/// the person's own files. Fingerprints are checked against the openssl command.
@Suite("serve --listen · the TLS certificate (M-1)")
struct TLSCertificateTests {
    static func openssl(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let output = Pipe(), given = Pipe()
        process.standardOutput = output
        process.standardInput = given
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let input { given.fileHandleForWriting.write(Data(input.utf8)) }
        try given.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func state() throws -> (ServeStateFolder, URL) {
        let folder = try TestFolder.make("tls")
        let state = try ServeStateFolder(environment: ["XDG_STATE_HOME": folder.path], storePath: folder.appendingPathComponent("s.sqlite").path)
        return (state, folder)
    }

    @Test("M-1 a self-signed P-256 certificate is made once, kept 0600 with its key, and its fingerprint is openssl's")
    func madeOnce() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try TLSCertificate.selfSigned(in: state, names: ["planner.home", "192.168.1.5"])
        for path in [state.certificatePath, state.keyPath] {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            expectEqual(mode, 0o600, "\(path) is \(String(mode, radix: 8))")
        }
        let text = try Self.openssl(["x509", "-in", state.certificatePath, "-noout", "-fingerprint", "-sha256", "-text"])
        expectContains(text, "Fingerprint=" + made.fingerprint, "\(made.fingerprint) not in \(text.prefix(120))")
        expectContains(text, "prime256v1")
        expectTrue(text.contains("DNS:planner.home") && text.contains("IP Address:192.168.1.5"))
        expectTrue(text.contains("CA:FALSE") && text.contains("TLS Web Server Authentication"))
        // The public key hash Chromium pins: SHA-256 of the SubjectPublicKeyInfo, base64.
        let spki = try Self.openssl(["x509", "-in", state.certificatePath, "-noout", "-pubkey"])
        let der = folder.appendingPathComponent("spki.der").path
        _ = try Self.openssl(["pkey", "-pubin", "-outform", "DER", "-out", der], input: spki)
        let hash = try Self.openssl(["dgst", "-sha256", "-r", der]).split(separator: " ").first.map(String.init) ?? ""
        let expected = Data(stride(from: 0, to: hash.count, by: 2).map { index -> UInt8 in
            let start = hash.index(hash.startIndex, offsetBy: index)
            return UInt8(hash[start..<hash.index(start, offsetBy: 2)], radix: 16) ?? 0
        }).base64EncodedString()
        expectEqual(made.publicKeyHash, expected)

        let again = try TLSCertificate.selfSigned(in: state, names: ["other.name"])
        expectEqual(again.fingerprint, made.fingerprint, "the certificate was made again")
        expectEqual(again.key, made.key)
    }

    @Test("M-1 the person's own certificate and key are used as given; a file that is not one is refused by name")
    func ownFiles() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = folder.appendingPathComponent("own.pem").path, key = folder.appendingPathComponent("own.key").path
        _ = try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                              "-days", "2", "-subj", "/CN=planner.home"])
        let own = try TLSCertificate.files(certificate: certificate, key: key)
        let text = try Self.openssl(["x509", "-in", certificate, "-noout", "-fingerprint", "-sha256"])
        expectContains(text, "Fingerprint=" + own.fingerprint)
        expectTrue(!FileManager.default.fileExists(atPath: state.certificatePath), "a certificate was made beside the person's")
        #expect(throws: TLSCertificate.Problem.unreadable(path: key)) {
            try TLSCertificate.files(certificate: key, key: key)
        }
        #expect(throws: TLSCertificate.Problem.unreadable(path: certificate)) {
            try TLSCertificate.files(certificate: certificate, key: certificate)
        }
    }
}
