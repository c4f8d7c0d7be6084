import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// `charflow group add NAME | list | archive NAME` (also as `charflow habit group ...`).
enum GroupCommand: Command {
    static let name = "group"
    static let usage = "charflow group list | add NAME | archive NAME"
    static let summary = "Habit groups: a ring for today, \"4/5 today\", and a 14-day strip"
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        try run(context.args.words, context)
    }

    static func run(_ words: [String], _ context: Context) throws {
        let planner = try context.planner()
        switch words.first ?? "list" {
        case "add":
            let group = try planner.addGroup(words.dropFirst().joined(separator: " "))
            context.output.emit(text: "Added group \(group.title).", json: .object([("id", .string(group.id.lowercasedText)),
                                                                               ("title", .string(group.title))]))
        case "archive":
            guard words.count >= 2 else { throw UsageError(message: "Usage: \(usage)") }
            let group = try planner.archiveGroup(words.dropFirst().joined(separator: " "))
            context.output.emit(text: "Archived group \(group.title); its habits stay.",
                                json: .object([("archived", .string(group.title))]))
        case "list":
            let renderer = DensityGridRenderer(output: context.output, environment: context.environment)
            var text = [context.output.bold("Groups")]
            var json: [JSONValue] = []
            for group in try planner.groups() {
                let summary = try planner.groupSummary(group)
                let strip = summary.days.map { day -> String in
                    guard let share = day.share else { return " " }
                    let state: DensityState = share >= 1 ? .complete : share >= 0.5 ? .partialHigh : share > 0 ? .partialLow : .empty
                    return renderer.glyph(DensityCell(date: day.date, state: state, amount: 0, target: 1, isDue: true))
                }.joined()
                text.append("  \(group.title)  \(summary.percentToday)%  \(summary.doneToday)/\(summary.dueToday) today  \(strip)")
                json.append(.object([
                    ("id", .string(group.id.lowercasedText)), ("title", .string(group.title)),
                    ("percentToday", .int(summary.percentToday)), ("doneToday", .int(summary.doneToday)),
                    ("dueToday", .int(summary.dueToday)),
                    ("days", .array(summary.days.map { .object([("date", .string($0.date.description)),
                                                                 ("share", $0.share.map { .int(Int(($0 * 100).rounded())) } ?? .null)]) })),
                ]))
            }
            context.output.emit(text: text.joined(separator: "\n"), json: .object([("groups", .array(json))]))
        default:
            throw UsageError(message: "Usage: \(usage)")
        }
    }
}
