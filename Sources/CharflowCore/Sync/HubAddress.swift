import Foundation

/// A hub's connection string as it may be shown to a person: the same string without its password
/// (rule Y-27: a password is never printed, nor stored in the store).
///
/// Both forms libpq takes are handled: a URI (`postgresql://me:secret@host/db?password=…`) loses the
/// password of its user part and any `password` parameter; a key=value string loses its `password`
/// pair (quoted or not).
public enum HubAddress {
    public static func shown(_ url: String) -> String {
        let text = url.trimmingCharacters(in: .whitespaces)
        if let scheme = ["postgresql://", "postgres://"].first(where: { text.hasPrefix($0) }) {
            return scheme + shownURI(String(text.dropFirst(scheme.count)))
        }
        return shownPairs(text)
    }

    private static func shownURI(_ rest: String) -> String {
        var body = rest, query = ""
        if let mark = rest.firstIndex(of: "?") {
            body = String(rest[..<mark])
            query = String(rest[rest.index(after: mark)...])
        }
        if let at = body.lastIndex(of: "@") {
            let user = body[..<at].split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            body = user + body[at...]
        }
        let kept = query.split(separator: "&").filter { !$0.lowercased().hasPrefix("password=") }
        return kept.isEmpty ? body : body + "?" + kept.joined(separator: "&")
    }

    private static func shownPairs(_ text: String) -> String {
        let tokens = words(text)
        var kept: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let lowered = token.lowercased()
            if lowered == "password" {
                // `password = secret` or `password =secret`: the key, then "=" and a value or "=value".
                index += 1
                if index < tokens.count, tokens[index] == "=" { index += 1 }
                else if index < tokens.count, tokens[index].hasPrefix("=") { index += 1; continue }
                index += 1
                continue
            }
            if lowered == "password=" { index += 2; continue }
            if lowered.hasPrefix("password=") { index += 1; continue }
            kept.append(token)
            index += 1
        }
        return kept.joinedText(separator: " ")
    }

    /// The string split at spaces outside single quotes, backslash escapes kept with what they escape.
    private static func words(_ text: String) -> [String] {
        var result: [String] = [], current = "", quoted = false, escaped = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { current.append(character); escaped = true; continue }
            if character == "'" { quoted.toggle() }
            if character == " ", !quoted {
                if !current.isEmpty { result.append(current); current = "" }
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
