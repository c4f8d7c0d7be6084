import CharflowCore
import CharflowStore
import Foundation

/// One region of a day's board in focus: its buckets in order, progress, and which tasks are locked.
public struct RegionReport {
    public let region: Region
    public let day: LocalDay
    public let card: RegionCard
    public let lockComplementary: Bool
    public let render: TaskJSON

    public var json: JSONValue {
        .object([
            ("region", .string(region.rawValue)),
            ("date", .string(day.description)),
            ("mustDo", render.tasks(card.mustDo)),
            ("complementary", render.tasks(card.complementary)),
            ("misc", render.tasks(card.misc)),
            ("progress", card.progress.json),
        ])
    }

    /// Whether a task waits for the region's open Must-Do (spec D9).
    public func isLocked(_ task: TaskItem) -> Bool {
        Board.isLocked(task, occupants: card.allTasks, lockComplementary: lockComplementary)
    }
}

extension Charflow {
    /// One region (the first word) of today's board, or of the board of `--day`.
    public func region(_ request: Request) throws -> RegionReport {
        let region = try Request.region(try request.subject("region"))
        let day = try request.dateWord("day")?.resolve(today: today, calendar: calendar) ?? today
        return RegionReport(region: region, day: day, card: try board(on: day).card(region),
                            lockComplementary: settings.lockComplementary, render: try taskJSON())
    }
}
