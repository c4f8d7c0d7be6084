import Foundation

/// The person's own calendar addresses, compared the way ATTENDEE values are written.
///
/// `mailto:Me@Example.org`, `MAILTO:me@example.org` and `me@example.org` are one address: the scheme
/// is dropped and the rest lower-cased (strictly only the domain is case-insensitive, but calendar
/// servers rewrite the case of both parts).
enum OwnAddresses {
    static func normalized(_ address: String) -> String {
        var text = address.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("mailto:") { text = String(text.dropFirst("mailto:".count)) }
        return text.lowercased()
    }

    static func set(_ addresses: [String]) -> Set<String> {
        Set(addresses.map(normalized).filter { !$0.isEmpty })
    }
}
