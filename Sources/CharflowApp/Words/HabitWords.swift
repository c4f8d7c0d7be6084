import CharflowCore

/// A habit's amount and pause in words, as Today, the review and the habit views say them.
public enum HabitWords {
    /// "done", "3/8", "20/30 min", "2 slips"; a binary day left undone is "not yet" while it lasts and
    /// "not done" once it is over (`dayOver`).
    public static func amount(kind: HabitKind, amount: Int, target: Int, dayOver: Bool = false) -> String {
        switch kind {
        case .binary: amount > 0 ? "done" : dayOver ? "not done" : "not yet"
        case .counted: "\(amount)/\(target)"
        case .timed: "\(amount)/\(target) min"
        case .avoid: amount == 1 ? "1 slip" : "\(amount) slips"
        }
    }

    /// A day's line in the night review: the amount, or for a weekly target the week's progress
    /// ("3 of 3 this week"), with the day's amount after it when something was logged that day.
    public static func dayLine(kind: HabitKind, amount: Int, target: Int, week: (done: Int, target: Int)?) -> String {
        let day = Self.amount(kind: kind, amount: amount, target: target)
        guard let week else { return day }
        let progress = "\(week.done) of \(week.target) this week"
        return amount > 0 ? progress + " · that day " + day : progress
    }

    /// Today's state of a habit in words with its unit, as the Today strip says it: "done", "not yet",
    /// "3 of 8 today", "20 of 30 min today", "no slips yet", "2 slips today", "held", "2 of 3 this week",
    /// "not today", "paused". A habit of several windows adds its windows up.
    public static func todayLine(_ day: HabitDay) -> String {
        if day.pause != nil { return "paused" }
        if let week = day.week { return "\(week.done) of \(week.target) this week" }
        let due = day.windows.filter(\.cell.isDue)
        guard !due.isEmpty else { return "not today" }
        let amount = due.reduce(0) { $0 + $1.cell.amount }
        let target = due.reduce(0) { $0 + $1.cell.target }
        switch day.habit.kind {
        case .binary: return day.isDoneToday ? "done" : "not yet"
        case .counted: return "\(amount) of \(target) today"
        case .timed: return "\(amount) of \(target) min today"
        case .avoid:
            if amount == 0 { return due.allSatisfy(\.cell.isHeld) ? "held" : "no slips yet" }
            return amount == 1 ? "1 slip today" : "\(amount) slips today"
        }
    }

    /// "Paused — resumes 20 Oct", or until resumed.
    public static func pausedLine(_ pause: HabitPause) -> String {
        guard let to = pause.to else { return "Paused (\(pause.reason.rawValue)) until you resume it" }
        return "Paused — resumes \(DayText.short(to))"
    }

    /// "\n30 Nov and 1 Dec keep what was logged on them.", said after a pause that reaches days
    /// already logged (H-15); nothing when there are none.
    public static func keptDaysLine(_ days: [LocalDay]) -> String {
        guard !days.isEmpty else { return "" }
        let names = days.map { DayText.short($0) }
        let list = names.count == 1 ? names[0] : names.dropLast().joinedText(separator: ", ") + " and " + names[names.count - 1]
        return "\n\(list) \(names.count == 1 ? "keeps" : "keep") what was logged on \(names.count == 1 ? "it" : "them")."
    }
}
