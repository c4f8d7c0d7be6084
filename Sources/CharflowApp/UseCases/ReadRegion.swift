import CharflowCore
import CharflowStore
import Foundation

/// One region of a day's board in focus: its buckets in order, progress, and which tasks are locked.
public struct RegionReport: Report {
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

/// Read one region of a day's board in focus (B-19).
public enum ReadRegion {
    public struct Input: Decodable, Sendable {
        public var region: Region
        /// The day whose board (today's when none).
        public var day: QuickDate?

        public init(region: Region, day: QuickDate? = nil) {
            self.region = region
            self.day = day
        }
    }
}

extension Charflow {
    /// One region of today's board, or of the board of `day`.
    public func readRegion(_ input: ReadRegion.Input) throws -> RegionReport {
        let day = try input.day?.resolve(today: today, calendar: calendar) ?? today
        return RegionReport(region: input.region, day: day, card: try board(on: day).card(input.region),
                            lockComplementary: settings.lockComplementary, render: try taskJSON())
    }
}
