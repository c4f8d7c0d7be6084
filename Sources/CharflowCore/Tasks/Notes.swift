import Foundation

/// A task's notes: lightweight markdown, a checklist that can be ticked, lines appended with a time.
///
/// Notes are stored as written. Checklists (`- [ ] item`, `- [x] item`), bold, italic, links and inline
/// code are the supported markup; headings, tables and images are not treated as such.
public enum Notes {
    public struct ChecklistItem: Sendable, Equatable {
        /// 1-based number in the order the items appear.
        public let number: Int
        public let isChecked: Bool
        public let text: String
        let line: Int
    }

    /// The checklist items in `notes`.
    public static func checklist(_ notes: String?) -> [ChecklistItem] {
        guard let notes else { return [] }
        var items: [ChecklistItem] = []
        for (index, line) in notes.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let (checked, text) = parseItem(line) {
                items.append(ChecklistItem(number: items.count + 1, isChecked: checked, text: text, line: index))
            }
        }
        return items
    }

    /// The notes with checklist item `number` ticked or unticked.
    public static func toggle(_ notes: String?, item number: Int) throws(PlannerError) -> String {
        let items = checklist(notes)
        guard let notes, let item = items.first(where: { $0.number == number }) else {
            throw .noChecklistItem(number, items.count)
        }
        var lines = notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var characters = Array(lines[item.line])
        // The box sits right after the indent and the bullet: "- [", so its mark is two past the bullet.
        let bullet = characters.firstIndex { $0 != " " && $0 != "\t" }!
        characters[bullet + 3] = item.isChecked ? " " : "x"
        lines[item.line] = String(characters)
        return lines.joinedText(separator: "\n")
    }

    /// The notes with one timestamped line added at the end ("2026-11-30 09:15 — Left a voicemail");
    /// what was there is never overwritten.
    public static func appending(_ text: String, to notes: String?, at instant: Date, calendar: PlannerCalendar) -> String {
        let stamp = calendar.calendarDay(at: instant).description + " " + calendar.timeOfDay(at: instant).description
        let line = stamp + " — " + text.trimmingWhitespace().replacingOccurrences(of: "\n", with: " ")
        guard let notes, !notes.isEmpty else { return line }
        return notes.hasSuffix("\n") ? notes + line : notes + "\n" + line
    }

    /// The notes a repeating task's next instance starts with (T-28): every checklist item unticked and
    /// the timestamped lines of the last occurrence's attempts (`appending`) left out; nil when nothing
    /// else was written.
    public static func forNextOccurrence(_ notes: String?) -> String? {
        guard let notes else { return nil }
        var kept: [String] = []
        for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
            if isAttemptLine(line) { continue }
            if parseItem(line)?.0 == true, let bullet = line.firstIndex(where: { $0 != " " && $0 != "\t" }) {
                var characters = Array(line)
                characters[line.distance(from: line.startIndex, to: bullet) + 3] = " "
                kept.append(String(characters))
            } else {
                kept.append(String(line))
            }
        }
        while let last = kept.last, last.trimmingWhitespace().isEmpty { kept.removeLast() }
        return kept.isEmpty ? nil : kept.joinedText(separator: "\n")
    }

    /// Whether `line` is one `appending` wrote: "2026-11-30 09:15 — …".
    static func isAttemptLine(_ line: Substring) -> Bool {
        let characters = Array(line.prefix(19))
        guard characters.count == 19 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15]
        return digits.allSatisfy { characters[$0].isASCII && characters[$0].isNumber }
            && characters[4] == "-" && characters[7] == "-" && characters[10] == " " && characters[13] == ":"
            && String(characters[16...18]) == " — "
    }

    private static func parseItem(_ line: Substring) -> (Bool, String)? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("- [") || trimmed.hasPrefix("* [") else { return nil }
        let rest = trimmed.dropFirst(3)
        guard let mark = rest.first, ["x", "X", " "].contains(mark), rest.dropFirst().first == "]" else { return nil }
        return (mark != " ", String(rest.dropFirst(2)).trimmingWhitespace())
    }
}
