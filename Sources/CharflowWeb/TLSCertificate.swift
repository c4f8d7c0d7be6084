import CLibCrypto
import Foundation

/// The certificate and key `serve --listen` speaks TLS with (spec D24, rule M-1): the person's own files,
/// or a self-signed ECDSA P-256 certificate made once and kept 0600 in the state folder.
///
/// Only `--listen` loads libcrypto (with `dlopen`, see Sources/CLibCrypto/certificate.h), so no other
/// command pays for it. The fingerprint is the SHA-256 of the certificate's DER bytes, as browsers and
/// phones show it; `publicKeyHash` is the SHA-256 of its SubjectPublicKeyInfo in base64, the form
/// Chromium's `--ignore-certificate-errors-spki-list` takes.
public struct TLSCertificate: Sendable {
    /// The certificate, PEM.
    public let certificate: String
    /// The private key, PEM.
    public let key: String
    /// SHA-256 of the certificate, colon-separated uppercase hex.
    public let fingerprint: String
    /// SHA-256 of the public key info, base64.
    public let publicKeyHash: String

    /// How long a self-signed certificate is valid: 825 days, the most Apple's devices accept.
    public static let selfSignedDays = 825

    public enum Problem: Error, Equatable {
        /// libcrypto could not be loaded, or refused to make the certificate.
        case cryptoMissing
        /// A file could not be read, or holds no PEM certificate or key.
        case unreadable(path: String)
        /// The state folder could not keep the made certificate.
        case unwritable(path: String)
    }

    init(certificate: String, key: String, path: String) throws {
        var whole = [UInt8](repeating: 0, count: 32), spki = [UInt8](repeating: 0, count: 32)
        guard charflow_certificate_load() != 0 else { throw Problem.cryptoMissing }
        guard key.contains("PRIVATE KEY-----"), charflow_certificate_fingerprints(certificate, &whole, &spki) != 0 else {
            throw Problem.unreadable(path: path)
        }
        self.certificate = certificate
        self.key = key
        fingerprint = whole.map { String(format: "%02X", $0) }.joinedText(separator: ":")
        publicKeyHash = Data(spki).base64EncodedString()
    }

    /// The person's own certificate and key files.
    public static func files(certificate: String, key: String) throws -> TLSCertificate {
        guard let certificateText = PrivateFile.read(certificate) else { throw Problem.unreadable(path: certificate) }
        guard let keyText = PrivateFile.read(key), keyText.contains("PRIVATE KEY-----") else { throw Problem.unreadable(path: key) }
        return try TLSCertificate(certificate: certificateText, key: keyText, path: certificate)
    }

    /// The state folder's self-signed certificate, made on first use for `names` (IP addresses and host
    /// names; the first is the certificate's common name) and reused after that whatever names are given.
    public static func selfSigned(in state: ServeStateFolder, names: [String]) throws -> TLSCertificate {
        // Two `serve --listen` starting at once make one certificate: the second waits, then reads it.
        let lock = open(state.certificatePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX) == 0 else {
            if lock >= 0 { close(lock) }
            throw Problem.unwritable(path: state.certificatePath)
        }
        defer { close(lock) }
        if let certificate = PrivateFile.read(state.certificatePath), let key = PrivateFile.read(state.keyPath) {
            return try TLSCertificate(certificate: certificate, key: key, path: state.certificatePath)
        }
        let altNames = names.map { ListenAddress.isIPAddress($0) ? "IP:\($0)" : "DNS:\($0)" }.joinedText(separator: ",")
        var certificate: UnsafeMutablePointer<CChar>?, key: UnsafeMutablePointer<CChar>?
        let serial = Int.random(in: 1...Int(Int32.max))
        guard charflow_certificate_make(names.first ?? "charflow", altNames, serial, selfSignedDays, &certificate, &key) != 0,
              let certificate, let key else { throw Problem.cryptoMissing }
        let certificateText = String(cString: certificate), keyText = String(cString: key)
        free(certificate)
        free(key)
        // The key first: a certificate without its key on disk would be read back as half a pair.
        do {
            try PrivateFile.write(keyText, to: state.keyPath, replacing: true)
            try PrivateFile.write(certificateText, to: state.certificatePath, replacing: true)
        } catch {
            throw Problem.unwritable(path: state.certificatePath)
        }
        return try TLSCertificate(certificate: certificateText, key: keyText, path: state.certificatePath)
    }
}
