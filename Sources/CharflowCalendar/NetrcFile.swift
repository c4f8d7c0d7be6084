import Foundation

/// The machines, logins and passwords of a `.netrc` file, as curl, ftp and git read it.
///
/// Tokens are separated by white space; a value may be quoted (`"two words"`, with `\"` inside).
/// `machine NAME` begins an entry, `default` the entry for every other host; `login`, `password` and
/// `account` belong to the entry before them; a `macdef` runs to the next blank line and is skipped.
struct NetrcFile {
    struct Entry: Equatable {
        /// The host, or nil for `default`.
        var machine: String?
        var login: String?
        var password: String?
    }

    let entries: [Entry]

    init(_ text: String) {
        var entries: [Entry] = []
        var tokens = NetrcFile.tokens(text)[...]
        while let token = tokens.popFirst() {
            switch token {
            case "machine":
                entries.append(Entry(machine: tokens.popFirst()?.lowercased()))
            case "default":
                entries.append(Entry(machine: nil))
            case "login", "password", "account":
                let value = tokens.popFirst()
                guard !entries.isEmpty else { continue }
                if token == "login" { entries[entries.count - 1].login = value }
                if token == "password" { entries[entries.count - 1].password = value }
            default:
                break
            }
        }
        self.entries = entries
    }

    /// The entry for `host` (and for `login`, when one is asked for), else the default entry.
    func entry(host: String, login: String?) -> Entry? {
        let host = host.lowercased()
        let named = entries.filter { $0.machine == host && $0.password != nil }
        if let login, let exact = named.first(where: { $0.login == login }) { return exact }
        if let first = named.first(where: { login == nil || $0.login == nil }) { return first }
        return entries.first { $0.machine == nil && $0.password != nil && (login == nil || $0.login == nil || $0.login == login) }
    }

    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            var current = ""
            var quoted = false
            var escaped = false
            var inToken = false
            for character in line {
                if quoted {
                    if escaped { current.append(character); escaped = false }
                    else if character == "\\" { escaped = true }
                    else if character == "\"" { quoted = false }
                    else { current.append(character) }
                } else if character == "\"" {
                    quoted = true
                    inToken = true
                } else if character == " " || character == "\t" || character == "\r" {
                    if inToken { tokens.append(current); current = ""; inToken = false }
                } else {
                    current.append(character)
                    inToken = true
                }
            }
            if inToken { tokens.append(current) }
            // A macro's body runs to the next blank line.
            if tokens.count >= 2, tokens[tokens.count - 2] == "macdef" {
                while let next = lines.popFirst(), !next.trimmingCharacters(in: .whitespaces).isEmpty {}
            }
        }
        return tokens
    }
}
