import CharflowApp
import CharflowCore
import Foundation

/// One task as a line of an 80-column terminal: box, title, a note and its category, the short id on the right.
struct TaskLineRenderer {
    let output: Output
    /// Category names by id, so that a task's label shows in its row.
    var categories: [UUID: String] = [:]
    let width = 80

    init(output: Output, categories: [UUID: String] = [:]) {
        self.output = output
        self.categories = categories
    }

    func line(_ task: TaskItem, prefix: String = "  ", note: String? = nil) -> String {
        let box = task.isCompleted ? "[x]" : task.droppedAt != nil ? "[-]" : "[ ]"
        let label = task.categoryID.flatMap { categories[$0] }
        let notes = [note, label].compactMap { $0 }.joinedText(separator: " · ")
        let right = (notes.isEmpty ? "" : notes + "  ") + output.taskShortID(task.id)
        let used = TaskLineRenderer.columns(prefix) + TaskLineRenderer.columns(box) + 1 + TaskLineRenderer.columns(right)
        let title = TaskLineRenderer.fit(task.title, max(8, width - used - 2))
        let gap = Padding.spaces(max(2, width - used - TaskLineRenderer.columns(title)))
        let styledTitle = task.isCompleted || task.droppedAt != nil ? output.done(title) : title
        return prefix + box + " " + styledTitle + gap + output.dim(right)
    }

    /// `text` cut to `width` characters with an ellipsis, on one line.
    static func fit(_ text: String, _ width: Int) -> String {
        let flat = text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
            ? String(text.map { $0.isNewline ? " " : $0 }) : text
        return columns(flat) <= width ? flat : String(flat.prefix(width - 1)) + "…"
    }

    /// How many characters `text` has: its byte count when it is ASCII (one pass over the bytes),
    /// else the count of its characters, which walks grapheme breaks.
    static func columns(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? false
        return ascii ? text.utf8.count : text.count
    }

    /// A line with `left` and `right` pushed to the two edges.
    func spread(_ left: String, _ right: String, visibleLeft: Int? = nil) -> String {
        let used = (visibleLeft ?? left.count) + right.count
        return left + Padding.spaces(max(2, width - used)) + right
    }

    /// "due today", "overdue since 27 Nov", "due 3 Dec" for lists outside the board.
    static func dueNote(_ task: TaskItem, today: LocalDay) -> String? {
        guard let due = task.dueDate else { return nil }
        if due < today, task.isLive { return "overdue since \(DayText.short(due))" }
        return "due " + DayText.relative(due, today: today)
    }
}
