import CharflowCore
import Foundation

/// An address a calendar is fetched from, checked (rule F-9): `https://`, or plain `http://` to this
/// machine only (127.0.0.0/8, ::1, localhost), never with a password in it. `webcal://`, as calendar
/// apps write subscription links, is `https://`.
struct SourceAddress: Hashable, Sendable {
    let url: URL
    let scheme: String
    let host: String
    /// The user name the address carries (`https://alice@host/…`), if any.
    let user: String?

    init(_ text: String) throws(CalendarFailure) {
        var written = text.trimmingCharacters(in: .whitespaces)
        if written.lowercased().hasPrefix("webcal://") { written = "https://" + written.dropFirst("webcal://".count) }
        guard let components = URLComponents(string: written), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, let url = components.url else {
            throw .addressRefused(address: text, problem: .malformed)
        }
        guard scheme == "https" || scheme == "http" else { throw .addressRefused(address: text, problem: .unsupportedScheme) }
        guard components.password == nil else {
            throw .addressRefused(address: SourceAddress.withoutPassword(components), problem: .carriesPassword)
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard scheme == "https" || SourceAddress.isLoopback(bare) else {
            throw .addressRefused(address: text, problem: .plainHTTPNotLoopback)
        }
        self.url = url
        self.scheme = scheme
        self.host = bare.lowercased()
        self.user = components.user.flatMap { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The address as text, as stored and shown.
    var text: String { url.absoluteString }

    /// The protocols curl may use for it: its own scheme only.
    var protocols: String { scheme }

    /// The address `location` names, relative to this one (a redirect's Location, a DAV href).
    func resolving(_ location: String) throws(CalendarFailure) -> SourceAddress {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
            throw .addressRefused(address: location, problem: .malformed)
        }
        return try SourceAddress(target.absoluteString)
    }

    /// Whether `host` is this machine: 127.0.0.0/8, ::1, or localhost (which curl resolves to loopback
    /// itself, without asking DNS).
    static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) else {
            return false
        }
        return parts[0] == "127"
    }

    private static func withoutPassword(_ components: URLComponents) -> String {
        var shown = components
        shown.password = nil
        return shown.string ?? ""
    }
}
