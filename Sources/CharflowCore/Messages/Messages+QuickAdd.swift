/// The words for a quick-add line read without adding it (`charflow add --parse LINE --dry-run`).
extension Messages {
    /// One line per field the parse sets, the title first; the day a quick date names in brackets.
    public static func quickAdd(_ line: QuickAddLine, dueDate: LocalDay?, place: (Region, Bucket)? = nil) -> [String] {
        var lines = ["Title: \(line.title)"]
        if let importance = line.importance { lines.append("Importance: \(importance.rawValue)") }
        if let minutes = line.effortMinutes { lines.append("Effort: \(minutes) min") }
        if let word = line.dueWord {
            lines.append("Day: " + (dueDate.map { "\(word) (\($0))" } ?? word))
        }
        if let category = line.category { lines.append("Category: \(category)") }
        if let (region, bucket) = place { lines.append("Place: \(region.displayName) · \(bucket.displayName)") }
        lines.append("Nothing was added (dry run).")
        return lines
    }
}
