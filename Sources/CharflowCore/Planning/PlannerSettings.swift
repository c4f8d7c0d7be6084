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
    /// The day's capacity in minutes, for the overload notice.
    public var capacityMinutes = 360
    /// When the end-of-day review is offered; nil is off.
    public var reviewTime: TimeOfDay? = TimeOfDay(hour: 18, minute: 0)!
    /// Colour on a terminal; off means plain text everywhere.
    public var color = true

    public init() {}

    /// The keys `charflow settings` knows, in the order it lists them.
    public static let keys = [
        "rollover-time", "end-of-day", "first-weekday", "lock-complementary", "capacity", "review-time", "color",
    ]

    /// The keys that shape the day, which every device of a person shares through sync (spec D19, rule
    /// Y-26); the rest (`color`) belong to the device they were set on.
    public static let dayShapingKeys = [
        "rollover-time", "end-of-day", "first-weekday", "lock-complementary", "capacity", "review-time",
    ]

    /// The stored text of `key`, or nil when it has its default.
    public func value(of key: String) -> String? {
        switch key {
        case "rollover-time": rolloverTime.description
        case "end-of-day": endOfDay.description
        case "first-weekday": firstWeekday?.name
        case "lock-complementary": lockComplementary ? "on" : "off"
        case "capacity": String(capacityMinutes)
        case "review-time": reviewTime?.description ?? "off"
        case "color": color ? "on" : "off"
        default: nil
        }
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
        case "capacity":
            guard let minutes = Int(text), (0...1440).contains(minutes) else {
                throw InputError.invalidWord(what: "capacity", given: text, expected: "minutes from 0 to 1440")
            }
            capacityMinutes = minutes
        case "review-time":
            if text.lowercased() == "off" {
                reviewTime = nil
            } else {
                guard let time = TimeOfDay(text) else {
                    throw InputError.invalidWord(what: "time", given: text, expected: "HH:MM or off")
                }
                reviewTime = time
            }
        default:
            throw PlannerError.unknownSetting(key)
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
