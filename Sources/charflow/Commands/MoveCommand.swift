import CharflowCore
import CharflowStore

/// `charflow move ID --region R [--bucket B] [--day D]`, `move ID --bucket B`, `move ID --backlog`.
enum MoveCommand: Command {
    static let name = "move"
    static let usage = "charflow move ID --region morning|afternoon|evening [--bucket B] [--day DATE] | move ID --bucket B | move ID --backlog"
    static let summary = "Place a task in a region or bucket, or take it to the Backlog"
    static let options: Set<String> = ["region", "bucket", "backlog", "day"]

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let region = try context.region()
        let bucket = try context.bucket()
        let day = try context.dateWord("day")
        let toBacklog = context.args.has("backlog")
        if toBacklog, region != nil || bucket != nil || day != nil {
            throw UsageError(message: "--backlog takes no region, bucket or day.\nUsage: \(usage)")
        }
        guard toBacklog || region != nil || bucket != nil else {
            throw UsageError(message: "Where to? Give --region, --bucket or --backlog.\nUsage: \(usage)")
        }
        let planner = try context.planner()
        let task = toBacklog ? try planner.moveToBacklog(word)
            : try planner.move(word, region: region, bucket: bucket, day: day)
        try TaskReport.changed(task, verb: "Moved", planner: planner, context: context)
    }
}

/// `charflow reorder ID --position N`: manual order inside one region's bucket.
enum ReorderCommand: Command {
    static let name = "reorder"
    static let usage = "charflow reorder ID --position N"
    static let summary = "Move a task to position N (from 1) within its bucket"
    static let options: Set<String> = ["position"]

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        guard let text = context.args.value("position") else {
            throw UsageError(message: "Which position? Give --position N.\nUsage: \(usage)")
        }
        guard let position = try WholeNumber.parse(text, what: "--position", in: WholeNumber.position) else {
            throw UsageError(message: "--position takes a whole number, not '\(text)'.")
        }
        let planner = try context.planner()
        try planner.reorder(word, to: position)
        let task = try planner.task(matching: word)
        try TaskReport.changed(task, verb: "Reordered", planner: planner, context: context)
    }
}
