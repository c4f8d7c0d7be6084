import CharflowApp
import CharflowCore

/// `charflow region NAME [--day D]`: one region's Must-Do, Complementary and Misc sections.
enum RegionCommand: TypedCommand {
    static let name = "region"
    typealias Input = ReadRegion.Input
    static let positions = ["region"]
    static let usage = "charflow region morning|afternoon|evening [--day DATE-WORD] [--json]"
    static let summary = "One region in focus: Must-Do, Complementary, Misc"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.readRegion(input)
        let output = context.output
        guard !output.json else { return output.emit(text: "", json: report.json) }
        let lines = TaskLineRenderer(output: output, categories: report.render.categories)
        let card = report.card
        var text = [output.bold("\(report.region.displayName) · \(DayText.long(report.day))")
                    + "  \(card.progress.completed) of \(card.progress.total) done"]
        text += DayTimeText(output: output, calendar: app.calendar).region(report.time, points: report.points)
        for bucket in Bucket.allCases {
            let tasks = card.tasks(in: bucket)
            text.append("")
            text.append(output.heading(bucket.displayName) + output.dim(" \(tasks.count)/\(bucket.limit)"))
            if tasks.isEmpty {
                text.append("  " + output.dim(bucket == .mustDo ? Messages.noMustDo : Messages.emptyBucket))
            }
            for task in tasks {
                text.append(lines.line(task, note: report.isLocked(task) ? "locked" : nil))
            }
        }
        output.emit(text: SessionChip.heading(text.joinedText(separator: "\n"), app: app, output: output), json: report.json)
    }
}
