import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Malformed files are refused whole, naming the line or the task and field at fault (X-5).
@Suite("Exchange · malformed imports are refused (X-5)")
struct ExchangeMalformedTests {
    typealias F = ExchangeFixture

    static let now = F.utc("2026-03-15T16:00:00Z")
    static let calendar = F.calendar("America/New_York")
    static let uuid = "0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01"

    /// The file's refusal, or else the first task it left out (X-4: the rest are imported).
    static func taskwarriorError(_ data: Data) -> ImportError? {
        do {
            return try TaskwarriorImport.parse(data, calendar: calendar, now: now).summary.problems.first
        } catch {
            return error
        }
    }

    static func taskwarriorError(_ text: String) -> ImportError? {
        taskwarriorError(Data(text.utf8))
    }

    /// The file's refusal, or else the first line it left out (X-4: the rest are imported).
    static func todoError(_ text: String) -> ImportError? {
        do {
            return try TodoTxtImport.parse(text, calendar: calendar, now: now).summary.problems.first
        } catch {
            return error
        }
    }

    static func todoError(_ data: Data) -> ImportError? {
        do {
            return try TodoTxtImport.parse(data, calendar: calendar, now: now).summary.problems.first
        } catch {
            return error
        }
    }

    /// A good first task, so every refusal below also shows that nothing is half-imported.
    static let good = #"{"description":"Fine","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e99"}"#

    @Test("X-4 X-5 Taskwarrior: a task with a field of the wrong type, a missing or empty description, an unknown status or priority, a duplicate uuid is left out and named",
          arguments: [
              (#"{"description":42,"status":"pending"}"#, "task 2 (description)", "expected text, found a number"),
              (#"{"status":"pending"}"#, "task 2 (description)", "missing"),
              (#"{"description":"   ","status":"pending"}"#, "task 2 (description)", "is empty"),
              (#"{"description":"D","status":"done"}"#, "task 2 (status)", "unknown status \"done\""),
              (#"{"description":"D","status":["pending"]}"#, "task 2 (status)", "expected text, found a list"),
              (#"{"description":"D","priority":"X"}"#, "task 2 (priority)", "unknown priority \"X\""),
              (#"{"description":"D","tags":"home"}"#, "task 2 (tags)", "expected a list of text, found text"),
              (#"{"description":"D","tags":["a",3]}"#, "task 2 (tags)", "found a number"),
              (#"{"description":"D","project":{"name":"x"}}"#, "task 2 (project)", "expected text, found an object"),
              (#"{"description":"D","annotations":"note"}"#, "task 2 (annotations)", "expected a list of annotations"),
              (#"{"description":"D","annotations":[{"entry":"20260230T120000Z","description":"n"}]}"#,
               "task 2 (annotations 1 entry)", "not a date"),
              (#"{"description":"D","annotations":[{"entry":"20260301T120000Z"}]}"#,
               "task 2 (annotations 1 description)", "missing"),
              (#"{"description":"D","uuid":"not-a-uuid"}"#, "task 2 (uuid)", "is not a UUID"),
              (#"{"description":"D","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e99"}"#, "task 2 (uuid)", "the same uuid as task 1"),
          ])
    func taskwarriorFields(_ object: String, _ place: String, _ message: String) throws {
        let error = try #require(Self.taskwarriorError("[" + Self.good + ",\n" + object + "]"))
        expectEqual(error.place, place)
        expectContains(error.message, message, "\(error)")
    }

    @Test("X-4 X-5 Taskwarrior: a task with an impossible or misshapen date is left out, naming the task and field",
          arguments: [
              ("due", "20260230T120000Z"), ("due", "20261301T000000Z"), ("entry", "20260101T250000Z"),
              ("end", "20260101T126000Z"), ("modified", "2026-03-01T12:00:00Z"), ("due", "20260301"),
              ("wait", "20260431T000000Z"), ("scheduled", "tomorrow"), ("until", "20260301T120000"),
          ])
    func taskwarriorDates(_ field: String, _ value: String) throws {
        let object = #"{"description":"D","status":"pending","\#(field)":"\#(value)"}"#
        let error = try #require(Self.taskwarriorError("[" + Self.good + "," + object + "]"))
        expectEqual(error.place, "task 2 (\(field))")
        expectTrue(error.message.contains(value) && error.message.contains("YYYYMMDDTHHMMSSZ"), "\(error)")
        expectEqual(TaskwarriorImport.date(value), nil)
        expectNotEqual(TaskwarriorImport.date("20280229T235959Z"), nil)
    }

    @Test("X-5 Taskwarrior: bad JSON is refused with where it broke",
          arguments: [
              ("[" + good + ",", "file"),
              ("[" + good + ",\n" + good, "file"),
              ("[{\"description\": \"unterminated]", "file"),
              ("[\n" + good + ",\n" + good + ",\n{\"description\":\"x\" \"status\":\"pending\"},\n" + good + "\n]", "line 4"),
              ("[\n" + good + ",\n{\"description\":\"caf\u{7}\"}\n]", "line 3"),
              ("[\r\n" + good + ",\r\n" + good + "\r\n{\"description\":\"no comma before me\"}\r\n]", "line 3"),
              (good + "\n{\"description\": \"broken\",\n", "line 2"),
              (good + "\n" + good + "\nnot json at all", "line 3"),
              ("description,status\nFine,pending\n", "file"),
          ])
    func taskwarriorBadJSON(_ text: String, _ place: String) throws {
        let error = try #require(Self.taskwarriorError(text))
        expectEqual(error.place, place)
        expectContains(error.message, "JSON", "\(error)")
    }

    @Test("X-5 Taskwarrior: a JSON document of the wrong shape is refused as a whole file",
          arguments: [
              #"{"tasks":[{"description":"x"}]}"#, "42", #""just text""#, "[1, 2]", #"[["description","x"]]"#, "null",
              "[" + good + ", true]",
          ])
    func taskwarriorWrongShape(_ text: String) throws {
        let error = try #require(Self.taskwarriorError(text))
        expectEqual(error.place, "file")
        expectContains(error.message, "Taskwarrior export", "\(error)")
    }

    @Test("X-5 garbage is refused before parsing: NUL bytes, not UTF-8, 50 MB of random bytes")
    func garbage() throws {
        let withNul = Data("[\(Self.good)]".utf8) + Data([0]) + Data("]".utf8)
        expectEqual(Self.taskwarriorError(withNul), ImportError(place: "file", message: "contains NUL bytes: this is not a text export"))
        expectEqual(Self.todoError(withNul)?.place, "file")
        expectEqual(Self.todoError("Buy milk\u{0}\n")?.place, "file")

        let latin1 = Data([0x43, 0x61, 0x66, 0xE9, 0x0A])  // "Café" in Latin-1
        expectEqual(Self.taskwarriorError(latin1), ImportError(place: "file", message: "is not UTF-8 text"))
        expectEqual(Self.todoError(latin1), ImportError(place: "file", message: "is not UTF-8 text"))

        // 50 MB from a fixed-seed generator, with no NUL byte so the UTF-8 check is what refuses it.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var big = Data(count: 50 * 1024 * 1024)
        big.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in words.indices {
                state &+= 0x9E37_79B9_7F4A_7C15
                words[index] = (state ^ (state >> 29)) | 0x0101_0101_0101_0101
            }
        }
        let started = Date()
        expectEqual(Self.taskwarriorError(big)?.place, "file")
        expectEqual(Self.todoError(big)?.place, "file")
        expectTrue(Date().timeIntervalSince(started) < 30)
    }

    @Test("X-4 X-5 todo.txt: a line with an impossible date is left out, naming the line",
          arguments: [
              ("Buy milk\nPay bill due:2026-02-30", "line 2", "due:2026-02-30"),
              ("x 2026-13-01 Filed report", "line 1", "2026-13-01"),
              ("x 2026-03-01 2026-02-29 Filed report", "line 1", "2026-02-29"),
              ("(A) 2026-04-31 Call Mom", "line 1", "2026-04-31"),
              ("Buy milk\n\n\n2026-00-10 Old task", "line 4", "2026-00-10"),
              ("Ship it due:tomorrow", "line 1", "due:tomorrow"),
              ("Ship it due:2026-3-1", "line 1", "due:2026-3-1"),
          ])
    func todoBadDates(_ text: String, _ place: String, _ shown: String) throws {
        let error = try #require(Self.todoError(text))
        expectEqual(error.place, place)
        expectContains(error.message, shown, "\(error)")
    }

    @Test("X-4 X-5 todo.txt: a line with control characters or no text is left out; a JSON document is refused")
    func todoOtherRefusals() throws {
        expectEqual(Self.todoError("Fine\nbell \u{07} here")?.place, "line 2")
        expectEqual(Self.todoError("Fine\nx")?.place, "line 2")
        expectEqual(Self.todoError("(A) 2026-03-01")?.place, "line 1")
        let json = try #require(Self.todoError("[" + Self.good + "]"))
        #expect(json.place == "file" && json.message.contains("JSON"))
        // A date-shaped word in the middle of the text is just text.
        expectEqual(Self.todoError("Pay the 2026-02-30 invoice"), nil)
    }

    @Test("X-5 an import error reads as `place: message`")
    func errorText() {
        let error = ImportError(place: "task 3 (due)", message: "\"20260230T120000Z\" is not a date")
        expectEqual(error.description, "task 3 (due): \"20260230T120000Z\" is not a date")
    }
}
