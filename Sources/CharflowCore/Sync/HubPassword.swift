import Foundation

/// The password a hub's connection string carries, with the entry of libpq's password file that
/// holds it instead (spec D19, rule Y-27: a password is never stored in the store).
///
/// Both forms libpq takes are read: a URI (`postgresql://me:secret@host:5432/db?password=…`, parts
/// percent-decoded) and a key=value string (`host=h user=me password='s e'`). The entry names the
/// host, port, database and user the URL gives, `*` for each one it leaves to libpq's defaults, so
/// libpq finds the password for the same connection. A URL with several hosts gets one entry each.
public struct HubPassword: Sendable, Equatable {
    public let password: String
    /// `host:port:database:user`, each escaped as the password file wants (`\:` and `\\`).
    public let matches: [String]

    /// The password `url` carries and where it applies; nil when it carries none.
    public static func carried(by url: String) -> HubPassword? {
        let text = url.trimmingCharacters(in: .whitespaces)
        let parameters = ["postgresql://", "postgres://"].first(where: { text.hasPrefix($0) })
            .map { uriParameters(String(text.dropFirst($0.count))) } ?? pairParameters(text)
        guard let password = parameters["password"], !password.isEmpty else { return nil }
        let hosts = (parameters["host"] ?? parameters["hostaddr"] ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let ports = (parameters["port"] ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let fields = { (value: String?) in value.map { $0.isEmpty ? "*" : escaped($0) } ?? "*" }
        let matches = (hosts.isEmpty ? [""] : hosts).enumerated().map { index, host in
            let port = ports.count == hosts.count ? ports[index] : ports.first
            return [fields(host), fields(port), fields(parameters["dbname"]), fields(parameters["user"])].joinedText(separator: ":")
        }
        return HubPassword(password: password, matches: matches)
    }

    /// The password file's lines for this password, one per host.
    public var lines: [String] {
        matches.map { $0 + ":" + HubPassword.escaped(password) }
    }

    /// A field as the password file writes it: `:` and `\` escaped with a backslash.
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }

    /// The fields of a line of the password file, unescaped.
    public static func fields(ofLine line: String) -> [String] {
        var fields: [String] = [], current = "", escaping = false
        for character in line {
            if escaping { current.append(character); escaping = false; continue }
            if character == "\\" { escaping = true; continue }
            if character == ":" { fields.append(current); current = ""; continue }
            current.append(character)
        }
        fields.append(current)
        return fields
    }

    /// A URI's user, password, hosts, ports, database and query parameters.
    private static func uriParameters(_ rest: String) -> [String: String] {
        var body = rest, result: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            body = String(rest[..<mark])
            for pair in rest[rest.index(after: mark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { result[decoded(parts[0])] = decoded(parts[1]) }
            }
        }
        var hostPart = body
        if let slash = body.firstIndex(of: "/") {
            hostPart = String(body[..<slash])
            let database = String(body[body.index(after: slash)...])
            if !database.isEmpty, result["dbname"] == nil { result["dbname"] = decoded(database) }
        }
        if let at = hostPart.lastIndex(of: "@") {
            let user = hostPart[..<at].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if let name = user.first, !name.isEmpty, result["user"] == nil { result["user"] = decoded(name) }
            if user.count == 2, result["password"] == nil { result["password"] = decoded(user[1]) }
            hostPart = String(hostPart[hostPart.index(after: at)...])
        }
        var hosts: [String] = [], ports: [String] = []
        for spec in hostPart.split(separator: ",", omittingEmptySubsequences: false).map(String.init) where !spec.isEmpty {
            var host = spec, port = ""
            if spec.hasPrefix("["), let close = spec.firstIndex(of: "]") {
                host = String(spec[spec.index(after: spec.startIndex)..<close])
                let after = spec[spec.index(after: close)...]
                if after.hasPrefix(":") { port = String(after.dropFirst()) }
            } else if let colon = spec.lastIndex(of: ":") {
                host = String(spec[..<colon])
                port = String(spec[spec.index(after: colon)...])
            }
            hosts.append(decoded(host))
            ports.append(port)
        }
        if !hosts.isEmpty, result["host"] == nil { result["host"] = hosts.joinedText(separator: ",") }
        if ports.contains(where: { !$0.isEmpty }), result["port"] == nil { result["port"] = ports.joinedText(separator: ",") }
        return result
    }

    /// A key=value string's pairs, values unquoted and unescaped.
    private static func pairParameters(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var index = text.startIndex
        func skipSpaces() { while index < text.endIndex, text[index] == " " { index = text.index(after: index) } }
        while true {
            skipSpaces()
            guard index < text.endIndex else { break }
            var key = ""
            while index < text.endIndex, text[index] != "=", text[index] != " " { key.append(text[index]); index = text.index(after: index) }
            skipSpaces()
            guard index < text.endIndex, text[index] == "=" else { break }
            index = text.index(after: index)
            skipSpaces()
            var value = ""
            let quoted = index < text.endIndex && text[index] == "'"
            if quoted { index = text.index(after: index) }
            while index < text.endIndex {
                let character = text[index]
                if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    value.append(text[index])
                } else if quoted ? character == "'" : character == " " {
                    break
                } else {
                    value.append(character)
                }
                index = text.index(after: index)
            }
            if quoted, index < text.endIndex { index = text.index(after: index) }
            result[key.lowercased()] = value
        }
        return result
    }

    private static func decoded(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }
}
