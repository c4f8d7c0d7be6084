import Foundation

/// Tasks from Taskwarrior's `task export`.
///
/// Reads the JSON array `task export` writes, or one object a line (older exports and `task export`
/// piped through line tools). Mapping:
/// - `uuid` → id (kept, so importing again merges); `description` → title (required);
/// - `status` pending/waiting → live, completed → done at `end`, deleted → dropped at `end` (or
///   `modified`); a `recurring` template is skipped (its pending instances are the tasks);
/// - `entry` → createdAt, `modified` → modifiedAt, `due` → the calendar date of that instant in the
///   user's zone (Taskwarrior stores a plain date as local midnight);
/// - `priority` H/M/L → high/medium/low (a medium or high task with no due date gets a day);
/// - `project` → category when it fits a category name; `tags` are dropped, unless there is no usable
///   project, when the first tag that fits becomes the category;
/// - `annotations` → timestamped note lines (`Notes.appending`, at the annotation's time);
/// - `recur` daily/weekly/monthly (and `1d`, `day`, `1w`, `week`, `1mo`, `month`) → the repeat, weekly on
///   the due date's weekday, monthly on its day; the series is the template (`parent`), else the task.
///   Other periods are dropped and counted.
/// Anything else is dropped and counted, except the fields Taskwarrior derives (`id`, `urgency`, `mask`,
/// `imask`). A task with wrong types, an empty description, an unknown status or priority or an
/// impossible date is left out and named in the summary (task, 1-based, and field); the rest are
/// imported. Broken JSON, or a file none of whose tasks can be read, is refused whole.
public enum TaskwarriorImport {
    public static func parse(_ data: Data, calendar: PlannerCalendar, now: Date) throws(ImportError)
        -> (tasks: [ImportedTask], summary: ImportSummary) {
        let text = try ImportGuard.text(data)
        var summary = ImportSummary()
        var tasks: [ImportedTask] = []
        var seen: [UUID: Int] = [:]
        try eachRecord(text) { offset, object in
            let index = offset + 1
            // A task that cannot be read is left out and named; the rest of the export is imported.
            do throws(ImportError) {
                guard let imported = try task(object, index: index, calendar: calendar, now: now, summary: &summary) else {
                    return
                }
                if let first = seen[imported.task.id] {
                    throw ImportError(place: "task \(index) (uuid)", message: "the same uuid as task \(first)")
                }
                seen[imported.task.id] = index
                tasks.append(imported)
            } catch {
                summary.leaveOut(error)
            }
        }
        try summary.refuseIfNothingRead(tasks)
        // One live instance per series (T-28): of several pending children of one recurrence, the one
        // due first is kept; the later ones come round again from it.
        var liveBySeries: [UUID: Int] = [:]
        var later = Set<Int>()
        for (position, item) in tasks.enumerated() where item.task.isLive && item.task.isRepeating {
            guard let series = item.task.seriesID else { continue }
            if let other = liveBySeries[series] {
                let keepOther = (tasks[other].task.dueDate ?? .supported.upperBound) <= (item.task.dueDate ?? .supported.upperBound)
                later.insert(keepOther ? position : other)
                if !keepOther { liveBySeries[series] = position }
            } else {
                liveBySeries[series] = position
            }
        }
        for position in later.sorted() {
            summary.leaveOut(ImportError(place: tasks[position].place, message: "a later pending instance of a recurrence; Charflow keeps one live instance and makes the next when it is done"))
        }
        tasks = tasks.enumerated().filter { !later.contains($0.offset) }.map(\.element)
        summary.imported = tasks.count
        return (tasks, summary)
    }

    /// Parses Taskwarrior's `YYYYMMDDTHHMMSSZ` (UTC); nil for any other form, an impossible date or one
    /// outside the years Charflow keeps (1900 to 2999).
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { ASCIIDigits.number(bytes, range) }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second < 60,
              let civil = LocalDay(year: year, month: month, day: day), civil.isSupported else { return nil }
        let seconds = civil.ordinal * LocalDay.secondsPerCivilDay + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// `recur` values read as Charflow repeats.
    static let recurKinds: [String: RepeatKind] = [
        "daily": .daily, "day": .daily, "1d": .daily, "1day": .daily, "p1d": .daily,
        "weekly": .weekly, "week": .weekly, "1w": .weekly, "1wk": .weekly, "1week": .weekly, "p1w": .weekly,
        "monthly": .monthly, "month": .monthly, "1mo": .monthly, "1month": .monthly, "p1m": .monthly,
    ]

    /// Fields Taskwarrior computes or uses for its own bookkeeping: nothing is lost by leaving them.
    static let derivedFields: Set<String> = ["id", "urgency", "mask", "imask"]
    /// Fields read below.
    static let readFields: Set<String> = [
        "uuid", "description", "status", "entry", "modified", "end", "due", "priority", "project", "tags",
        "annotations", "recur", "parent",
    ]
    /// Taskwarrior's other date fields: not kept, but a malformed one still marks a broken file.
    static let otherDateFields = ["wait", "scheduled", "until", "start"]

    // MARK: - The document

    /// Hands `body` each task object of the export with its offset, in order.
    ///
    /// The array `task export` writes is read one element at a time (its elements found by their
    /// brackets first), so the memory an import needs grows with the tasks it keeps, not with a whole
    /// file of parsed objects at once: a 40 MB export of tasks that cannot be read no longer needs a
    /// gigabyte. Anything else goes through `records`, which also words every broken file.
    static func eachRecord(_ text: String, _ body: (Int, [String: Any]) -> Void) throws(ImportError) {
        var utf8 = text
        let streamed: Result<Bool, ImportError> = utf8.withUTF8 { buffer in
            guard let elements = arrayElements(buffer) else { return .success(false) }
            for (offset, range) in elements.enumerated() {
                let element = Data(UnsafeBufferPointer(rebasing: buffer[range]))
                guard let value = try? JSONSerialization.jsonObject(with: element, options: [.fragmentsAllowed]) else {
                    return .failure(brokenArray(text))
                }
                guard let object = value as? [String: Any] else {
                    return .failure(notATask(item: offset + 1, value))
                }
                body(offset, object)
            }
            return .success(true)
        }
        switch streamed {
        case .success(true): return
        case .failure(let error): throw error
        case .success(false):
            for (offset, object) in try records(text).enumerated() { body(offset, object) }
        }
    }

    /// The byte ranges of the elements of the JSON array `bytes` holds (whitespace around it allowed),
    /// found by brackets, strings and commas alone; nil when `bytes` is not shaped as one such array.
    /// An element is not checked here: each is parsed on its own.
    static func arrayElements(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var at = 0
        while at < bytes.count, isSpace(bytes[at]) { at += 1 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return nil }
        at += 1
        var elements: [Range<Int>] = []
        var start = at, depth = 0, inString = false, escaped = false
        while at < bytes.count {
            let byte = bytes[at]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]") where depth == 0:
                    let last = start..<at
                    if !elements.isEmpty || last.contains(where: { !isSpace(bytes[$0]) }) { elements.append(last) }
                    at += 1
                    while at < bytes.count, isSpace(bytes[at]) { at += 1 }
                    return at == bytes.count ? elements : nil
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    guard depth > 0 else { return nil }
                    depth -= 1
                case UInt8(ascii: ",") where depth == 0:
                    elements.append(start..<at)
                    start = at + 1
                default:
                    break
                }
            }
            at += 1
        }
        return nil
    }

    /// The task objects of the export, in order.
    static func records(_ text: String) throws(ImportError) -> [[String: Any]] {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return [] }
        let whole: Any
        do {
            whole = try JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [.fragmentsAllowed])
        } catch {
            if trimmed.hasPrefix("{") { return try objectPerLine(text) }
            if trimmed.hasPrefix("[") { throw brokenArray(text) }
            throw ImportError(place: "file", message: "is not JSON: expected a Taskwarrior export (`task export`)")
        }
        if let array = whole as? [Any] {
            return try array.enumerated().map { (offset, item) throws(ImportError) in
                guard let object = item as? [String: Any] else {
                    throw notATask(item: offset + 1, item)
                }
                return object
            }
        }
        if let object = whole as? [String: Any] {
            guard object["description"] != nil || object["uuid"] != nil else {
                throw ImportError(place: "file", message: "is a JSON object without a description or uuid, not a "
                                  + "Taskwarrior export (an array of task objects)")
            }
            return [object]
        }
        throw ImportError(place: "file", message: "is \(kind(of: whole)) in JSON, not a Taskwarrior export "
                          + "(an array of task objects)")
    }

    /// The refusal of an array's `item` (1-based) that is no task object.
    static func notATask(item: Int, _ value: Any) -> ImportError {
        ImportError(place: "file", message: "item \(item) is \(kind(of: value)), not a task object; expected a Taskwarrior "
                    + "export (an array of task objects)")
    }

    /// One JSON object a line (a trailing comma tolerated), as older exports write them.
    static func objectPerLine(_ text: String) throws(ImportError) -> [[String: Any]] {
        var objects: [[String: Any]] = []
        for (offset, raw) in ImportRules.lines(text).enumerated() {
            var line = raw.trimmingWhitespace()
            if line.hasSuffix(",") { line.removeLast() }
            guard !line.isEmpty else { continue }
            let place = "line \(offset + 1)"
            let value: Any
            do {
                value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            } catch {
                throw ImportError(place: place, message: "is not valid JSON; expected one task object a line")
            }
            guard let object = value as? [String: Any] else {
                throw ImportError(place: place, message: "is \(kind(of: value)), not a task object")
            }
            objects.append(object)
        }
        return objects
    }

    // MARK: - One task

    /// The task of one object, or nil for a recurring template (counted as skipped).
    static func task(_ object: [String: Any], index: Int, calendar: PlannerCalendar, now: Date,
                     summary: inout ImportSummary) throws(ImportError) -> ImportedTask? {
        let fields = Fields(object: object, index: index)
        let status = try fields.string("status") ?? "pending"
        guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(status) else {
            throw fields.error("status", "unknown status \"\(status)\"; expected pending, waiting, completed, "
                               + "deleted or recurring")
        }
        guard let rawTitle = try fields.string("description") else {
            throw fields.error("description", "missing: every task needs a description")
        }
        if let why = ImportRules.unfitTitle(rawTitle) { throw fields.error("description", why) }
        let title = ImportRules.title(rawTitle)
        guard !title.isEmpty else { throw fields.error("description", "is empty: every task needs a description") }
        guard title.count <= TaskText.maxTitleLength else {
            throw fields.error("description", "has \(title.count) characters; a title is at most \(TaskText.maxTitleLength)")
        }
        let entry = try fields.date("entry")
        let modified = try fields.date("modified")
        let end = try fields.date("end")
        let due = try fields.date("due")
        for key in otherDateFields { _ = try fields.date(key) }
        let until = try fields.date("until")
        let priority = try fields.string("priority")
        let importance: Importance?
        switch priority {
        case nil, "": importance = nil
        case "H": importance = .high
        case "M": importance = .medium
        case "L": importance = .low
        case let other?: throw fields.error("priority", "unknown priority \"\(other)\"; expected H, M or L")
        }
        let project = try fields.string("project")
        let tags = try fields.strings("tags")
        let annotations = try fields.annotations()
        let recur = try fields.string("recur")
        let parent = try fields.uuid("parent")
        let uuid = try fields.uuid("uuid")

        if status == "recurring" {
            summary.skip("recurring template")
            return nil
        }

        let id = uuid ?? StableID.uuid("taskwarrior:" + rawTitle + "|" + (entry.map(ICalendarExport.utcText) ?? ""))
        let createdAt = entry ?? modified ?? now
        var task = TaskItem(id: id, title: title, effortMinutes: nil, createdAt: createdAt,
                            modifiedAt: modified ?? end ?? createdAt)
        switch status {
        case "completed":
            task.isCompleted = true
            task.completedAt = end ?? modified ?? createdAt
        case "deleted":
            task.droppedAt = end ?? modified ?? now
        default:
            break
        }
        var kept: [String] = []
        var remarks: [String] = []
        if let due {
            task.dueDate = calendar.calendarDay(at: due)
            summary.map("due")
            // Charflow keeps a day, not a time: a due time is said, and kept in the notes.
            let time = calendar.timeOfDay(at: due)
            if time != TimeOfDay(hour: 0, minute: 0)! {
                kept.append("Due at \(time) in Taskwarrior.")
                remarks.append("due time \(time) kept in the notes")
                summary.drop("due time (kept in notes)")
            }
        }

        if let importance {
            task.importance = importance
            summary.map("priority")
        }
        ImportRules.ensureDayForImportance(&task, calendar: calendar, now: now, summary: &summary)

        // A project hierarchy files under its top project (`Work.Reports` under Work); the full name,
        // and a project that cannot be a category, stay in the notes. Tags are not categories: they
        // are kept in the notes as `+tag`s.
        var category: String?
        if let project {
            let top = String(project.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
            if let name = ImportRules.categoryName(top) {
                category = name
                summary.map("project")
                if top != project {
                    kept.append("Project: \(project)")
                    remarks.append("project \(project) filed under \(name)")
                }
            } else {
                kept.append("Project: \(project)")
                remarks.append("project \(project) kept in the notes")
                summary.drop("project (kept in notes)")
            }
        }
        if !tags.isEmpty {
            kept.append("Tags: " + tags.map { "+" + $0 }.joinedText(separator: " "))
            remarks.append("tags kept in the notes")
            summary.map("tags (kept in notes)", tags.count)
        }

        for annotation in annotations {
            task.notes = Notes.appending(annotation.text, to: task.notes, at: annotation.at ?? createdAt,
                                         calendar: calendar)
        }
        summary.map("annotations", annotations.count)

        if let recur {
            let key = recur.trimmingWhitespace().lowercased()
            if key == "weekdays", task.dueDate != nil {
                task.repeatKind = .weekly
                task.repeatWeekdays = "1,2,3,4,5"
                task.seriesID = parent ?? id
                summary.map("recur")
            } else if let kind = recurKinds[key], let day = task.dueDate {
                task.repeatKind = kind
                if kind == .weekly { task.repeatWeekdays = String(day.weekday.isoNumber) }
                if kind == .monthly { task.repeatDayOfMonth = day.day }
                task.seriesID = parent ?? id
                summary.map("recur")
            } else if recurKinds[key] != nil {
                summary.drop("recur without due")
            } else {
                summary.drop("recur " + recur)
            }
        }

        // Charflow's repeats have no end date: the end is said and kept, not silently made endless.
        if let until, task.isRepeating {
            kept.append("Repeats until \(calendar.calendarDay(at: until)) in Taskwarrior; here it repeats until you stop it.")
            remarks.append("repeats without its end date (kept in the notes)")
            summary.drop("until (kept in notes)")
        }
        if !kept.isEmpty {
            task.notes = (task.notes.map { $0 + "\n" } ?? "") + kept.joinedText(separator: "\n")
        }
        for key in object.keys where !readFields.contains(key) && !derivedFields.contains(key)
            && !(key == "until" && task.isRepeating) {
            summary.drop(key)
        }
        var imported = ImportedTask(task: task, category: category, annotations: annotations.map(\.text),
                                    place: "task \(index)", knowsWhenChanged: entry != nil || modified != nil || end != nil)
        imported.remarks = remarks
        return imported
    }

    /// Typed reads of one task object's fields; a wrong type is an error naming the task and field.
    struct Fields {
        let object: [String: Any]
        let index: Int
        /// Prepended to field names in errors: "annotations 2 " for an annotation's fields.
        var within = ""

        func error(_ field: String, _ message: String) -> ImportError {
            ImportError(place: "task \(index) (\(within)\(field))", message: message)
        }

        /// nil when absent or null.
        func value(_ key: String) -> Any? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            return value
        }

        func string(_ key: String) throws(ImportError) -> String? {
            guard let value = value(key) else { return nil }
            guard let text = value as? String else {
                throw error(key, "expected text, found \(TaskwarriorImport.kind(of: value))")
            }
            return text
        }

        func date(_ key: String) throws(ImportError) -> Date? {
            guard let text = try string(key) else { return nil }
            guard let date = TaskwarriorImport.date(text) else {
                throw error(key, "\"\(text)\" is not a date: expected a real date as YYYYMMDDTHHMMSSZ")
            }
            return date
        }

        func uuid(_ key: String) throws(ImportError) -> UUID? {
            guard let text = try string(key) else { return nil }
            guard let uuid = UUID(uuidString: text) else { throw error(key, "\"\(text)\" is not a UUID") }
            return uuid
        }

        func strings(_ key: String) throws(ImportError) -> [String] {
            guard let value = value(key) else { return [] }
            guard let items = value as? [Any] else {
                throw error(key, "expected a list of text, found \(TaskwarriorImport.kind(of: value))")
            }
            var texts: [String] = []
            for item in items {
                guard let text = item as? String else {
                    throw error(key, "expected a list of text, found \(TaskwarriorImport.kind(of: item)) in it")
                }
                texts.append(text)
            }
            return texts
        }

        func annotations() throws(ImportError) -> [(text: String, at: Date?)] {
            guard let value = value("annotations") else { return [] }
            guard let items = value as? [Any] else {
                throw error("annotations", "expected a list of annotations, found \(TaskwarriorImport.kind(of: value))")
            }
            var notes: [(text: String, at: Date?)] = []
            for (offset, item) in items.enumerated() {
                let field = "annotations \(offset + 1)"
                guard let annotation = item as? [String: Any] else {
                    throw error(field, "expected an object, found \(TaskwarriorImport.kind(of: item))")
                }
                let inner = Fields(object: annotation, index: index, within: field + " ")
                let at = try inner.date("entry")
                guard let text = try inner.string("description"), !text.trimmingWhitespace().isEmpty else {
                    throw inner.error("description", "missing or empty")
                }
                notes.append((text, at))
            }
            return notes
        }
    }

    /// "a number", "a list", … for messages about a JSON value of the wrong type.
    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "text"
        case is [Any]: "a list"
        case is [String: Any]: "an object"
        case is NSNumber, is Bool, is Int, is Double: "a number or true/false"
        default: "a value of another kind"
        }
    }

    /// Where a JSON array that does not parse went wrong. `task export` writes one task a line between
    /// the brackets, so when the first task line reads on its own, the first line that does not is the
    /// one at fault; otherwise (or when every line reads) the file is named as a whole.
    static func brokenArray(_ text: String) -> ImportError {
        var sawGoodLine = false
        var lacksComma: Int?
        for (offset, raw) in ImportRules.lines(text).enumerated() {
            var line = Substring(raw.trimmingWhitespace())
            if line.hasPrefix("[") { line = line.dropFirst() }
            if line.hasSuffix("]") { line = line.dropLast() }
            line = Substring(line.trimmingWhitespace())
            let hasComma = line.hasSuffix(",")
            if hasComma { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            let value = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            if value is [String: Any] {
                if let number = lacksComma {
                    return ImportError(place: "line \(number)", message: "is not valid JSON: a comma is missing after it")
                }
                lacksComma = hasComma ? nil : offset + 1
                sawGoodLine = true
                continue
            }
            guard sawGoodLine else { break }
            return ImportError(place: "line \(offset + 1)", message: "is not valid JSON; expected one task object")
        }
        return ImportError(place: "file", message: sawGoodLine
            ? "is not valid JSON: it ends early or its brackets do not match"
            : "is not valid JSON; expected a Taskwarrior export (`task export`)")
    }
}
