import CharflowCore
import CharflowTestSupport
import CharflowStore
import Foundation
import Testing

/// A seeded, bounded fuzz of the command line and of backup imports through the real parts: the
/// binary never crashes, answers with exit 0, 1 or 2, and a refusal changes nothing (X-5, B-21).
///
/// `CHARFLOW_FUZZ_SEED` and `CHARFLOW_FUZZ_CASES` pick another seed or more cases.
@Suite("Command line and backup fuzz (X-5)")
struct CommandLineFuzzTests {
    static let seed = ProcessInfo.processInfo.environment["CHARFLOW_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x17_F00D
    static let cases = ProcessInfo.processInfo.environment["CHARFLOW_FUZZ_CASES"].flatMap { Int($0) } ?? 120

    static let commands = [
        "add", "edit", "done", "undone", "move", "reorder", "delete", "purge", "undo", "defer", "check", "note", "begin",
        "pause", "resume", "finish", "status", "habit", "habits", "plan", "settings", "export", "list", "backlog",
        "show", "today", "region", "history", "category", "filter", "remind", "upcoming", "group",
    ]
    static let options = [
        "--region", "--bucket", "--due", "--effort", "--importance", "--repeat", "--position", "--count", "--minutes",
        "--target", "--weeks", "--date", "--to", "--from", "--reason", "--notes", "--title", "--window", "--format",
        "--table", "--kind", "--days", "--per-week", "--settle", "--category", "--json", "--all", "--yes", "--undo",
        "--slip", "--held", "--", "-", "--=", "--region=", "--count=-1",
    ]
    static let values = [
        "morning", "must", "today", "tomorrow", "2999-12-31", "3000-01-01", "1899-12-31", "0000-00-00", "2026-02-30",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "-1", "0", "7", "480", "15", "none",
        "weekly:1,3,9", "daily", "monthly", "", " ", "é", "🍵", "a\u{1B}[2Jb", "\u{7F}", "ID", "Water", "Walk",
        "rollover-time", "99:99", "capacity", "24:00", "csv", "ics", "json", "habits", String(repeating: "x", count: 2000),
    ]

    static func pick<T>(_ list: [T], _ random: inout SeededRandom) -> T { list[random.int(0...list.count - 1)] }

    @Test("random command lines: exit 0, 1 or 2, never a crash, and a refusal changes nothing")
    func randomCommandLines() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Fuzz target", ["--region", "morning", "--notes", "- [ ] one"])
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-30T09:00")
        try cf.addHabit("Walk", now: "2026-11-30T09:00")
        var random = SeededRandom(seed: Self.seed)
        for index in 0..<Self.cases {
            var argv = [Self.pick(Self.commands, &random)]
            if argv[0] == "habit" { argv.append(Self.pick(["add", "log", "edit", "grid", "pause", "archive"], &random)) }
            for _ in 0..<random.int(0...4) {
                argv.append(random.int(0...2) == 0 ? Self.pick(Self.values, &random) : Self.pick(Self.options, &random))
                if random.int(0...1) == 0 { argv.append(Self.pick(Self.values, &random)) }
            }
            argv = argv.map { $0 == "ID" ? String(id.prefix(8)) : $0 }
            // Nothing that removes the whole store: the fuzz keeps one store for every case.
            if argv.contains("erase") { continue }
            let before = try cf.contents()
            let result = try cf.run(argv, now: "2026-11-30T10:00")
            let label = "seed \(Self.seed) case \(index): \(argv.map(\.debugDescription).joined(separator: " "))"
            expectContains([0, 1, 2], result.status, "\(label) exited \(result.status): \(result.stderr)")
            expectLacks(result.stderr, "Fatal error", "\(label): \(result.stderr)")
            expectTrue(!result.stderr.contains("SQLite error") && !result.stderr.contains("SELECT "), "\(label): \(result.stderr)")
            if result.status != 0 {
                try expectEqual(cf.contents(), before, "\(label) was refused but changed the store")
            }
        }
    }

    @Test("X-5 B-21 mutated backups are refused whole or imported whole, and an accepted one undoes cleanly")
    func mutatedBackups() throws {
        let source = try CharflowRunner()
        defer { source.removeFolder() }
        try source.add("Write report", ["--region", "morning", "--bucket", "must"])
        try source.add("Tidy desk", ["--region", "morning", "--effort", "15", "--notes", "drawer"])
        try source.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-30T09:00")
        try source.run(["habit", "log", "Water", "--count", "3"])
        let backup = try source.run(["export"]).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(backup.utf8)) as? [String: Any])
        let replacements: [Any] = [NSNull(), "", " ", -1, 7, 9_000_000_000_000, "10000-01-01", "1899-12-31", "99:99",
                                   "mustDo", "morning", "a\u{0}b", true, [1], ["x": 1], "0b0b0b0b-0000-4000-8000-000000000001"]
        let target = try CharflowRunner()
        defer { target.removeFolder() }
        try target.add("Already here")
        var random = SeededRandom(seed: Self.seed ^ 0xBAC)
        for index in 0..<(Self.cases / 2) {
            var tables = try #require(document["tables"] as? [String: [[String: Any]]])
            for _ in 0..<random.int(1...3) {
                let names = tables.keys.sorted().filter { !(tables[$0] ?? []).isEmpty }
                guard !names.isEmpty else { break }
                let table = Self.pick(names, &random)
                var rows = tables[table]!
                let row = random.int(0...rows.count - 1)
                if random.int(0...5) == 0 {
                    rows.append(rows[row])
                } else {
                    let column = Self.pick(rows[row].keys.sorted(), &random)
                    rows[row][column] = Self.pick(replacements, &random)
                }
                tables[table] = rows
            }
            var changed = document
            changed["tables"] = tables
            let file = target.folder.appendingPathComponent("fuzz-\(index).json")
            try JSONSerialization.data(withJSONObject: changed).write(to: file)
            let before = try target.contents()
            let result = try target.run(["import", file.path])
            let label = "seed \(Self.seed) case \(index)"
            expectContains([0, 1], result.status, "\(label) exited \(result.status): \(result.stderr)")
            if result.status == 1 {
                expectContains(result.stderr, "Nothing was changed", "\(label): \(result.stderr)")
                try expectEqual(target.contents(), before, "\(label) was refused but changed the store")
            } else {
                for arguments in [["today"], ["list", "--all"], ["habits"], ["export"]] {
                    let read = try target.run(arguments)
                    expectEqual(read.status, 0, "\(label): \(arguments) after the import: \(read.stderr)")
                }
                try expectEqual(target.run(["undo"]).status, 0, "\(label): undo of the import")
                let titles = JSONPath.titles(JSONPath.tasks(try target.json(["list", "--all"]), "tasks"))
                expectEqual(titles, ["Already here"], "\(label): after undo \(titles)")
            }
        }
    }
}
