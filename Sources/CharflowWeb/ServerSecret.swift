import Foundation

/// A store's server secret (README D21): the value of the sign-in cookie and the page's write token,
/// kept in the state folder (0600) so a sign-in outlives a restart of `serve`.
///
/// Both are 32 random bytes (`AccessToken`), compared in constant time. They stay the same until
/// `serve --sign-out` rotates them, which signs every browser out; a running server reads the file on
/// every request, so the rotation takes effect at once. The cookie is never in the page; the write token
/// is, for its script to send in `X-Charflow-Token`.
public struct ServerSecret: Sendable, Equatable {
    public let cookie: AccessToken
    public let write: AccessToken

    public struct Unreadable: Error {
        public let path: String
    }

    /// The secret at `path`, made when there is none (or none that reads as one).
    public static func load(at path: String) throws -> ServerSecret {
        if let secret = read(path) { return secret }
        let exists = FileManager.default.fileExists(atPath: path)
        try PrivateFile.write(fresh().text, to: path, replacing: exists)
        guard let secret = read(path) else { throw Unreadable(path: path) }
        return secret
    }

    /// Replaces the secret with a new one: every cookie and write token given before stops working.
    @discardableResult
    public static func rotate(at path: String) throws -> ServerSecret {
        let secret = fresh()
        try PrivateFile.write(secret.text, to: path, replacing: true)
        return secret
    }

    static func fresh() -> ServerSecret {
        ServerSecret(cookie: .fresh(), write: .fresh())
    }

    var text: String { "cookie \(cookie.text)\nwrite \(write.text)\n" }

    static func read(_ path: String) -> ServerSecret? {
        guard let text = PrivateFile.read(path) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[1].count == 64, parts[1].allSatisfy(\.isHexDigit) else { return nil }
            values[String(parts[0])] = String(parts[1])
        }
        guard let cookie = values["cookie"], let write = values["write"] else { return nil }
        return ServerSecret(cookie: AccessToken(text: cookie), write: AccessToken(text: write))
    }
}
