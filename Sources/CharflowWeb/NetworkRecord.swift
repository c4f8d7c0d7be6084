import Foundation

/// Where `serve --listen` last listened and its certificate's fingerprint (spec D24), kept in the state
/// folder (0600) so that `charflow pair` can print a link to it.
public struct NetworkRecord: Sendable, Equatable {
    /// The address a browser opens, `https://HOST:PORT`.
    public let url: String
    public let fingerprint: String

    public init(url: String, fingerprint: String) {
        self.url = url
        self.fingerprint = fingerprint
    }

    public func write(to path: String) throws {
        try PrivateFile.write("url \(url)\nfingerprint \(fingerprint)\n", to: path, replacing: true)
    }

    /// The record at `path`, or nil when no network server has written one.
    public static func read(_ path: String) -> NetworkRecord? {
        guard let text = PrivateFile.read(path) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard let url = values["url"], url.hasPrefix("https://"), let fingerprint = values["fingerprint"] else { return nil }
        return NetworkRecord(url: url, fingerprint: fingerprint)
    }
}
