import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The habit and group use cases' inputs read from a command line's words (`WordsDecoder`), as `habit …`
/// and `group …` read them: the option names are the inputs' keys, and a key an input does not ask for
/// is an option its command does not take.
@Suite("Habit inputs from words")
struct HabitInputWordsTests {
    /// The input `words` and `options` give, and the keys it asked for.
    static func read<T: Decodable>(_ type: T.Type, _ words: [String], positions: [String] = ["habit"],
                                   options: [String: [String]] = [:], switches: Set<String> = []) throws -> (T, Set<String>) {
        var asked: Set<String> = []
        let input = try WordsDecoder(words: words, positions: positions, options: options, switches: switches)
            .decode(type, asked: &asked)
        return (input, asked)
    }

    @Test("H-10 a log names its kind of step: undo, slip or held first, then minutes, then a count; none leaves the kind's own")
    func logSteps() throws {
        let (count, asked) = try Self.read(LogHabit.Input.self, ["Water"], options: ["count": ["3"]])
        #expect(count.habit.word == "Water" && count.log == .count(3) && count.day == nil)
        expectTrue(asked.isSuperset(of: ["habit", "window", "count", "minutes", "slip", "held", "undo", "date"]))
        expectTrue(!asked.contains("preset") && !asked.contains("weeks"), "log takes no preset and no weeks")
        try expectEqual(Self.read(LogHabit.Input.self, ["Water"], options: ["count": ["3"]], switches: ["undo"]).0.log, .undo)
        try expectEqual(Self.read(LogHabit.Input.self, ["Read"], options: ["minutes": ["5"], "count": ["2"]]).0.log, .minutes(5))
        try expectEqual(Self.read(LogHabit.Input.self, ["Snacks"], switches: ["held", "slip"]).0.log, .slip)
        try expectEqual(Self.read(LogHabit.Input.self, ["Walk"]).0.log, nil)
        let dated = try Self.read(LogHabit.Input.self, ["Walk"], options: ["date": ["yesterday"], "window": ["Evening"]]).0
        #expect(dated.day == .yesterday && dated.window == "Evening")
        #expect(throws: UsageRefusal.notANumber(option: "count", given: "lots")) {
            try Self.read(LogHabit.Input.self, ["Water"], options: ["count": ["lots"]])
        }
        #expect(throws: UsageRefusal.missing("habit")) { try Self.read(LogHabit.Input.self, []) }
    }

    @Test("H-2 an add's schedule is one of --days, --weekdays and --per-week; two are refused before either is read")
    func addSchedule() throws {
        let (add, asked) = try Self.read(AddHabit.Input.self, ["Read", "Quran"], positions: ["title..."],
                                         options: ["kind": ["counted"], "target": ["5"], "per-week": ["3"],
                                                   "window": ["Fajr 05:00-06:00", "Isha 20:00-22:00"], "effort": ["none"]])
        #expect(add.title == "Read Quran" && add.kind == .counted && add.target == 5)
        expectEqual(add.schedule, .timesPerWeek(3))
        expectEqual(add.windows.map(\.label), ["Fajr", "Isha"])
        expectEqual(add.effortMinutes, .some(nil))
        expectTrue(!asked.contains("count") && !asked.contains("reason"), "an add takes no count and no reason")
        #expect(throws: UsageRefusal.atMostOne(["days", "weekdays", "per-week"])) {
            try Self.read(AddHabit.Input.self, ["Swim"], positions: ["title..."], options: ["per-week": ["nine"]], switches: ["weekdays"])
        }
        try expectEqual(Self.read(AddHabit.Input.self, ["Plan"], positions: ["title..."], switches: ["weekdays"]).0.schedule, .weekdays)
        try expectEqual(Self.read(AddHabit.Input.self, [], positions: ["title..."], options: ["preset": ["Quran"]]).0.title, "")
    }

    @Test("H-7 an edit's --group names a group, or none takes the habit out of its group; an edit takes no preset")
    func editGroup() throws {
        let (edit, asked) = try Self.read(EditHabit.Input.self, ["Walk"], options: ["group": ["Morning"], "notes": [""]])
        expectEqual(edit.change.group, .group(try GroupRef.reading("Morning")))
        expectEqual(edit.change.notes, .some(""))
        expectLacks(asked, "preset")
        try expectEqual(Self.read(EditHabit.Input.self, ["Walk"], options: ["group": ["NONE"]]).0.change.group, GroupChoice.none)
    }

    @Test("H-15 a pause's reason may be left out of the input, and the use case asks for it; its days are read as words")
    func pauseInput() throws {
        let (pause, _) = try Self.read(PauseHabit.Input.self, ["Walk"], options: ["from": ["tomorrow"], "to": ["2026-12-10"]])
        #expect(pause.reason == nil && pause.from?.date == .tomorrow && pause.to?.word == "2026-12-10")
        #expect(throws: InputError.badDate("soon")) {
            try Self.read(PauseHabit.Input.self, ["Walk"], options: ["reason": ["travel"], "from": ["soon"]])
        }
        #expect(throws: InputError.invalidWord(what: "settle choice", given: "later", expected: "done or stop")) {
            try Self.read(BeginHabitSession.Input.self, ["Read"], options: ["settle": ["later"]])
        }
    }

    @Test("H-7 a group is named by the rest of the words; a grid's weeks are 12 unless given")
    func groupAndGrid() throws {
        try expectEqual(Self.read(ArchiveGroup.Input.self, ["Morning", "routine"], positions: ["group..."]).0.group.word, "Morning routine")
        try expectEqual(Self.read(AddGroup.Input.self, [], positions: ["name..."]).0.name, "")
        #expect(throws: UsageRefusal.missing("group")) { try Self.read(RestoreGroup.Input.self, [], positions: ["group..."]) }
        try expectEqual(Self.read(ReadHabitGrid.Input.self, ["Walk"]).0.weeks, 12)
        try expectEqual(Self.read(ReadHabitGrid.Input.self, ["Walk"], options: ["weeks": ["4"]]).0.weeks, 4)
        expectTrue(try Self.read(ReadHabits.Input.self, [], positions: [], switches: ["all"]).0.all)
    }
}
