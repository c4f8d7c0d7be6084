import CharflowApp
import CharflowCore
import CharflowStore

/// `charflow region NAME [--day D]`: one region's Must-Do, Complementary and Misc sections.
enum RegionCommand: Command {
    static let name = "region"
    static let usage = "charflow region morning|afternoon|evening [--day DATE-WORD] [--json]"
    static let summary = "One region in focus: Must-Do, Complementary, Misc"
    static let options: Set<String> = ["day"]

    static func run(_ context: Context) throws {
        guard let word = context.args.words.first else {
            throw UsageError(message: "Which region?\nUsage: \(usage)")
        }
        guard let region = Region(rawValue: word.lowercased()) else {
            throw PlannerError.invalidWord(what: "region", given: word, expected: "morning, afternoon or evening")
        }
        let planner = try context.planner()
        let day = try context.dateWord("day")?.resolve(today: planner.today, calendar: planner.calendar) ?? planner.today
        let card = try planner.board(on: day).card(region)
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        let output = context.output
        let lines = TaskLineRenderer(output: output)
        let lock = planner.settings.lockComplementary
        var text = [output.bold("\(region.displayName) · \(DayText.long(day))")
                    + "  \(card.progress.completed) of \(card.progress.total) done"]
        for bucket in Bucket.allCases {
            let tasks = card.tasks(in: bucket)
            text.append("")
            text.append(output.heading(bucket.displayName) + output.dim(" \(tasks.count)/\(bucket.limit)"))
            if tasks.isEmpty {
                text.append("  " + output.dim(bucket == .mustDo ? Messages.noMustDo : Messages.emptyBucket))
            }
            for task in tasks {
                let locked = lock && Board.isLocked(task, occupants: card.allTasks)
                text.append(lines.line(task, note: locked ? "locked" : nil))
            }
        }
        output.emit(text: text.joined(separator: "\n"), json: .object([
            ("region", .string(region.rawValue)),
            ("date", .string(day.description)),
            ("mustDo", render.tasks(card.mustDo)),
            ("complementary", render.tasks(card.complementary)),
            ("misc", render.tasks(card.misc)),
            ("progress", card.progress.json),
        ]))
    }
}
