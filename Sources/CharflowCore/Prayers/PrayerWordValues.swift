/// A prayer as a person names it (`--prayer fajr`, `settings prayer-adjust isha 2`).
extension Prayer: WordValue {
    public static func reading(_ word: String) throws -> Prayer {
        try parse(word)
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}

/// One prayer's adjustment as a person gives it (`2`, `+2`, `-3`): whole minutes within
/// `PrayerAdjustments.range`. In a request body a whole number.
public struct PrayerMinutes: WordValue, Equatable {
    public let value: Int

    public init?(_ value: Int) {
        guard PrayerAdjustments.range.contains(value) else { return nil }
        self.value = value
    }

    public static func reading(_ word: String) throws -> PrayerMinutes {
        PrayerMinutes(try PrayerAdjustments.parseMinutes(word))!
    }

    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { try Self.reading(String(try $0.decode(Int.self))) }
    }
}
