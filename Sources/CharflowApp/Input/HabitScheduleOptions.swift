import CharflowCore

/// A habit's schedule as its add and edit take it: `days` (`daily`, or ISO days and names), the
/// `weekdays` switch, or `per-week` N; at most one of them.
enum HabitScheduleOptions {
    /// The schedule the three keys of `container` give, nil when none is given. Two given at once are
    /// refused before either is read.
    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, days: Key, weekdays: Key,
                                       perWeek: Key) throws -> HabitSchedule? {
        // A key given as `null` in a body is not given; `weekdays` is given when it is on.
        let daysGiven = !(try container.decodeNil(forKey: days))
        let perWeekGiven = !(try container.decodeNil(forKey: perWeek))
        let weekdaysOn = try container.decodeIfPresent(Bool.self, forKey: weekdays) ?? false
        guard [daysGiven, weekdaysOn, perWeekGiven].filter({ $0 }).count <= 1 else {
            throw UsageRefusal.atMostOne(["days", "weekdays", "per-week"])
        }
        if weekdaysOn { return .weekdays }
        if let count = try container.decodeIfPresent(TimesPerWeek.self, forKey: perWeek) { return .timesPerWeek(count.value) }
        return try container.decodeIfPresent(HabitSchedule.self, forKey: days)
    }
}
