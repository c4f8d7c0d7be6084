import CharflowCore
import CharflowStore
import Foundation

/// Read a habit's density grid per window, with the sentence under it and today's progress. Reading
/// it writes nothing (rule A-2).
public enum ReadHabitGrid {
    public struct Input: Decodable, Sendable {
        public var habit: HabitRef
        /// Weeks shown, ending with this one.
        public var weeks: Int
        /// One window's label; nil for every window.
        public var window: String?

        enum CodingKeys: String, CodingKey {
            case habit, weeks, window
        }

        public init(habit: HabitRef, weeks: Int = 12, window: String? = nil) {
            self.habit = habit
            self.weeks = weeks
            self.window = window
        }

        public init(habit: UUID, weeks: Int = 12, window: String? = nil) {
            self.init(habit: HabitRef(habit), weeks: weeks, window: window)
        }

        /// The weeks are read first (`GridWeeks`, 12 when not given), then the habit and its window.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            weeks = try container.decodeIfPresent(GridWeeks.self, forKey: .weeks)?.value ?? 12
            habit = try container.decode(HabitRef.self, forKey: .habit)
            window = try container.decodeIfPresent(String.self, forKey: .window)
        }
    }
}

/// A habit's density grid per window, with the read and today's progress.
public struct HabitGridReport: Report {
    /// One window's grid.
    public struct Grid {
        public let window: HabitWindow
        public let cells: [DensityCell]
        public let read: String
        /// Today's amount, or this week's count for a weekly target.
        public let todayCell: DensityCell
        public let week: (done: Int, target: Int)?
    }

    public let habit: Habit
    public let grids: [Grid]
    public let firstDay: LocalDay
    public let weeks: Int
    public let today: LocalDay
    public let calendar: PlannerCalendar
    public let pause: HabitPause?
    public let json: JSONValue
}

extension Charflow {
    public func readHabitGrid(_ input: ReadHabitGrid.Input) throws -> HabitGridReport {
        let habit = try habit(input.habit)
        let windows = try input.window.map { [try window(of: habit, label: $0)] } ?? store.habitRecords.windows(of: habit.id)
        let firstDay = calendar.startOfWeek(containing: today).adding(days: -7 * (input.weeks - 1))
        var grids: [HabitGridReport.Grid] = []
        for window in windows {
            let history = try history(of: window, habit: habit, from: firstDay.adding(days: -DensityRead.windowDays),
                                              through: today)
            var week: (done: Int, target: Int)?
            if let schedule = history.schedule(on: today), schedule.isWeeklyTarget {
                week = history.weekProgress(containing: today, calendar: calendar)
            }
            grids.append(.init(window: window, cells: history.cells(from: firstDay, through: today, today: today),
                               read: DensityRead.sentence(history, today: today, calendar: calendar),
                               todayCell: history.cell(today, today: today), week: week))
        }
        let facts = try habitFacts(of: habit)
        return HabitGridReport(habit: habit, grids: grids, firstDay: firstDay, weeks: input.weeks, today: today,
                               calendar: calendar, pause: HabitPause.inForce(on: today, facts.pauses[habit.id] ?? []),
                               json: Self.gridJSON(habit, grids, facts: facts, calendar: calendar))
    }

    /// `habit grid --json`: the habit, each window's grid, and the first grid's days and read at the top.
    private static func gridJSON(_ habit: Habit, _ grids: [HabitGridReport.Grid], facts: HabitFacts,
                                 calendar: PlannerCalendar) -> JSONValue {
        let gridsJSON: [JSONValue] = grids.map { grid in
            .object([
                ("window", HabitJSON.window(grid.window)),
                ("days", .array(grid.cells.map { cell in
                    .object([("date", .string(cell.date.description)), ("state", .string(cell.state.rawValue)),
                             ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("isDue", .bool(cell.isDue)),
                             ("isHeld", .bool(cell.isHeld))])
                })),
                ("read", .string(grid.read)),
            ])
        }
        var object: [(String, JSONValue)] = []
        if case .object(let pairs) = HabitJSON.habit(habit, facts: facts, calendar: calendar) { object = pairs }
        object.append(("grids", .array(gridsJSON)))
        if case .object(let first) = gridsJSON.first {
            object += first.filter { $0.0 == "days" || $0.0 == "read" }
        }
        return .object(object)
    }
}
