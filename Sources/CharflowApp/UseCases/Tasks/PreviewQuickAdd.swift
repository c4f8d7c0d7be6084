import CharflowCore

/// A quick-add line as read on this call's day: the parse, with its quick date resolved (rule W-9).
///
/// `charflow add --parse LINE --dry-run` prints it, the page shows it while the user types, and
/// `AddTask.Input` fills the add's options from its tokens.
public struct QuickAddReport: Report {
    public let line: QuickAddLine
    /// The day the quick date names today; nil for none or Someday.
    public let dueDate: LocalDay?
    /// Where the add would put the task: its region and bucket on a board, both nil off the board.
    public var region: Region? = nil
    public var bucket: Bucket? = nil

    public var json: JSONValue {
        .object([
            ("title", .string(line.title)),
            ("importance", .optional(line.importance?.rawValue)),
            ("effortMinutes", .optional(line.effortMinutes)),
            ("due", .optional(line.dueWord)),
            ("dueDate", .optional(dueDate?.description)),
            ("category", .optional(line.category)),
            ("region", .optional(region?.rawValue)),
            ("bucket", .optional(bucket?.rawValue)),
            ("tokens", .array(line.tokens.map { token in
                .object([("kind", .string(token.kind.rawValue)), ("text", .string(token.text)), ("value", .string(token.value))])
            })),
        ])
    }
}

extension Charflow {
    /// Reads the input's `parse` line as of today, changing nothing.
    ///
    /// It refuses exactly what the add of the same input would (an important task sent to Someday,
    /// a category that is unknown or archived, an option or a title beside the line, a full
    /// bucket), so a preview never promises an add that is then refused.
    public func previewQuickAdd(_ input: AddTask.Input) throws -> QuickAddReport {
        guard let line = input.parse else { throw UsageRefusal.missingOption("parse") }
        let task = try judgeAdd(input)
        return QuickAddReport(line: line, dueDate: try line.due?.resolve(today: today, calendar: calendar),
                              region: task.region, bucket: task.bucket)
    }
}
