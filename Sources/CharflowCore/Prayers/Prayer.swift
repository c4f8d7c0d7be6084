/// One of the five daily prayers, in the order of the day.
///
/// Sunrise is computed with them (`PrayerTimes.sunrise`) but is not a prayer: no anchor is made for it.
public enum Prayer: Int, CaseIterable, Sendable, Comparable {
    case fajr, dhuhr, asr, maghrib, isha

    /// Accepts the lower-case name in any case (`fajr`, `Isha`).
    public init?(word: String) {
        guard let match = Prayer.allCases.first(where: { $0.word == word.lowercased() }) else { return nil }
        self = match
    }

    /// Parses a prayer's word, or refuses it naming the five.
    public static func parse(_ text: String) throws(InputError) -> Prayer {
        guard let prayer = Prayer(word: text) else {
            throw .invalidWord(what: "prayer", given: text, expected: Prayer.wordList)
        }
        return prayer
    }

    /// The lower-case name the command line and the settings store use.
    public var word: String {
        switch self {
        case .fajr: "fajr"
        case .dhuhr: "dhuhr"
        case .asr: "asr"
        case .maghrib: "maghrib"
        case .isha: "isha"
        }
    }

    /// The name as a sentence shows it ("Fajr").
    public var name: String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// "fajr, dhuhr, asr, maghrib or isha".
    static var wordList: String {
        PrayerWords.list(allCases.map(\.word))
    }

    public static func < (lhs: Prayer, rhs: Prayer) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
