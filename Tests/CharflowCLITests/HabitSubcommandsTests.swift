import CharflowTestSupport
import Foundation
import Testing

/// `habit` and `group` hand their words to the subcommand the first one names, which takes only its own
/// options: an option of another subcommand is a usage error naming it (exit 2), and nothing changes.
@Suite("habit and group subcommands, each with its own options")
struct HabitSubcommandsTests {
    static let now = "2026-11-30T09:00"

    /// A store with a counted habit, Water, and a group, Morning.
    static func runner() throws -> CharflowRunner {
        let runner = try CharflowRunner()
        try runner.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-30T08:00")
        try runner.ok(["group", "add", "Morning"], now: "2026-11-30T08:00")
        return runner
    }

    @Test("D15 an option only another habit or group subcommand takes is unknown here: exit 2 naming it, nothing changed",
          arguments: [
            (["habit", "log", "Water", "--preset", "quran"], "preset"),
            (["habit", "edit", "Water", "--preset", "quran"], "preset"),
            (["habit", "add", "Tea", "--date", "today"], "date"),
            (["habit", "grid", "Water", "--count", "2"], "count"),
            (["habit", "pause", "Water", "--reason", "travel", "--settle", "done"], "settle"),
            (["habit", "archive", "Water", "--reason", "travel"], "reason"),
            (["habit", "list", "--weeks", "4"], "weeks"),
            (["group", "add", "Evening", "--kind", "counted"], "kind"),
            (["habit", "group", "archive", "Morning", "--all"], "all"),
          ])
    func otherSubcommandsOption(_ arguments: [String], _ option: String) throws {
        let runner = try Self.runner()
        defer { runner.removeFolder() }
        let before = try runner.contents()
        let result = try runner.run(arguments, now: Self.now)
        expectEqual(result.status, 2, "\(arguments): \(result.stderr)")
        expectContains(result.stderr, "Unknown option --\(option).", "\(result.stderr)")
        expectEmpty(result.stdout)
        try expectEqual(runner.contents(), before, "\(arguments) was refused but changed the store")
    }

    @Test("D15 a habit is one word: a second asks which habit, once the options are known; the refusals keep their words")
    func oneHabitWord() throws {
        let runner = try Self.runner()
        defer { runner.removeFolder() }
        let before = try runner.contents()
        let unquoted = try runner.run(["habit", "log", "Read", "Quran", "--count", "2"], now: Self.now)
        #expect(unquoted.status == 2 && unquoted.stderr.hasPrefix("charflow: Which habit? Give its id or title.\nUsage: charflow habit add"),
                "\(unquoted.stderr)")
        let unknown = try runner.run(["habit", "log", "Read", "Quran", "--preset", "quran"], now: Self.now)
        #expect(unknown.status == 2 && unknown.stderr.contains("Unknown option --preset."), "\(unknown.stderr)")
        let none = try runner.run(["habit", "resume"], now: Self.now)
        #expect(none.status == 2 && none.stderr.contains("Which habit? Give its id or title."), "\(none.stderr)")
        let reason = try runner.run(["habit", "pause", "Water", "--to", "2026-12-02"], now: Self.now)
        #expect(reason.status == 2 && reason.stderr.contains("Why the pause? Give --reason travel, illness, cycle or other."),
                "\(reason.stderr)")
        let action = try runner.run(["habit", "frobnicate", "Water"], now: Self.now)
        #expect(action.status == 2 && action.stderr.contains("Unknown habit action 'frobnicate'."), "\(action.stderr)")
        // A group action's usage is the group's, under `group` and under `habit group` alike.
        for arguments in [["group", "archive"], ["habit", "group", "restore"]] {
            let group = try runner.run(arguments, now: Self.now)
            #expect(group.status == 2 && group.stderr == "charflow: Usage: charflow group list | add NAME | archive NAME | restore NAME\n",
                    "\(arguments): \(group.stderr)")
        }
        let rename = try runner.run(["group", "rename", "Morning"], now: Self.now)
        #expect(rename.status == 2 && rename.stderr == """
            charflow: Unknown group action 'rename'.
            Usage: charflow group list | add NAME | archive NAME | restore NAME

            """, "\(rename.stderr)")
        try expectEqual(runner.contents(), before)
    }

    @Test("H-7 habit group and habit list run what group and habits run")
    func sameAsTheirCommands() throws {
        let runner = try Self.runner()
        defer { runner.removeFolder() }
        try expectEqual(runner.ok(["habit", "group", "add", "Evening", "walk"], now: Self.now).stdout, "Added group Evening walk.\n")
        try expectEqual(runner.ok(["habit", "group", "list"], now: Self.now).stdout, (try runner.ok(["group"], now: Self.now).stdout))
        try expectEqual(runner.ok(["habit", "list", "--all"], now: Self.now).stdout, (try runner.ok(["habits", "--all"], now: Self.now).stdout))
    }
}
