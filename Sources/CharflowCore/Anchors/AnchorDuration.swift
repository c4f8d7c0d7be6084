/// How long an anchor's occurrence lasts, as a person gives it (cli.md's DURATION): minutes (`15`), or
/// hours and minutes (`15m`, `1h`, `1h30m`), from one minute to twelve hours.
///
/// In a request body a whole number of minutes, or the same text as the command line.
public struct AnchorDuration: WordValue, Equatable {
    public let minutes: Int

    /// The durations an anchor takes.
    public static let range = 1...720

    public init?(minutes: Int) {
        guard AnchorDuration.range.contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public static func reading(_ word: String) throws -> AnchorDuration {
        guard let minutes = parse(word.lowercased()), let duration = AnchorDuration(minutes: minutes) else {
            throw InputError.badDuration(word)
        }
        return duration
    }

    /// A body's whole number of minutes, or its text as the command line gives it.
    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { container in
            if let minutes = try? container.decode(Int.self) { return try Self.reading(String(minutes)) }
            return try Self.reading(try container.decode(String.self))
        }
    }

    /// The minutes of `15`, `15m`, `1h`, `1h30m` or `1h30`; nil for anything else.
    private static func parse(_ word: String) -> Int? {
        var rest = Substring(word)
        var total = 0
        var sawPart = false
        if let hourMark = rest.firstIndex(of: "h") {
            guard let hours = number(rest[..<hourMark]) else { return nil }
            total = hours * 60
            rest = rest[rest.index(after: hourMark)...]
            sawPart = true
            if rest.isEmpty { return total }
        }
        if rest.hasSuffix("m") { rest = rest.dropLast() }
        guard let minutes = number(rest) else { return nil }
        if sawPart, minutes >= 60 { return nil }
        return total + minutes
    }

    /// One to four ASCII digits.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
