import Foundation

/// Tasks as an RFC 5545 iCalendar document: one VTODO per live or completed task.
///
/// Pure text in, text out: no file is written here. Every instant is written in UTC and every day as a
/// `VALUE=DATE`, so the document needs no VTIMEZONE and reads the same in any zone. What iCalendar has
/// no property for travels in `X-CHARFLOW-` properties.
public enum ICalendarExport {
    /// The longest content line, in octets, before it is folded (RFC 5545 §3.1); CRLF is not counted.
    public static let lineOctets = 75

    /// The whole `VCALENDAR`, CRLF line ends, folded.
    ///
    /// Dropped tasks are left out. Tasks keep the order they are given in. `categoryNames` names each
    /// task's `categoryID`; a task whose category is not in it gets no `CATEGORIES`.
    ///
    /// A repeating task carries `DTSTART;VALUE=DATE` (its due date, which is where the rule starts) and
    /// `RRULE` while it is live. A completed instance of a series keeps its rule only as
    /// `X-CHARFLOW-RRULE`: its successor is a task of its own, and a second live rule would make a
    /// calendar show every later occurrence twice.
    public static func document(tasks: [TaskItem], categoryNames: [UUID: String], calendar: PlannerCalendar) -> String {
        // Everything is written as UTC instants or floating dates, so the zone is not needed (yet).
        _ = calendar
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Charflow//Charflow//EN",
            "CALSCALE:GREGORIAN",
        ]
        for task in tasks where task.droppedAt == nil {
            lines += todo(task, categoryName: task.categoryID.flatMap { categoryNames[$0] })
        }
        lines.append("END:VCALENDAR")
        return lines.map { fold($0) + "\r\n" }.joined()
    }

    /// The content lines (unfolded) of one task's VTODO.
    static func todo(_ task: TaskItem, categoryName: String?) -> [String] {
        var lines = ["BEGIN:VTODO"]
        lines.append("UID:" + task.id.lowercasedText + "@charflow")
        lines.append("DTSTAMP:" + utcText(task.modifiedAt))
        lines.append("CREATED:" + utcText(task.createdAt))
        lines.append("LAST-MODIFIED:" + utcText(task.modifiedAt))
        lines.append("SUMMARY:" + escape(task.title))
        if let notes = task.notes, !notes.isEmpty {
            lines.append("DESCRIPTION:" + escape(notes))
        }
        let rule = recurrenceRule(for: task)
        if let due = task.dueDate {
            if rule != nil, !task.isCompleted {
                lines.append("DTSTART;VALUE=DATE:" + dateText(due))
            }
            lines.append("DUE;VALUE=DATE:" + dateText(due))
        }
        lines.append("STATUS:" + (task.isCompleted ? "COMPLETED" : "NEEDS-ACTION"))
        if task.isCompleted, let completed = task.completedAt {
            lines.append("COMPLETED:" + utcText(completed))
        }
        lines.append("PRIORITY:" + String(priority(task.importance)))
        if let categoryName, !categoryName.isEmpty {
            lines.append("CATEGORIES:" + escape(categoryName))
        }
        if let rule {
            lines.append((task.isCompleted ? "X-CHARFLOW-RRULE:" : "RRULE:") + rule)
        }
        lines.append("X-CHARFLOW-IMPORTANCE:" + task.importance.rawValue)
        if let effort = task.effortMinutes {
            lines.append("X-CHARFLOW-EFFORT:" + String(effort))
        }
        lines.append("X-CHARFLOW-DEFERRALS:" + String(task.deferralCount))
        if let series = task.seriesID {
            lines.append("X-CHARFLOW-SERIES:" + series.lowercasedText)
        }
        if let region = task.region {
            lines.append("X-CHARFLOW-REGION:" + region.rawValue)
        }
        if let bucket = task.bucket {
            lines.append("X-CHARFLOW-BUCKET:" + bucket.rawValue)
        }
        if task.region != nil || task.sortOrder != 0 {
            lines.append("X-CHARFLOW-SORT-ORDER:" + String(task.sortOrder))
        }
        lines.append("END:VTODO")
        return lines
    }

    /// iCalendar's PRIORITY: high 1, medium 5, low 9 (RFC 5545 §3.8.1.9: 1–4 high, 5 medium, 6–9 low).
    public static func priority(_ importance: Importance) -> Int {
        switch importance {
        case .high: 1
        case .medium: 5
        case .low: 9
        }
    }

    /// The RRULE value of a repeating task with a due date; nil for a one-off task (or one without a day).
    ///
    /// A monthly day of 29–31 is clamped to the month's end the way `RepeatRule.next` does, with
    /// `BYSETPOS=-1` over the candidate days: `BYMONTHDAY=31` alone would skip every shorter month.
    public static func recurrenceRule(for task: TaskItem) -> String? {
        guard let due = task.dueDate else { return nil }
        switch task.repeatKind {
        case .none:
            return nil
        case .daily:
            return "FREQ=DAILY"
        case .weekly:
            let chosen = RepeatRule.weekdays(task.repeatWeekdays)
            let days = chosen.isEmpty ? [due.weekday] : chosen.sorted()
            return "FREQ=WEEKLY;BYDAY=" + days.map(byDay).joinedText(separator: ",")
        case .monthly:
            let keep = (1...31).contains(task.repeatDayOfMonth) ? task.repeatDayOfMonth : due.day
            guard keep > 28 else { return "FREQ=MONTHLY;BYMONTHDAY=" + String(keep) }
            let candidates = (28...keep).map(String.init).joinedText(separator: ",")
            return "FREQ=MONTHLY;BYMONTHDAY=" + candidates + ";BYSETPOS=-1"
        }
    }

    /// RFC 5545 TEXT escaping: backslash, semicolon, comma and newline (CRLF, CR or LF) are escaped;
    /// other control characters, which TEXT may not hold, are left out (a tab is kept).
    public static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line folded at `lineOctets` octets (RFC 5545 §3.1): each continuation starts with a
    /// space, which counts toward its 75, and no UTF-8 sequence is split. Folds fall between characters
    /// (grapheme clusters), so a combining mark stays with its letter; only a cluster too long for a line
    /// of its own is split, between its scalars. CRLFs are inserted between the pieces; the caller adds
    /// the last one.
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > lineOctets else { return line }
        var out = ""
        var used = 0
        func append(_ piece: Substring.UnicodeScalarView, size: Int) {
            if used + size > lineOctets {
                out += "\r\n "
                used = 1
            }
            out.unicodeScalars.append(contentsOf: piece)
            used += size
        }
        for character in line {
            let size = character.utf8.count
            if size < lineOctets {
                append(String(character)[...].unicodeScalars, size: size)
            } else {
                for scalar in character.unicodeScalars {
                    append(String(scalar)[...].unicodeScalars, size: UTF8.width(scalar))
                }
            }
        }
        return out
    }

    /// `YYYYMMDDTHHMMSSZ`, to the second (RFC 5545 DATE-TIME in UTC).
    public static func utcText(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = LocalDay(ordinal: LocalDay.floorDivide(seconds, LocalDay.secondsPerCivilDay))
        let inDay = seconds - day.ordinal * LocalDay.secondsPerCivilDay
        return dateText(day) + "T" + LocalDay.pad(inDay / 3600, 2) + LocalDay.pad(inDay / 60 % 60, 2)
            + LocalDay.pad(inDay % 60, 2) + "Z"
    }

    /// `YYYYMMDD` (RFC 5545 DATE).
    public static func dateText(_ day: LocalDay) -> String {
        LocalDay.pad(day.year, 4) + LocalDay.pad(day.month, 2) + LocalDay.pad(day.day, 2)
    }

    private static func byDay(_ weekday: Weekday) -> String {
        switch weekday {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }
}
