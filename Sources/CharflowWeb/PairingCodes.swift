import Foundation

/// The one-time pairing codes of `charflow pair` (spec D24, rule M-2): each lets one browser pair
/// within ten minutes, once.
///
/// A code is ten symbols of Crockford's base 32 (50 bits), shown as `XXXXX-XXXXX` and carried by the
/// pairing link; it is kept in the state folder's pairings file (0600) until used or expired. With the
/// attempt limits (`AttemptLimits`) a guesser gets at most `AttemptLimits.total` tries in a code's ten
/// minutes: one chance in 2^50 / 30, about 3.8 × 10^13.
public struct PairingCodes: Sendable {
    public let path: String
    /// How long an unused code lets a browser pair.
    public static let lifetime: TimeInterval = 10 * 60
    /// The symbols of a code: digits and letters without I, L, O and U.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    static let length = 10

    public init(path: String) {
        self.path = path
    }

    /// A new code, valid once within `lifetime` of `now`.
    public func mint(now: Date) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let code = String((0..<Self.length).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)] })
        let expires = Int(now.addingTimeInterval(Self.lifetime).timeIntervalSince1970)
        try LockedLines(path: path).update { lines in
            lines = Self.live(lines, now: now) + ["\(code) \(expires)"]
        }
        return code
    }

    /// `code` as shown: two groups of five.
    public static func shown(_ code: String) -> String {
        let symbols = Array(code)
        guard symbols.count == length else { return code }
        return String(symbols[0..<5]) + "-" + String(symbols[5...])
    }

    /// `given` as typed, made a code: upper case, dashes and spaces dropped, O read as 0 and I or L as 1.
    static func normalized(_ given: String) -> String {
        String(given.uppercased().compactMap { symbol -> Character? in
            switch symbol {
            case "-", " ": nil
            case "O": "0"
            case "I", "L": "1"
            default: symbol
            }
        })
    }

    /// Whether `given` is a live code; if it is, it is used up and pairs nobody again.
    public func consume(_ given: String, now: Date) -> Bool {
        let typed = AccessToken(text: Self.normalized(given))
        return (try? LockedLines(path: path).update { lines -> Bool in
            lines = Self.live(lines, now: now)
            // Every code is compared, so the time taken says nothing of which one matched.
            var found: Int?
            for (index, line) in lines.enumerated() where typed.matches(String(line.prefix(while: { $0 != " " }))) { found = index }
            guard let found else { return false }
            lines.remove(at: found)
            return true
        }) ?? false
    }

    /// The lines whose code has not expired at `now`.
    static func live(_ lines: [String], now: Date) -> [String] {
        lines.filter { line in
            let parts = line.split(separator: " ")
            return parts.count == 2 && (Double(parts[1]).map { $0 > now.timeIntervalSince1970 } ?? false)
        }
    }
}
