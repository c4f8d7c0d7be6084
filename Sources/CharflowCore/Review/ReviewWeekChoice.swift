/// Which week a review looks at, as a person names it: `last`, `this`, or an ISO week `YYYY-Www`.
///
/// Weeks run from the person's first weekday. An ISO week names the person's week that holds that ISO
/// week's Monday, so with Monday first the two are the same, and with Sunday first the week starts the
/// Sunday before.
public enum ReviewWeekChoice: WordValue, Equatable {
    case this, last
    case iso(year: Int, week: Int)

    public static func reading(_ word: String) throws -> ReviewWeekChoice {
        let lowered = word.lowercased()
        switch lowered {
        case "this", "current": return .this
        case "last", "previous": return .last
        default: break
        }
        let parts = lowered.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 3, parts[1].first == "w",
              let year = Int(parts[0]), let week = Int(parts[1].dropFirst()),
              parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII),
              LocalDay(year: year, month: 1, day: 4) != nil, week >= 1, week <= ISOWeek.weeks(in: year)
        else {
            throw InputError.invalidWord(what: "week", given: word, expected: "last, this or a week like 2026-W09")
        }
        return .iso(year: year, week: week)
    }

    /// The first day of the week chosen, on `today`.
    public func firstDay(today: LocalDay, calendar: PlannerCalendar) -> LocalDay {
        let current = calendar.startOfWeek(containing: today)
        switch self {
        case .this: return current
        case .last: return current.adding(days: -7)
        case .iso(let year, let week): return calendar.startOfWeek(containing: ISOWeek.monday(year: year, week: week))
        }
    }

    /// The week a review shows when none is named: the last complete week on the first day of a week
    /// (the new one has barely begun), otherwise the current week so far.
    public static func usual(today: LocalDay, calendar: PlannerCalendar) -> ReviewWeekChoice {
        calendar.startOfWeek(containing: today) == today ? .last : .this
    }
}

/// ISO 8601 week numbers: weeks start on Monday, and week 1 holds the year's fourth of January.
public enum ISOWeek {
    /// The Monday of week 1 of `year`.
    public static func firstMonday(of year: Int) -> LocalDay {
        let fourth = LocalDay(year: year, month: 1, day: 4)!
        return fourth.adding(days: -(fourth.weekday.isoNumber - 1))
    }

    /// How many ISO weeks `year` has: 52 or 53.
    public static func weeks(in year: Int) -> Int {
        firstMonday(of: year).days(to: firstMonday(of: year + 1)) / 7
    }

    /// The Monday of `week` of `year`.
    public static func monday(year: Int, week: Int) -> LocalDay {
        firstMonday(of: year).adding(days: 7 * (week - 1))
    }

    /// The ISO year and week that hold `day`.
    public static func week(of day: LocalDay) -> (year: Int, week: Int) {
        let monday = day.adding(days: -(day.weekday.isoNumber - 1))
        // The week's Thursday decides its year.
        let year = monday.adding(days: 3).year
        return (year, firstMonday(of: year).days(to: monday) / 7 + 1)
    }

    /// `2026-W09` for the ISO week holding `day`.
    public static func name(of day: LocalDay) -> String {
        let (year, week) = week(of: day)
        return "\(year)-W" + (week < 10 ? "0" : "") + String(week)
    }

    /// The name of a week that starts on `firstDay` by any first weekday: the ISO week of its one Monday.
    public static func name(ofWeekStarting firstDay: LocalDay) -> String {
        let toMonday = (8 - firstDay.weekday.isoNumber) % 7
        return name(of: firstDay.adding(days: toMonday))
    }
}
