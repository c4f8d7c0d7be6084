import Foundation

/// The one-time sign-in links of a store's server (rule W-26): made by `serve` when it starts and by
/// `charflow open`, used up by the server when a browser signs in with one.
///
/// A link's token is 32 random bytes, kept in the state folder's links file (0600) until it is used
/// or `lifetime` has passed, whichever comes first; `serve --sign-out` drops them all. The file is
/// shared by processes (a server, several `open`s), so every change holds its `flock`. A link made
/// before a restart still works after it, and one used before a restart stays used.
public struct SignInLinks: Sendable {
    public let path: String
    /// How long an unused link lets a browser in.
    public static let lifetime: TimeInterval = 10 * 60

    public struct Unwritable: Error {
        public let path: String
    }

    /// A new link's token, valid once within `lifetime` of `now`.
    public func mint(now: Date = Date()) throws -> AccessToken {
        let token = AccessToken.fresh()
        try withEntries(now: now) { $0.append(Entry(token: token, expires: now.addingTimeInterval(Self.lifetime))) }
        return token
    }

    /// Whether `given` is a live link; if it is, it is used up and lets nobody in again.
    public func consume(_ given: String, now: Date = Date()) -> Bool {
        (try? withEntries(now: now) { entries -> Bool in
            // Every entry is compared, so the time taken says nothing of which one matched.
            var found: Int?
            for index in entries.indices where entries[index].token.matches(given) { found = index }
            guard let found else { return false }
            entries.remove(at: found)
            return true
        }) ?? false
    }

    /// Drops every link not yet used.
    public func revokeAll() throws {
        try withEntries(now: Date()) { $0.removeAll() }
    }

    struct Entry {
        let token: AccessToken
        let expires: Date
    }

    /// Runs `body` on the live entries with the file locked (`LockedLines`), then writes back what it left.
    private func withEntries<T>(now: Date, _ body: (inout [Entry]) -> T) throws -> T {
        do {
            return try LockedLines(path: path).update { lines in
                var entries = lines.compactMap { line -> Entry? in
                    let parts = line.split(separator: " ")
                    guard parts.count == 2, let seconds = Double(parts[1]) else { return nil }
                    return Entry(token: AccessToken(text: String(parts[0])), expires: Date(timeIntervalSince1970: seconds))
                }
                entries.removeAll { $0.expires <= now }
                let result = body(&entries)
                lines = entries.map { "\($0.token.text) \(Int($0.expires.timeIntervalSince1970))" }
                return result
            }
        } catch let failure as LockedLines.Unwritable {
            throw Unwritable(path: failure.path)
        }
    }
}
