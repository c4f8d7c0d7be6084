import CharflowCore
import CharflowStore
import Foundation

/// `charflow-bench`: the benchmark's helper. `generate` writes a realistic store; `floor` is the
/// open-and-SELECT floor every `charflow` command is measured against; `hub-floor` is the PostgreSQL
/// floor `charflow sync` is measured against (see bench/README.md).
let usage = """
    charflow-bench generate --out PATH [--tasks N] [--seed S] [--now YYYY-MM-DDTHH:MM] [--live N] [--series N]
                            [--history-days N] [--habit-years N] [--force]
        Writes a store of N tasks (default 10000) plus 20 habits of history; prints a JSON summary
        (row counts, the clock, ids the benchmark acts on). --now is UTC (default 2026-03-04T09:00).
    charflow-bench floor PATH
        Opens PATH with CharflowStore's Database and runs one indexed SELECT: the process floor.
    charflow-bench hub-floor URL [--round-trips N] [--lazy] [--store PATH]
        Loads libpq, connects to URL and runs SELECT 1: the process floor of a sync. With --round-trips,
        also times loading libpq, the connection and N more SELECT 1 round trips inside the process
        (JSON, ms). --lazy loads libpq with RTLD_LAZY instead of charflow's RTLD_NOW. --store first
        opens PATH and runs floor's SELECT: a store and a hub, the least a sync can cost.
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

func parseGenerate(_ argv: ArraySlice<String>) -> GeneratorConfig {
    var config = GeneratorConfig()
    var index = argv.startIndex
    func value(_ name: String) -> String {
        index += 1
        guard index < argv.endIndex else { fail("\(name) needs a value\n\(usage)") }
        return argv[index]
    }
    func number(_ name: String) -> Int {
        let text = value(name)
        guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number >= 0 else {
            fail("\(name): not a number: \(text)")
        }
        return number
    }
    while index < argv.endIndex {
        switch argv[index] {
        case "--tasks": config.tasks = number("--tasks")
        case "--seed": config.seed = UInt64(number("--seed"))
        case "--out": config.out = value("--out")
        case "--live": config.live = number("--live")
        case "--series": config.series = number("--series")
        case "--history-days": config.historyDays = max(1, number("--history-days"))
        case "--habit-years": config.habitYears = max(1, number("--habit-years"))
        case "--force": config.force = true
        case "--now":
            let text = value("--now")
            let parts = text.split(separator: "T")
            guard parts.count == 2, let day = LocalDay(parts[0]), let time = TimeOfDay(parts[1]) else {
                fail("--now: expected YYYY-MM-DDTHH:MM, got \(text)")
            }
            config.nowDay = day.ordinal
            config.nowMinute = max(2, time.minutes)
        default: fail("unknown argument \(argv[index])\n\(usage)")
        }
        index += 1
    }
    guard !config.out.isEmpty else { fail("--out is required\n\(usage)") }
    guard config.tasks >= 60 else { fail("--tasks must be at least 60") }
    return config
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "generate":
    let config = parseGenerate(arguments.dropFirst(2))
    let started = Date()
    let generator = Generator(config: config)
    do {
        try generator.run()
    } catch {
        fail("generate: \(error)", status: 1)
    }
    let seconds = Date().timeIntervalSince(started)
    var summary = generator.summaryJSON()
    summary.removeLast()
    print(summary + ", \"path\": \"\(config.out)\", \"seconds\": \((seconds * 1000).rounded() / 1000)}")
case "floor":
    guard arguments.count == 3 else { fail(usage) }
    do {
        let db = try Database(path: arguments[2])
        let found = try db.scalar("SELECT count(*) FROM tasks WHERE id = 'x'")?.int ?? -1
        print(found)
    } catch {
        fail("floor: \(error)", status: 1)
    }
case "hub-floor":
    HubFloor.main(arguments.dropFirst(2))
case "help", "--help", "-h":
    print(usage)
default:
    fail(usage)
}
