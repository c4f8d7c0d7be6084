import CharflowApp
import CharflowCore

/// `GET /api/dates`: the quick dates a deferral can take today, each with its day, and the last day of
/// this week, as the core resolves them (`QuickDate.resolve`, the first-weekday setting).
///
/// The page offers what this lists and nothing else: "Later this week" is absent once no later day is
/// left in the week, and Upcoming ends "this week" on `weekEnds`, so the page decides no date itself.
enum QuickDatesAnswer {
    static let words: [(String, QuickDate)] = [
        ("tomorrow", .tomorrow), ("later-this-week", .laterThisWeek), ("next-week", .nextWeek), ("someday", .someday),
    ]

    static func json(today: LocalDay, calendar: PlannerCalendar) -> JSONValue {
        var offered: [JSONValue] = []
        for (word, date) in words {
            let day: LocalDay?
            do { day = try date.resolve(today: today, calendar: calendar) } catch { continue }
            offered.append(.object([("word", .string(word)), ("day", .optional(day?.description))]))
        }
        let weekEnds = calendar.startOfWeek(containing: today).adding(days: 6)
        return .object([("today", .string(today.description)), ("weekEnds", .string(weekEnds.description)),
                        ("quickDates", .array(offered))])
    }
}
