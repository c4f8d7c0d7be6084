import CharflowCore
import CharflowStore
import Foundation

/// Read an anchor's attendance grid (rule F-6): weeks of days, each attended, missed, not marked or not
/// scheduled (today, not marked yet, is open), and the read in numbers under it. Never a streak.
public enum ReadAnchorGrid {
    public struct Input: Decodable, Sendable {
        public var anchor: AnchorRef
        /// Weeks shown, ending with this one; 12 when left out.
        public var weeks: GridWeeks?

        public init(anchor: AnchorRef, weeks: Int? = nil) {
            self.anchor = anchor
            self.weeks = weeks.map(GridWeeks.init)
        }
    }
}

/// An anchor's grid: its cells from the first day of the first week shown through today, and the read.
public struct AnchorGridReport: Report {
    public let anchor: Anchor
    public let cells: [AnchorCell]
    /// The first day of the oldest week shown.
    public let firstDay: LocalDay
    public let weeks: Int
    public let today: LocalDay
    public let calendar: PlannerCalendar
    public let read: String
    let shapes: AnchorJSON

    /// The anchor's object with `days` (`[{"date", "state"}]`) and `read`.
    public var json: JSONValue {
        guard case .object(var pairs) = shapes.anchor(anchor) else { return shapes.anchor(anchor) }
        pairs.append(("days", .array(cells.map(Self.cellJSON))))
        pairs.append(("read", .string(read)))
        return .object(pairs)
    }

    static func cellJSON(_ cell: AnchorCell) -> JSONValue {
        .object([("date", .string(cell.date.description)), ("state", .string(cell.state.rawValue))])
    }
}

extension Charflow {
    public func readAnchorGrid(_ input: ReadAnchorGrid.Input) throws -> AnchorGridReport {
        let anchor = try self.anchor(input.anchor)
        let weeks = input.weeks?.value ?? 12
        let firstDay = calendar.startOfWeek(containing: today).adding(days: -7 * (weeks - 1))
        let history = try anchorHistory(anchor, from: min(firstDay, today.adding(days: -AnchorRead.windowDays)))
        return AnchorGridReport(anchor: anchor, cells: history.cells(from: firstDay, through: today, today: today),
                                firstDay: firstDay, weeks: weeks, today: today, calendar: calendar,
                                read: AnchorRead.sentence(history, today: today), shapes: try anchorJSON())
    }
}
