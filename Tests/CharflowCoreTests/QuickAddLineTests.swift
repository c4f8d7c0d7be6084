import CharflowCore
import Testing

@Suite("Quick add reads one typed line")
struct QuickAddLineTests {
    @Test("W-9 every token is read, the rest is the title")
    func everyToken() throws {
        let line = try QuickAddLine.parse("Call the bank !high ~30m @tomorrow #Work")
        #expect(line.title == "Call the bank")
        #expect(line.importance == .high)
        #expect(line.effortMinutes == 30)
        #expect(line.due == .tomorrow)
        #expect(line.dueWord == "tomorrow")
        #expect(line.category == "Work")
        #expect(line.tokens.map(\.kind) == [.importance, .effort, .due, .category])
        #expect(line.tokens.map(\.text) == ["!high", "~30m", "@tomorrow", "#Work"])
    }

    @Test("W-9 tokens stand anywhere in the line; the title keeps its word order")
    func anywhere() throws {
        let line = try QuickAddLine.parse("#Home  !low Water the ~15 plants @someday")
        #expect(line.title == "Water the plants")
        #expect(line.importance == .low)
        #expect(line.effortMinutes == 15)
        #expect(line.due == .someday)
        #expect(line.category == "Home")
    }

    @Test("W-9 a line without tokens is all title, and sets nothing else")
    func plain() throws {
        let line = try QuickAddLine.parse("  Finish project proposal ")
        #expect(line.title == "Finish project proposal")
        #expect(line.tokens.isEmpty)
        #expect(line.importance == nil && line.effortMinutes == nil && line.due == nil && line.category == nil)
    }

    @Test("W-9 T-24 every quick date is a token, a date too; the word is kept as typed in lower case",
          arguments: [("@today", QuickDate.today), ("@Tomorrow", .tomorrow), ("@later-this-week", .laterThisWeek),
                      ("@next-week", .nextWeek), ("@someday", .someday)])
    func quickDates(_ token: String, _ expected: QuickDate) throws {
        let line = try QuickAddLine.parse("Pay rent \(token)")
        #expect(line.due == expected)
        #expect(line.dueWord == String(token.dropFirst()).lowercased())
        let dated = try QuickAddLine.parse("Pay rent @2026-12-01")
        #expect(dated.due == .date(try Fixture.day("2026-12-01")))
    }

    @Test("W-9 T-2 efforts in minutes or hours, on the 15-minute grid up to eight hours",
          arguments: [("~30m", 30), ("~1h", 60), ("~90", 90), ("~1h30m", 90), ("~8h", 480), ("~15M", 15)])
    func efforts(_ token: String, _ minutes: Int) throws {
        #expect(try QuickAddLine.parse("Write \(token)").effortMinutes == minutes)
    }

    @Test("W-9 T-2 an effort off the grid or over eight hours is refused as an effort",
          arguments: ["~20m", "~9h", "~0"])
    func badEfforts(_ token: String) {
        #expect(throws: InputError.badEffort(token)) { try QuickAddLine.parse("Write \(token)") }
    }

    @Test("W-9 a backslash keeps #, @, ! and ~ in the title; a lone sigil is text")
    func escapes() throws {
        let line = try QuickAddLine.parse(##"Reply to \#42 \@anna \!important \~approx ! ok"##)
        #expect(line.title == "Reply to #42 @anna !important ~approx ! ok")
        #expect(line.tokens.isEmpty)
        #expect(try QuickAddLine.parse(#"Fix C:\path"#).title == #"Fix C:\path"#)
        #expect(try QuickAddLine.parse(#"Tidy \temp"#).title == #"Tidy \temp"#)
    }

    @Test("W-9 an unknown token is refused with its word, never filed into the title",
          arguments: ["!urgent", "~soon", "@friday", "@2026-13-01", "~1h30", "!!high"])
    func unknown(_ token: String) {
        #expect(throws: InputError.unknownToken(token)) { try QuickAddLine.parse("Call the bank \(token)") }
        #expect(InputError.unknownToken(token).message.contains("'\(token)'"))
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
        #expect(line.title == "Plan the launch")
        #expect(line.category == "Side Project")
        #expect(line.tokens.map(\.value) == ["Side Project", "60"])
        #expect(line.tokens.map(\.text) == [#"#Side\ Project"#, "~1h"])
        #expect(try QuickAddLine.parse(#"Fix C:\\temp and a\ b"#).title == #"Fix C:\temp and a b"#)
        #expect(try QuickAddLine.parse(#"Keep C:\path as typed"#).title == #"Keep C:\path as typed"#)
        #expect(try QuickAddLine.parse(##"Reply to \#42 #Work"##).title == "Reply to #42")
    }

    @Test("W-9 B-1 a line holding a control or direction character is refused, never split into words",
          arguments: ["Pay\nrent", "Pay\trent", "Pay\u{0}rent", "Pay \u{1B}[31mrent", "Pay \u{202E}rent", "Pay rent #Work\u{1B}"])
    func unfitRefused(_ text: String) throws {
        let error = try #require(throws: PlannerError.self) { try QuickAddLine.parse(text) }
        #expect(error.code == "unfit_character")
    }
}
