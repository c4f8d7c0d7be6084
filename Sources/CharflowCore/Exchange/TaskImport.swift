import Foundation

/// One task read from another store's file, ready to be stored.
public struct ImportedTask: Sendable, Equatable {
    /// The task as Charflow keeps it. Annotations, contexts and the like are already in `task.notes`;
    /// `task.categoryID` is nil — the store resolves `category` by name.
    public var task: TaskItem
    /// The category name to file the task under (1–24 characters, trimmed), or nil.
    public var category: String?
    /// The annotation texts that were appended to `task.notes`, in order (for reports; nothing to do).
    public var annotations: [String]
    /// Where the task came from: "task 3" (Taskwarrior) or "line 4" (todo.txt).
    public var place: String
    /// Whether the file says when the task last changed; when not (a todo.txt line with no dates), its
    /// `modifiedAt` is only the import's time and must not win a merge against the store's copy.
    public var knowsWhenChanged: Bool
    /// What was made of this task's fields beyond a plain copy ("project Work.Reports filed under Work"),
    /// for a dry run's report per task.
    public var remarks: [String] = []

    public init(task: TaskItem, category: String? = nil, annotations: [String] = [], place: String,
                knowsWhenChanged: Bool = true) {
        self.task = task
        self.knowsWhenChanged = knowsWhenChanged
        self.category = category
        self.annotations = annotations
        self.place = place
    }
}

/// What an import did: how many tasks, which fields were mapped, and what was left behind.
///
/// Counts are per value: three tags dropped count 3, a priority mapped counts 1. Keys are the source's
/// field names (`priority`, `tags`, `annotations`, `contexts`), with the value where it explains the
/// loss (`recur 2w`).
public struct ImportSummary: Sendable, Equatable {
    public var imported: Int
    public var mapped: [String: Int]
    public var dropped: [String: Int]
    /// Whole records not imported, by why (`recurring template`).
    public var skipped: [String: Int]
    /// Items that could not be read, each with its place ("line 4", "task 3 (due)"): left out, and the
    /// rest imported (X-4).
    public var problems: [ImportError] = []

    public init(imported: Int = 0, mapped: [String: Int] = [:], dropped: [String: Int] = [:], skipped: [String: Int] = [:]) {
        self.imported = imported
        self.mapped = mapped
        self.dropped = dropped
        self.skipped = skipped
    }

    /// The mapping Charflow had to add: a medium or high task with no due date gets a day.
    public static let dueForImportance = "due added for priority"

    /// The summary in plain lines, keys in alphabetical order:
    /// `Imported 7 tasks.`, `Mapped: due 3, priority 4.`, `Dropped: recur 2w 1, tags 3.`,
    /// `Skipped: recurring template 1.` (lines with nothing to say are left out).
    public var lines: [String] {
        var lines = ["Imported \(imported) \(imported == 1 ? "task" : "tasks")."]
        func line(_ title: String, _ counts: [String: Int]) {
            let parts = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            if !parts.isEmpty { lines.append(title + ": " + parts.joinedText(separator: ", ") + ".") }
        }
        line("Mapped", mapped)
        line("Dropped", dropped)
        line("Skipped", skipped)
        for problem in problems.prefix(ImportSummary.shownProblems) {
            lines.append("Not imported: \(problem.place): \(problem.message).")
        }
        if problems.count > ImportSummary.shownProblems {
            lines.append("… and \(problems.count - ImportSummary.shownProblems) more not imported.")
        }
        return lines
    }

    /// How many unreadable items a refused import names one by one.
    public static let refusedPlaces = 10

    /// How many unreadable items the summary names one by one.
    public static let shownProblems = 20

    /// Keeps `error` as an item left out; the import goes on.
    mutating func leaveOut(_ error: ImportError) {
        problems.append(error)
    }

    /// Refuses the whole file when items were left out and none could be read: then the file is not
    /// what it claims to be, and its first problem says why.
    func refuseIfNothingRead(_ tasks: [ImportedTask]) throws(ImportError) {
        if tasks.isEmpty, let first = problems.first { throw first }
    }

    mutating func map(_ key: String, _ count: Int = 1) {
        if count > 0 { mapped[key, default: 0] += count }
    }

    mutating func drop(_ key: String, _ count: Int = 1) {
        if count > 0 { dropped[key, default: 0] += count }
    }

    mutating func skip(_ key: String) {
        skipped[key, default: 0] += 1
    }
}

/// Why an import was refused, and where: `place` is "file", "line 4" or "task 3 (due)".
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    public let place: String
    public let message: String

    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    /// "task 3 (due): …", as a person reads it.
    public var description: String { place + ": " + message }
}

/// The first look at an imported file: garbage is refused before any parsing.
public enum ImportGuard {
    /// The largest file an import reads: several times the biggest real backup or todo.txt, and small
    /// enough that parsing it stays within a desktop's memory.
    public static let maxBytes = 64 << 20

    /// Refuses a file of `size` bytes over `maxBytes`, before it is read.
    public static func checkSize(_ size: Int) throws(ImportError) {
        guard size <= maxBytes else {
            throw ImportError(place: "file", message: "is \(size >> 20) MB; Charflow imports files up to \(maxBytes >> 20) MB")
        }
    }

    /// The file as text: refused when it holds NUL bytes or is not UTF-8. A UTF-8 byte order mark is dropped.
    public static func text(_ data: Data) throws(ImportError) -> String {
        try checkSize(data.count)
        let hasNul = data.withUnsafeBytes { raw in
            raw.baseAddress.map { memchr($0, 0, raw.count) != nil } ?? false
        }
        if hasNul {
            throw ImportError(place: "file", message: "contains NUL bytes: this is not a text export")
        }
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(place: "file", message: "is not UTF-8 text")
        }
        return text
    }

    /// Refuses text holding NUL or other control characters (tab, CR and LF are fine).
    static func checkControls(_ text: some StringProtocol, place: String) throws(ImportError) {
        for scalar in text.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if scalar.value == 0 {
                throw ImportError(place: place, message: "contains NUL bytes: this is not a text export")
            }
            throw ImportError(place: place, message: "contains control characters: this is not a text export")
        }
    }
}

/// Rules both importers share.
enum ImportRules {
    /// A category name if `raw` fits one (trimmed, 1–24 characters, one line of plain text); nil otherwise.
    static func categoryName(_ raw: String) -> String? {
        let name = raw.trimmingWhitespace()
        guard TaskCategory.nameLength.contains(name.count), TextRules.firstUnfit(in: name) == nil else { return nil }
        return name
    }

    /// The lines of a file, split at LF only (a CR before it is left for trimming), as editors number them.
    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    /// Why `raw` cannot be a title once its ends are trimmed (a control or direction character inside it,
    /// `TextRules`); nil when it can.
    static func unfitTitle(_ raw: String) -> String? {
        guard let scalar = TextRules.firstUnfit(in: raw.trimmingWhitespace()) else { return nil }
        return "holds \(TextRules.describe(scalar.value)); a title is one line of plain text"
    }

    /// A title on one line: trimmed, inner runs of whitespace (newlines included) made one space.
    static func title(_ raw: String) -> String {
        raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Charflow's invariant: a medium or high task has a day. A live one gets `today`, a resolved one
    /// the day it was resolved; the summary counts each.
    static func ensureDayForImportance(_ task: inout TaskItem, calendar: PlannerCalendar, now: Date,
                                       summary: inout ImportSummary) {
        guard task.importance.isImportant, task.dueDate == nil else { return }
        let resolved = task.isCompleted ? task.completedAt : task.droppedAt
        task.dueDate = calendar.logicalDay(at: resolved ?? now)
        summary.map(ImportSummary.dueForImportance)
    }
}

/// A name-based UUID: the same name always gives the same id (version 5 bits, RFC 4122 variant).
///
/// SHA-1 is not in Foundation on Linux, so the 128 bits come from FNV-1a over the name, run twice
/// with different seeds and each finished with SplitMix64's mixer. Stable across runs and platforms.
public enum StableID {
    public static func uuid(_ name: String) -> UUID {
        let bytes = Array(name.utf8)
        let high = mix(fnv1a(bytes, seed: 0xCBF2_9CE4_8422_2325))
        let low = mix(fnv1a(bytes, seed: 0x8422_2325_CBF2_9CE4 ^ 0x9E37_79B9_7F4A_7C15))
        var b = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            b[i] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(i)))
            b[8 + i] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(i)))
        }
        b[6] = (b[6] & 0x0F) | 0x50
        b[8] = (b[8] & 0x3F) | 0x80
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                           b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    private static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
