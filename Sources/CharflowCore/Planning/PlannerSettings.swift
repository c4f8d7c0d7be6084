/// The user's settings (`charflow settings`), with their defaults.
public struct PlannerSettings: Sendable, Equatable {
    /// When the logical day ends (spec D4).
    public var rolloverTime: TimeOfDay = .midnight
    /// The soft end of the working day; it never stops a session.
    public var endOfDay: TimeOfDay = TimeOfDay(hour: 19, minute: 0)!
    /// nil follows the locale (Monday where it says nothing).
    public var firstWeekday: Weekday?
    /// Spec D9: Complementary tasks wait for their region's Must-Do.
    public var lockComplementary = false
    /// When the end-of-day review is offered; nil is off.
    public var reviewTime: TimeOfDay? = TimeOfDay(hour: 18, minute: 0)!
    /// Colour on a terminal; off means plain text everywhere.
    public var color = true
    /// The hours of Morning, Afternoon and Evening (spec D22, rule F-1).
    public var regionHours = RegionHours.defaults
    /// Where and how the prayer times are computed (rule F-7); no location until one is set.
    public var prayers = PrayerSettings()

    public init() {}

    /// The keys `charflow settings` knows, in the order it lists them. The flat day `capacity` of earlier
    /// versions is not one: night planning weighs tomorrow against its free time (rule F-15), and a stored
    /// `capacity` row, or one in a backup, is ignored.
    public static let keys = [
        "rollover-time", "end-of-day", "first-weekday", "lock-complementary", "review-time", "color",
        "morning", "afternoon", "evening", "location", "prayer-method", "asr", "high-latitude", "prayer-adjust",
    ]

    /// The key of the flat day capacity that free time replaced (rule F-15): refused with a word on why.
    public static let retiredCapacityKey = "capacity"

    /// The keys of the region hours, by region.
    public static let regionKeys: [Region: String] = [.morning: "morning", .afternoon: "afternoon", .evening: "evening"]

    /// The stored key of one prayer's adjustment (`prayer-adjust-isha`): each prayer's minutes are a
    /// setting of their own, so two devices that adjust two prayers both keep theirs.
    public static func adjustmentKey(_ prayer: Prayer) -> String {
        "prayer-adjust-" + prayer.word
    }

    /// The rows of the settings table these settings are read from and written to: every key `settings`
    /// lists but `prayer-adjust`, which is kept as one row a prayer (`adjustmentKey`).
    public static let storedKeys = keys.filter { $0 != "prayer-adjust" } + Prayer.allCases.map(adjustmentKey)

    /// The stored keys that shape the day, which every device of a person shares through sync (spec
    /// D19, rule Y-26; D22 for the region hours and the prayer settings); the rest (`color`) belong to
    /// the device they were set on.
    public static let dayShapingKeys = storedKeys.filter { $0 != "color" }

    /// The stored rows `key` (as `settings` lists it) is kept in.
    public static func storedRows(of key: String) -> [String] {
        key == "prayer-adjust" ? Prayer.allCases.map(adjustmentKey) : [key]
    }

    /// The text of `key` (as `settings` lists it, or a stored key), or nil when the setting has no
    /// row: no first weekday chosen, no location, no adjustment of that prayer.
    public func value(of key: String) -> String? {
        if let prayer = Prayer.allCases.first(where: { PlannerSettings.adjustmentKey($0) == key }) {
            return prayers.adjustments[prayer] == 0 ? nil : String(prayers.adjustments[prayer])
        }
        return switch key {
        case "rollover-time": rolloverTime.description
        case "end-of-day": endOfDay.description
        case "first-weekday": firstWeekday?.name
        case "lock-complementary": lockComplementary ? "on" : "off"
        case "review-time": reviewTime?.description ?? "off"
        case "color": color ? "on" : "off"
        case "morning": regionHours.morning.description
        case "afternoon": regionHours.afternoon.description
        case "evening": regionHours.evening.description
        case "location": prayers.location?.word
        case "prayer-method": prayers.method.word
        case "asr": prayers.asr.word
        case "high-latitude": prayers.highLatitude.word
        case "prayer-adjust": prayers.adjustments.word
        default: nil
        }
    }

    /// Refuses region hours that overlap or leave the logical day the rollover time makes (rule F-1):
    /// asked after a change of either.
    public func checkRegionHours() throws(PlannerError) {
        try regionHours.check(rollover: rolloverTime)
    }

    /// Sets `key` from its text form, refusing unknown keys and malformed values.
    public mutating func set(_ key: String, to text: String) throws {
        switch key {
        case "rollover-time":
            guard let time = TimeOfDay(text) else { throw InputError.invalidWord(what: "time", given: text, expected: "HH:MM") }
            rolloverTime = time
        case "end-of-day":
            guard let time = TimeOfDay(text) else { throw InputError.invalidWord(what: "time", given: text, expected: "HH:MM") }
            endOfDay = time
        case "first-weekday":
            guard let day = Weekday(name: text) else {
                throw InputError.invalidWord(what: "weekday", given: text, expected: "monday to sunday")
            }
            firstWeekday = day
        case "lock-complementary":
            lockComplementary = try PlannerSettings.onOff(text)
        case "color":
            color = try PlannerSettings.onOff(text)
        case "review-time":
            if text.lowercased() == "off" {
                reviewTime = nil
            } else {
                guard let time = TimeOfDay(text) else {
                    throw InputError.invalidWord(what: "time", given: text, expected: "HH:MM or off")
                }
                reviewTime = time
            }
        case "morning": regionHours.morning = try RegionSpan.parse(text)
        case "afternoon": regionHours.afternoon = try RegionSpan.parse(text)
        case "evening": regionHours.evening = try RegionSpan.parse(text)
        case "location":
            prayers.location = text.lowercased() == "none" ? nil : try PrayerLocation.parse(text)
        case "prayer-method": prayers.method = try PrayerMethod.parse(text)
        case "asr": prayers.asr = try AsrRule.parse(text)
        case "high-latitude": prayers.highLatitude = try HighLatitudeRule.parse(text)
        case "prayer-adjust": prayers.adjustments = try PrayerAdjustments.parse(text)
        default:
            guard let prayer = Prayer.allCases.first(where: { PlannerSettings.adjustmentKey($0) == key }) else {
                throw PlannerError.unknownSetting(key)
            }
            prayers.adjustments[prayer] = try PrayerAdjustments.parseMinutes(text)
        }
    }

    static func onOff(_ text: String) throws(InputError) -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default: throw InputError.invalidWord(what: "switch", given: text, expected: "on or off")
        }
    }
}

/// A setting's name, as `settings KEY` and `POST /api/settings/KEY` give it: one of `PlannerSettings.keys`.
public struct SettingKey: WordValue, Equatable, CustomStringConvertible {
    public let name: String

    public static func reading(_ word: String) throws -> SettingKey {
        guard PlannerSettings.keys.contains(word) else { throw PlannerError.unknownSetting(word) }
        return SettingKey(name: word)
    }

    private init(name: String) {
        self.name = name
    }

    public var description: String { name }
}
