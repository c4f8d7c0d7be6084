import Foundation

/// The `ADDRESS:PORT` of `serve --listen` (spec D24): an IPv4 address, or an IPv6 one in brackets.
///
/// A host name is refused: the server binds an address, and names a browser may use are given with
/// `--name`. Port 0 asks the system for a free one (the tests' way).
public struct ListenAddress: Sendable, Equatable {
    /// The address as written, without brackets.
    public let address: String
    public let port: UInt16
    public let isIPv6: Bool

    /// The address given, or nil when it is not `IPv4:PORT` or `[IPv6]:PORT`.
    public init?(_ text: String) {
        let host: Substring, portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
            isIPv6 = true
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            isIPv6 = false
        }
        guard let port = UInt16(portText), portText.allSatisfy(\.isNumber) else { return nil }
        guard isIPv6 ? Self.parses(String(host), family: AF_INET6) : Self.parses(String(host), family: AF_INET) else { return nil }
        address = String(host)
        self.port = port
    }

    /// The address and `port` as a browser writes them in a Host header or a URL.
    public func authority(port: Int) -> String { isIPv6 ? "[\(address)]:\(port)" : "\(address):\(port)" }

    /// Whether the address is a wildcard (0.0.0.0 or ::), which no browser can name: `--name` is needed.
    public var isWildcard: Bool { address == "0.0.0.0" || address == "::" }

    /// Whether `text` is an IPv4 or IPv6 address.
    public static func isIPAddress(_ text: String) -> Bool {
        parses(text, family: AF_INET) || parses(text, family: AF_INET6)
    }

    /// Whether `text` is a DNS host name: dot-separated labels of letters, digits and inner hyphens.
    public static func isHostName(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    static func parses(_ text: String, family: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(family, text, &buffer) == 1
    }
}
