import Foundation

/// The words for anchors and region hours (spec D22): the read under an anchor's grid and a reminder's line.
extension Messages {
    /// "Attended 18 of the last 21; 2 not marked." A number, never a streak (rule F-6).
    public static func anchorRead(_ numbers: AnchorRead.Numbers) -> String {
        guard numbers.scheduled > 0 else {
            return "No past day to read yet."
        }
        var parts = [numbers.wholeWindow
            ? "Attended \(numbers.attended) of the last \(numbers.scheduled)"
            : "Attended \(numbers.attended) of \(numbers.scheduled) so far"]
        if numbers.missed > 0 { parts.append("\(numbers.missed) missed") }
        if numbers.notMarked > 0 { parts.append("\(numbers.notMarked) not marked") }
        return parts.joinedText(separator: "; ") + "."
    }

    /// A reminder of an anchor: "Standup at 09:30".
    public static func anchorReminder(_ title: String, at time: TimeOfDay) -> String {
        "\(title) at \(time)"
    }

    /// What a mark did, for the line after `anchor attend` or `anchor miss`: "Standup on 2026-03-27: attended."
    public static func anchorMarked(_ title: String, day: LocalDay, today: LocalDay, outcome: AnchorOutcome, changed: Bool) -> String {
        let when = day == today ? "today" : day == today.adding(days: -1) ? "yesterday" : "on \(day)"
        let state = outcome == .attended ? "attended" : "missed"
        return changed ? "“\(title)” \(when): \(state)." : "“\(title)” \(when) was already marked \(state)."
    }
}
