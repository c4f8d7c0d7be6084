import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Exchange · CSV export (X-3)")
struct ExchangeCSVTests {
    typealias F = ExchangeFixture

    @Test("X-3 a field is quoted only when it holds a comma, a double quote, CR or LF; quotes are doubled",
          arguments: [
              ("plain", "plain"),
              ("", ""),
              (" spaced ", " spaced "),
              ("a,b", "\"a,b\""),
              ("say \"hi\"", "\"say \"\"hi\"\"\""),
              ("\"", "\"\"\"\""),
              ("two\nlines", "\"two\nlines\""),
              ("dos\r\nline", "\"dos\r\nline\""),
              ("semi;colon", "semi;colon"),
              ("café ✓", "café ✓"),
          ])
    func quoting(_ raw: String, _ expected: String) {
        expectEqual(CSVExport.field(raw), expected)
        expectEqual(CSVExport.row([raw, "x"]), expected + ",x\r\n")
        expectEqual(F.parseCSV(CSVExport.row([raw, "x"])), [[raw, "x"]])
    }

    @Test("X-3 tasks: the header names the 19 columns, every record ends with CRLF, values read back exactly")
    func tasks() throws {
        let calendar = F.calendar("America/New_York")
        var full = F.task("Call \"the\" plumber, today", id: 1, due: "2026-03-05", importance: .high, repeat: .weekly,
                          weekdays: "1,5")
        full.notes = "Line one, with a comma\nLine two"
        full.effortMinutes = 45
        full.deferralCount = 2
        full.categoryID = F.id(99)
        full.region = .morning
        full.bucket = .complementary
        full.sortOrder = 1
        full.createdAt = F.utc("2026-03-01T14:05:09Z")
        var done = F.task("Filed", id: 2)
        done.effortMinutes = nil
        done.isCompleted = true
        done.completedAt = F.utc("2026-07-10T17:00:00Z")
        var dropped = F.task("Dropped", id: 3)
        dropped.droppedAt = F.utc("2026-01-03T12:00:00Z")
        let csv = CSVExport.tasks([full, done, dropped], categoryNames: [F.id(99): "Home"], calendar: calendar)

        expectTrue(csv.hasPrefix("id,title,notes,dueDate,effortMinutes,importance,isCompleted,completedAt,droppedAt,"
                              + "deferralCount,repeatKind,repeatWeekdays,repeatDayOfMonth,seriesID,createdAt,category,"
                              + "region,bucket,sortOrder\r\n"))
        expectTrue(csv.hasSuffix("\r\n"))
        let records = F.parseCSV(csv)
        expectEqual(records.count, 4)
        expectTrue(records.allSatisfy { $0.count == 19 })
        let header = records[0]
        func value(_ row: Int, _ column: String) -> String {
            records[row][header.firstIndex(of: column)!]
        }
        expectEqual(value(1, "id"), "00000000-0000-4000-8000-000000000001")
        expectEqual(value(1, "title"), "Call \"the\" plumber, today")
        expectEqual(value(1, "notes"), "Line one, with a comma\nLine two")
        expectEqual(value(1, "dueDate"), "2026-03-05")
        expectEqual(value(1, "effortMinutes"), "45")
        expectEqual(value(1, "importance"), "high")
        expectEqual(value(1, "isCompleted"), "false")
        expectEqual(value(1, "completedAt"), "")
        expectEqual(value(1, "deferralCount"), "2")
        expectEqual(value(1, "repeatKind"), "weekly")
        expectEqual(value(1, "repeatWeekdays"), "1,5")
        expectEqual(value(1, "repeatDayOfMonth"), "0")
        expectEqual(value(1, "seriesID"), F.id(1001).uuidString.lowercased())
        expectEqual(value(1, "createdAt"), "2026-03-01T09:05:09-05:00")
        expectEqual(value(1, "category"), "Home")
        expectEqual(value(1, "region"), "morning")
        expectEqual(value(1, "bucket"), "complementary")
        expectEqual(value(1, "sortOrder"), "1")
        expectEqual(value(2, "isCompleted"), "true")
        expectEqual(value(2, "completedAt"), "2026-07-10T13:00:00-04:00")
        expectEqual(value(2, "effortMinutes"), "")
        #expect(value(2, "dueDate") == "" && value(2, "seriesID") == "" && value(2, "category") == "")
        expectEqual(value(3, "droppedAt"), "2026-01-03T07:00:00-05:00")
        // The quoted fields, as written.
        expectContains(csv, ",\"Call \"\"the\"\" plumber, today\",\"Line one, with a comma\nLine two\",")
        expectContains(csv, ",\"1,5\",")
    }

    @Test("X-3 habits: one row a habit like Loop's Habits.csv, windows and targets in window order")
    func habits() {
        let created = F.utc("2026-01-01T08:00:00Z")
        let meds = Habit(id: F.id(1), title: "Medication", kind: .binary, schedule: .daily, createdAt: created)
        let water = Habit(id: F.id(2), title: "Water, 8 glasses", kind: .counted, schedule: .weekdays, createdAt: created)
        let run = Habit(id: F.id(3), title: "Running", kind: .timed, schedule: .timesPerWeek(3), isArchived: true,
                        createdAt: created)
        let windows: [UUID: [HabitWindow]] = [
            F.id(1): [HabitWindow(habitID: F.id(1), label: "Evening", target: 1, sortOrder: 1, createdAt: created),
                      HabitWindow(habitID: F.id(1), label: "Morning", target: 1, sortOrder: 0, createdAt: created)],
            F.id(2): [HabitWindow(habitID: F.id(2), target: 8, createdAt: created)],
            F.id(3): [HabitWindow(habitID: F.id(3), startMinute: 360, endMinute: 480, target: 30, createdAt: created)],
        ]
        let csv = CSVExport.habits([meds, water, run], windows: windows)
        let records = F.parseCSV(csv)
        expectEqual(records, [
            ["position", "id", "title", "kind", "frequency", "scheduledDays", "targetPerWeek", "windows", "targets",
             "isArchived"],
            ["1", F.id(1).uuidString.lowercased(), "Medication", "binary", "daily", "1,2,3,4,5,6,7", "0",
             "Morning;Evening", "1;1", "false"],
            ["2", F.id(2).uuidString.lowercased(), "Water, 8 glasses", "counted", "weekdays", "1,2,3,4,5", "0",
             "all day", "8", "false"],
            ["3", F.id(3).uuidString.lowercased(), "Running", "timed", "custom", "1,2,3,4,5,6,7", "3",
             "06:00-08:00", "30", "true"],
        ])
        expectEqual(csv.components(separatedBy: "\r\n").count, 5)
    }

    @Test("X-3 entries: one row a window's day with date, habit, window, amount, target and density state")
    func entries() {
        let created = F.utc("2026-01-01T08:00:00Z")
        let water = Habit(id: F.id(2), title: "Water", kind: .counted, createdAt: created)
        let window = HabitWindow(habitID: F.id(2), label: "Daytime", target: 8, createdAt: created)
        let rows: [(habit: Habit, window: HabitWindow, cell: DensityCell)] = [
            (water, window, DensityCell(date: F.day("2026-03-01"), state: .complete, amount: 8, target: 8, isDue: true)),
            (water, window, DensityCell(date: F.day("2026-03-02"), state: .partialLow, amount: 2, target: 8, isDue: true)),
            (water, window, DensityCell(date: F.day("2026-03-03"), state: .missed, amount: 0, target: 8, isDue: true)),
        ]
        let csv = CSVExport.entries(rows)
        let id = F.id(2).uuidString.lowercased()
        expectEqual(csv, "date,habitID,habit,window,amount,target,state\r\n"
                + "2026-03-01,\(id),Water,Daytime,8,8,complete\r\n"
                + "2026-03-02,\(id),Water,Daytime,2,8,partialLow\r\n"
                + "2026-03-03,\(id),Water,Daytime,0,8,missed\r\n")
        expectEqual(CSVExport.entries([]), "date,habitID,habit,window,amount,target,state\r\n")
    }
}
