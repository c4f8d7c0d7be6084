/// Whole minutes added to each prayer's computed time (negative for earlier), as a person sets them to
/// match their mosque's timetable.
///
/// Applied after the time is rounded to the minute. Each lies within `PrayerAdjustments.range`, so an
/// adjustment nudges a prayer and cannot carry it past its neighbours' usual places.
public struct PrayerAdjustments: Sendable, Equatable {
    /// Minutes for each prayer, in `Prayer` order.
    private var minutes: [Int]

    /// No adjustment to any prayer.
    public static let none = PrayerAdjustments()

    /// The minutes one adjustment may be.
    public static let range = -60...60

    public init() {
        minutes = Array(repeating: 0, count: Prayer.allCases.count)
    }

    /// Adjustments from explicit minutes; nil when one lies outside `range`.
    public init?(fajr: Int = 0, dhuhr: Int = 0, asr: Int = 0, maghrib: Int = 0, isha: Int = 0) {
        let values = [fajr, dhuhr, asr, maghrib, isha]
        guard values.allSatisfy(PrayerAdjustments.range.contains) else { return nil }
        minutes = values
    }

    /// The minutes for `prayer`. Setting a value outside `range` clamps it into the range; parse input
    /// with `parseMinutes` first, which refuses it instead.
    public subscript(prayer: Prayer) -> Int {
        get { minutes[prayer.rawValue] }
        set { minutes[prayer.rawValue] = min(max(newValue, PrayerAdjustments.range.lowerBound), PrayerAdjustments.range.upperBound) }
    }

    public var isNone: Bool { minutes.allSatisfy { $0 == 0 } }

    /// The settings store's form: `none`, or the prayers that have one as `fajr=2,isha=-3`.
    public var word: String {
        let set = Prayer.allCases.filter { self[$0] != 0 }
        guard !set.isEmpty else { return "none" }
        return set.map { "\($0.word)=\(self[$0])" }.joinedText(separator: ",")
    }

    /// Reads `word`'s form back; nil for anything else.
    public init?(word: String) {
        guard let parsed = try? PrayerAdjustments.parse(word) else { return nil }
        self = parsed
    }

    /// Parses `word`'s form (`none`, or `PRAYER=MINUTES` joined by commas), refusing an unknown prayer
    /// or minutes that are not whole, or out of range.
    public static func parse(_ text: String) throws(InputError) -> PrayerAdjustments {
        var result = PrayerAdjustments()
        let trimmed = PrayerWords.trimmed(text)
        guard trimmed.lowercased() != "none", !trimmed.isEmpty else { return result }
        for entry in trimmed.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw .badAdjustment(PrayerWords.trimmed(String(entry))) }
            let prayer = try Prayer.parse(PrayerWords.trimmed(String(parts[0])))
            result.minutes[prayer.rawValue] = try parseMinutes(String(parts[1]))
        }
        return result
    }

    /// Parses one adjustment's minutes (`2`, `+2`, `-3`), refusing anything not whole or out of range.
    public static func parseMinutes(_ text: String) throws(InputError) -> Int {
        var digits = Substring(PrayerWords.trimmed(text))
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let magnitude = Int(digits), range.contains(sign * magnitude) else {
            throw .badAdjustment(text)
        }
        return sign * magnitude
    }
}
