import CharflowTestSupport
import Foundation
import Testing

/// A name's refusals name what was wrong with that name, and no refusal reads a huge input back.
@Suite("Names and echoes through the command line")
struct NamesAndEchoesCLITests {
    static let now = "2026-11-30T09:00"
    static let huge = String(repeating: "x", count: 10_000)
    static let long41 = String(repeating: "L", count: 41)

    /// One refused command line and the exact sentence it must give.
    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let message: String
        var testDescription: String { name }
    }

    static let names: [Refusal] = [
        Refusal(name: "habit add with an empty name", arguments: ["habit", "add", ""], message: "A habit needs a name."),
        Refusal(name: "habit add with a blank name", arguments: ["habit", "add", "  "], message: "A habit needs a name."),
        Refusal(name: "group add with an empty name", arguments: ["group", "add", ""], message: "A group needs a name."),
        Refusal(name: "group add with a long name", arguments: ["group", "add", String(repeating: "g", count: 501)],
                message: "A group name is at most 500 characters; this one has 501."),
        Refusal(name: "habit add with a long name", arguments: ["habit", "add", String(repeating: "h", count: 501)],
                message: "A habit name is at most 500 characters; this one has 501. Put the rest in the habit's notes."),
        Refusal(name: "habit add with a window label of 41 characters", arguments: ["habit", "add", "Meds", "--window", "\(long41) 07:00-09:00"],
                message: "A window label is at most 40 characters; this one has 41."),
        Refusal(name: "habit add with a window label of 10,000 characters", arguments: ["habit", "add", "Meds", "--window", "\(huge) 07:00-09:00"],
                message: "A window label is at most 40 characters; this one has 10000."),
        Refusal(name: "add with an unknown region of 10,000 characters", arguments: ["add", "Task", "--region", huge],
                message: "Unknown region '\(String(huge.prefix(60)))… (10000 characters)'; expected morning, afternoon or evening."),
        Refusal(name: "show with an id of 10,000 characters", arguments: ["show", String(repeating: "a", count: 10_000)],
                message: "No task has an id starting with '\(String(repeating: "a", count: 60))… (10000 characters)'."),
    ]

    @Test("H-1 H-4 H-7 B-1 X-5 a name's refusal names that name, a window label has a limit, and a huge input is not read back",
          arguments: names)
    func refused(_ refusal: Refusal) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.ok(["add", "Seed"], now: Self.now)
        let result = try cf.expectRefused(refusal.arguments, now: Self.now)
        expectEqual(result.message, refusal.message)
    }

    @Test("H-4 a window label of 40 characters is taken, on add and on edit, and one of 41 is refused on edit")
    func labelLimitOnEdit() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let forty = String(repeating: "F", count: 40)
        let habit = try cf.addHabit("Meds", ["--window", "\(forty) 07:00-09:00"], now: Self.now)
        let refused = try cf.expectRefused(["habit", "edit", habit, "--window", "\(Self.long41) 19:00-21:00"], now: Self.now)
        expectEqual(refused.message, "A window label is at most 40 characters; this one has 41.")
    }

    @Test("D15 an unknown option of 10,000 characters is not read back")
    func unknownOption() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let result = try cf.run(["add", "Task", "--" + Self.huge], now: Self.now)
        expectEqual(result.status, 2)
        expectContains(result.stderr, "Unknown option --\(String(Self.huge.prefix(60)))… (10000 characters).", "\(result.stderr.prefix(300))")
        expectTrue(result.stderr.count < 1_000)
    }
}
