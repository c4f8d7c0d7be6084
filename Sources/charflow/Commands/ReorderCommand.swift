import CharflowApp

/// `charflow reorder ID --position N`: manual order inside one region's bucket.
enum ReorderCommand: Command {
    static let name = "reorder"
    static let usage = "charflow reorder ID --position N"
    static let summary = "Move a task to position N (from 1) within its bucket"
    static let options: Set<String> = ["position"]

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .reorder).reorder(context.request), verb: "Reordered", output: context.output)
    }
}
