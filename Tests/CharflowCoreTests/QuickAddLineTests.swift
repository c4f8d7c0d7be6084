import CharflowCore
import CharflowTestSupport
import Testing

@Suite("Quick add reads one typed line")
struct QuickAddLineTests {
    @Test("W-9 every token is read, the rest is the title")
    func everyToken() throws {
        let line = try QuickAddLine.parse("Call the bank !high ~30m @tomorrow #Work")
        expectEqual(line.title, "Call the bank")
        expectEqual(line.importance, .high)
        expectEqual(line.effortMinutes, 30)
        expectEqual(line.due, .tomorrow)
        expectEqual(line.dueWord, "tomorrow")
        expectEqual(line.category, "Work")
        expectEqual(line.tokens.map(\.kind), [.importance, .effort, .due, .category])
        expectEqual(line.tokens.map(\.text), ["!high", "~30m", "@tomorrow", "#Work"])
    }

    @Test("W-9 tokens stand anywhere in the line; the title keeps its word order")
    func anywhere() throws {
        let line = try QuickAddLine.parse("#Home  !low Water the ~15 plants @someday")
        expectEqual(line.title, "Water the plants")
        expectEqual(line.importance, .low)
        expectEqual(line.effortMinutes, 15)
        expectEqual(line.due, .someday)
        expectEqual(line.category, "Home")
    }

    @Test("W-9 a line without tokens is all title, and sets nothing else")
    func plain() throws {
        let line = try QuickAddLine.parse("  Finish project proposal ")
        expectEqual(line.title, "Finish project proposal")
        expectEmpty(line.tokens)
        #expect(line.importance == nil && line.effortMinutes == nil && line.due == nil && line.category == nil)
    }

    @Test("W-9 T-24 every quick date is a token, a date too; the word is kept as typed in lower case",
          arguments: [("@today", QuickDate.today), ("@Tomorrow", .tomorrow), ("@later-this-week", .laterThisWeek),
                      ("@next-week", .nextWeek), ("@someday", .someday)])
    func quickDates(_ token: String, _ expected: QuickDate) throws {
        let line = try QuickAddLine.parse("Pay rent \(token)")
        expectEqual(line.due, expected)
        expectEqual(line.dueWord, String(token.dropFirst()).lowercased())
        let dated = try QuickAddLine.parse("Pay rent @2026-12-01")
        expectEqual(dated.due, .date(try Fixture.day("2026-12-01")))
    }

    @Test("W-9 T-2 efforts in minutes or hours, on the 15-minute grid up to eight hours",
          arguments: [("~30m", 30), ("~1h", 60), ("~90", 90), ("~1h30m", 90), ("~8h", 480), ("~15M", 15)])
    func efforts(_ token: String, _ minutes: Int) throws {
        try expectEqual(QuickAddLine.parse("Write \(token)").effortMinutes, minutes)
    }

    @Test("W-9 T-2 an effort off the grid or over eight hours is refused as an effort",
          arguments: ["~20m", "~9h", "~0"])
    func badEfforts(_ token: String) {
        #expect(throws: InputError.badEffort(token)) { try QuickAddLine.parse("Write \(token)") }
    }

    @Test("W-9 a backslash keeps #, @, ! and ~ in the title; a lone sigil is text")
    func escapes() throws {
        let line = try QuickAddLine.parse(##"Reply to \#42 \@anna \!important \~approx ! ok"##)
        expectEqual(line.title, "Reply to #42 @anna !important ~approx ! ok")
        expectEmpty(line.tokens)
        try expectEqual(QuickAddLine.parse(#"Fix C:\path"#).title, #"Fix C:\path"#)
        try expectEqual(QuickAddLine.parse(#"Tidy \temp"#).title, #"Tidy \temp"#)
    }

    @Test("W-9 an unknown token is refused with its word, never filed into the title",
          arguments: ["!urgent", "~soon", "@friday", "@2026-13-01", "~1h30", "!!high"])
    func unknown(_ token: String) {
        #expect(throws: InputError.unknownToken(token)) { try QuickAddLine.parse("Call the bank \(token)") }
        expectContains(InputError.unknownToken(token).message, "'\(token)'")
    }

    @Test("W-9 a kind given twice is refused, even with the same value")
    func twice() {
        #expect(throws: InputError.tokenTwice("!low")) { try QuickAddLine.parse("Call !high the bank !low") }
        #expect(throws: InputError.tokenTwice("#Work")) { try QuickAddLine.parse("Call #Work the bank #Work") }
        #expect(throws: InputError.tokenTwice("@today")) { try QuickAddLine.parse("@tomorrow Call @today") }
    }

    @Test("W-9 T-1 a line of tokens only has no title and is refused")
    func noTitle() {
        #expect(throws: PlannerError.emptyTitle) { try QuickAddLine.parse("!high ~30m @today #Work") }
        #expect(throws: PlannerError.emptyTitle) { try QuickAddLine.parse("   ") }
    }

    @Test("W-9 T-5 a backslash keeps a space inside a word, so a category name can hold one")
    func escapedSpace() throws {
        let line = try QuickAddLine.parse(#"Plan the launch #Side\ Project ~1h"#)
        expectEqual(line.title, "Plan the launch")
        expectEqual(line.category, "Side Project")
        expectEqual(line.tokens.map(\.value), ["Side Project", "60"])
        expectEqual(line.tokens.map(\.text), [#"#Side\ Project"#, "~1h"])
        try expectEqual(QuickAddLine.parse(#"Fix C:\\temp and a\ b"#).title, #"Fix C:\temp and a b"#)
        try expectEqual(QuickAddLine.parse(#"Keep C:\path as typed"#).title, #"Keep C:\path as typed"#)
        try expectEqual(QuickAddLine.parse(##"Reply to \#42 #Work"##).title, "Reply to #42")
    }

    @Test("W-9 B-1 a line holding a control or direction character is refused, never split into words",
          arguments: ["Pay\nrent", "Pay\trent", "Pay\u{0}rent", "Pay \u{1B}[31mrent", "Pay \u{202E}rent", "Pay rent #Work\u{1B}"])
    func unfitRefused(_ text: String) throws {
        let error = try #require(throws: PlannerError.self) { try QuickAddLine.parse(text) }
        expectEqual(error.code, "unfit_character")
    }
}
