import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The application layer's JSON for a use case is the document the CLI prints with `--json` (rule A-1):
/// the same store and clock through both give the same bytes.
@Suite("Use cases and the CLI's JSON (A-1)")
struct UseCaseShapesTests {
    static let now = "2026-12-02T10:00"

    func store() throws -> (CharflowRunner, [String]) {
        let runner = try CharflowRunner(timeZone: "America/Los_Angeles")
        var ids: [String] = []
        ids.append(try runner.add("Proposal", ["--region", "morning", "--bucket", "must", "--effort", "60"], now: "2026-12-01T09:00"))
        ids.append(try runner.add("Emails", ["--region", "morning", "--bucket", "complementary"], now: "2026-12-01T09:01"))
        ids.append(try runner.add("Taxes", ["--due", "2026-12-01", "--importance", "high"], now: "2026-12-01T09:02"))
        ids.append(try runner.add("Someday", [], now: "2026-12-01T09:03"))
        try expectEqual(runner.run(["habit", "add", "Water", "--kind", "counted", "--target", "8"], now: "2026-12-01T09:04").status, 0)
        try expectEqual(runner.run(["habit", "log", "Water", "--count", "3"], now: "2026-12-01T09:05").status, 0)
        try expectEqual(runner.run(["begin", ids[0]], now: "2026-12-02T09:30").status, 0)
        return (runner, ids)
    }

    @Test("A-1: reads through their typed inputs give the CLI's --json document byte for byte")
    func readsMatch() throws {
        let (runner, ids) = try store()
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        let task = try TaskRef.reading(ids[0])
        let reads: [([String], (Charflow) throws -> JSONValue)] = [
            (["today"], { try $0.readToday().json }),
            (["backlog"], { try $0.backlog().json }),
            (["upcoming"], { try $0.readUpcoming().json }),
            (["list"], { try $0.readTaskList(ReadTaskList.Input()).json }),
            (["history", "yesterday"], { try $0.history(ReadHistory.Input(day: .yesterday)).json }),
            (["region", "morning"], { try $0.readRegion(ReadRegion.Input(region: .morning)).json }),
            (["status"], { try $0.sessionStatus().json }),
            (["category", "list"], { try $0.readCategories(ReadCategories.Input()).json }),
            (["settings"], { try $0.readSettings(ReadSettings.Input()).json }),
            (["plan", "review"], { try $0.planReview().json }),
            (["show", ids[0]], { try $0.showTask(ShowTask.Input(task: task)).json }),
        ]
        for (argv, read) in reads {
            let cli = try runner.run(argv + ["--json"], now: Self.now)
            expectEqual(cli.status, 0, "\(cli.stderr)")
            var environment = runner.environment()
            environment["LANG"] = runner.language
            let store = try StoreEnvironment(environment: environment, storeOption: nil)
            let app = try store.open(now: try StoreEnvironment.clock(Self.now, zone: store.timeZone))
            try expectEqual(read(app).rendered() + "\n", cli.stdout, "\(argv)")
        }
    }

    @Test("A-1: the habit reads through their typed inputs give the CLI's --json document byte for byte")
    func habitReadsMatch() throws {
        let (runner, _) = try store()
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        let reads: [([String], (Charflow) throws -> JSONValue)] = [
            (["habits"], { try $0.readHabits(ReadHabits.Input()).json }),
            (["habits", "--all"], { try $0.readHabits(ReadHabits.Input(all: true)).json }),
            (["habit", "grid", "Water"], { try $0.readHabitGrid(ReadHabitGrid.Input(habit: try HabitRef.reading("Water"))).json }),
            (["group", "list"], { try $0.readGroups().json }),
        ]
        for (argv, read) in reads {
            let cli = try runner.run(argv + ["--json"], now: Self.now)
            expectEqual(cli.status, 0, "\(cli.stderr)")
            var environment = runner.environment()
            environment["LANG"] = runner.language
            let store = try StoreEnvironment(environment: environment, storeOption: nil)
            let app = try store.open(now: try StoreEnvironment.clock(Self.now, zone: store.timeZone))
            try expectEqual(read(app).rendered() + "\n", cli.stdout, "\(argv)")
        }
    }
}
