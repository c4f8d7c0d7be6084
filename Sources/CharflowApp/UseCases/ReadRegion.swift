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
    /// The region's free and planned time that day (F-13, F-14).
    public let time: RegionTime
    /// The day's events and anchors whose start lies in the region, in time order (F-16).
    public let points: [FixedPoint]
    let times: DayTimeJSON

    public var json: JSONValue {
        .object([
            ("region", .string(region.rawValue)),
            ("date", .string(day.description)),
            ("mustDo", render.tasks(card.mustDo)),
            ("complementary", render.tasks(card.complementary)),
            ("misc", render.tasks(card.misc)),
            ("progress", card.progress.json),
        ] + times.regionFields(time) + [("fixedPoints", .array(points.map(times.point)))])
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
        let board = try board(on: day)
        let time = try dayTime(on: day, board: board)
        return RegionReport(region: input.region, day: day, card: board.card(input.region),
                            lockComplementary: settings.lockComplementary, render: try taskJSON(),
                            time: time.free.region(input.region), points: time.points(in: input.region),
                            times: DayTimeJSON(calendar: calendar))
    }
}
