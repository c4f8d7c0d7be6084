import CharflowCore

/// Day names for text output: "Sunday 29 November 2026", "29 Nov".
public enum DayText {
    public static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    public static func long(_ day: LocalDay) -> String {
        let weekday = day.weekday.name.prefix(1).uppercased() + day.weekday.name.dropFirst()
        return "\(weekday) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    public static func short(_ day: LocalDay) -> String {
        "\(day.day) \(months[day.month - 1].prefix(3))"
    }

    /// "today", "tomorrow", "yesterday", or the short date.
    public static func relative(_ day: LocalDay, today: LocalDay) -> String {
        switch today.days(to: day) {
        case 0: "today"
        case 1: "tomorrow"
        case -1: "yesterday"
        default: short(day)
        }
    }
}
