import CharflowCore
import Foundation

/// A conflict in a person's words (rule Y-24): "Title of 'Pay rent': your 'Pay rent today' was
/// replaced by 'Pay rent' from another device (3f2a1b9c), changed today at 09:02."
///
/// Values arrive as the merge keeps them (JSON, a task's placement as one object); each field says
/// its value the way the rest of Charflow does (a category by its name, a place as "Morning,
/// Must-Do, 1 Dec", a completion as "done").
enum ConflictWords {
    /// What the field is called: "Title", "Place", "Colour".
    static func what(table: String, field: String) -> String {
        switch (table, field) {
        case (_, "placement"): "Place"
        case (_, "effort_minutes"): "Effort"
        case (_, "is_completed"): "Done"
        case (_, "dropped_at"): "Dropped"
        case (_, "is_archived"): "Archived"
        case (_, "category_id"): "Category"
        case (_, "color_key"): "Colour"
        case (_, "repeat_kind"): "Repeat"
        case (_, "repeat_weekdays"): "Repeat days"
        case (_, "repeat_day_of_month"): "Repeat day of the month"
        default: capitalized(field.replacingOccurrences(of: "_", with: " "))
        }
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// One value of the field, as a person reads it.
    static func value(_ value: Any?, field: String, categories: [String: String]) -> String {
        let text = value as? String
        let number = (value as? NSNumber)?.intValue
        switch field {
        case "placement":
            return place(value as? [String: Any] ?? [:])
        case "is_completed":
            return number == 1 ? "done" : "not done"
        case "dropped_at":
            return text == nil ? "not dropped" : "dropped"
        case "is_archived":
            return number == 1 ? "archived" : "not archived"
        case "category_id":
            return text.map { "'\(categories[$0.lowercased()] ?? "a removed category")'" } ?? "no category"
        case "effort_minutes", "target":
            return number.map { field == "target" ? String($0) : "\($0) min" } ?? "none"
        case "importance", "repeat_kind", "color_key":
            return text ?? "none"
        default:
            if let text { return "'\(text)'" }
            return number.map(String.init) ?? "none"
        }
    }

    /// A task's placement: "Morning, Must-Do, 1 Dec", "the Backlog, 1 Dec", "Someday".
    static func place(_ fields: [String: Any]) -> String {
        let day = (fields["due_date"] as? String).flatMap { LocalDay($0) }.map(DayText.short)
        let region = (fields["region"] as? String).flatMap(Region.init(rawValue:))?.displayName
        let bucket = (fields["bucket"] as? String).flatMap(Bucket.init(rawValue:))?.displayName
        guard let day else { return "Someday" }
        guard let region else { return "the Backlog, \(day)" }
        return [region, bucket, day].compactMap { $0 }.joinedText(separator: ", ")
    }

    /// The whole sentence; `formerSelf` when the winner is this store under an id it had before it
    /// was restored (rule Y-14), which is no other device.
    static func sentence(what: String, name: String?, yours: String, theirs: String, device: String, when: String,
                         formerSelf: Bool = false) -> String {
        let of = name.map { " of '\($0)'" } ?? ""
        let source = formerSelf ? "this device before it was restored" : "another device"
        return "\(what)\(of): your \(yours) was replaced by \(theirs) from \(source) (\(device)), changed \(when)."
    }
}
