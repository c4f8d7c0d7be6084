import CharflowCore
import CharflowTestSupport
import Testing

@Suite("A title or a name is one line of plain text")
struct TextRulesTests {
    static let unfit = ["\n", "\r", "\t", "\u{0}", "\u{1B}[31m", "\u{7F}", "\u{9B}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"]

    @Test("B-1 a title holding a control or direction character is refused naming the field, never cut",
          arguments: unfit)
    func titleRefused(_ bad: String) throws {
        let scalar = try #require(bad.unicodeScalars.first)
        #expect(throws: PlannerError.unfitCharacter(.taskTitle, scalar.value)) { try TaskText.title("Pay" + bad + "rent") }
        #expect(throws: PlannerError.unfitCharacter(.taskTitle, scalar.value)) { try TaskText.title("Pay rent " + bad + "!") }
    }

    @Test("B-1 B-10 T-5 plain text passes unchanged but for trimming its ends, other scripts and emoji too")
    func plainPasses() throws {
        try expectEqual(TaskText.title("  Pay rent "), "Pay rent")
        try expectEqual(TaskText.title("\tPay rent\n"), "Pay rent", "a newline or tab at an end is whitespace, trimmed")
        #expect(throws: PlannerError.unfitCharacter(.taskTitle, 0x1B)) { try TaskText.title("Pay rent\u{1B}") }
        #expect(throws: PlannerError.unfitCharacter(.categoryName, 0x0A)) { try TaskCategory.validName("Two\nlines", existing: []) }
        try expectEqual(TaskText.title("Café — 東京 🚲 שלום"), "Café — 東京 🚲 שלום")
        expectEqual(TextRules.firstUnfit(in: "Zero\u{200B}width and no-break\u{00A0}space"), nil)
    }

    @Test("B-1 H-1 H-4 H-7 T-5 the refusal names which field it is about, and the character",
          arguments: [(TextRules.Field.taskTitle, "task title"), (.habitName, "habit name"), (.windowLabel, "window label"),
                      (.categoryName, "category name"), (.groupName, "group name")])
    func namesTheField(_ field: TextRules.Field, _ words: String) throws {
        let error = try #require(throws: PlannerError.self) { try TextRules.checkLine("A\u{1B}B", field) }
        expectEqual(error.code, "unfit_character")
        expectEqual(error.kind, .badInput)
        expectContains(error.message, "A \(words) is one line of plain text", "\(error.message)")
        expectContains(error.message, "an escape character (U+001B)", "\(error.message)")
        expectTrue(!error.message.unicodeScalars.contains(where: TextRules.isUnfit), "the sentence holds no control character itself")
    }

    @Test("H-1 H-7 a habit or group name goes through the same rule under its own name")
    func habitAndGroupNames() {
        #expect(throws: PlannerError.unfitCharacter(.habitName, 0x0A)) { try TaskText.title("Read\nbooks", field: .habitName) }
        #expect(throws: PlannerError.unfitCharacter(.groupName, 0x202E)) { try TaskText.title("Morning\u{202E}", field: .groupName) }
    }

    @Test("T-5 a category name with a control or direction character is refused; one with a space is fine",
          arguments: unfit)
    func categoryName(_ bad: String) throws {
        let scalar = try #require(bad.unicodeScalars.first)
        #expect(throws: PlannerError.unfitCharacter(.categoryName, scalar.value)) {
            try TaskCategory.validName("Si" + bad + "de", existing: [])
        }
        try expectEqual(TaskCategory.validName(" Side Project ", existing: []), "Side Project")
    }

    @Test("T-33 printed text shows direction overrides visibly too, and keeps newline and tab")
    func terminalShowsOverrides() {
        expectEqual(TerminalText.escaped("a\u{202E}b\u{2066}c"), "a<U+202E>b<U+2066>c")
        expectEqual(TerminalText.escaped("note \u{1B}[31m\nline\ttwo"), "note ^[[31m\nline\ttwo")
    }

    @Test("T-33 printed text changes exactly where a character is shown visibly, among neighbours of every byte length")
    func terminalChangesOnlyWhatItShows() {
        func shown(_ value: UInt32) -> Bool {
            (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        // Every scalar up to U+2FFF (the bytes the scan looks at, and their neighbours), and a few beyond.
        let values = Array(0...0x2FFF) + [0xE000, 0xFEFF, 0x1F600]
        for value in values {
            guard let scalar = UnicodeScalar(UInt32(value)) else { continue }
            for text in ["\(Character(scalar))", "a·\(Character(scalar))—…", "\(Character(scalar))é"] {
                expectEqual((TerminalText.escaped(text) != text), shown(UInt32(value)), "U+\(String(value, radix: 16))")
            }
        }
    }
}
