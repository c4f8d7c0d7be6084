import CharflowTestSupport
import Foundation
import Testing

/// A recorded corpus of commands and their text and JSON outputs, replayed on every run, so that a change
/// of structure changes no output.
///
/// The scenario walks two days of one user's planner through every command; ids are random, so each is
/// replaced by its order of first appearance (`<id 3>`, and its eight-character short form `<short 3>`).
/// To record the corpus anew after a deliberate change of output, run the suite with
/// `CHARFLOW_RECORD_CORPUS=1` and review the diff of `Fixtures/output-corpus.txt`.
@Suite("Output corpus (A-1)")
struct OutputCorpusTests {
    /// One step: the clock, the words, and whether to record the text form, the JSON form, or both.
    struct Step {
        let now: String
        let words: [String]
        var text = true
        var json = true
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/output-corpus.txt")

    /// `$N` in a step's words is the id of the Nth task or habit created so far (1-based).
    static let steps: [Step] = {
        let monday = "2026-11-30T09:00", noon = "2026-11-30T12:30", evening = "2026-11-30T21:00"
        let tuesday = "2026-12-01T08:15"
        func write(_ now: String, _ words: String...) -> Step { Step(now: now, words: words, text: false) }
        func read(_ now: String, _ words: String...) -> Step { Step(now: now, words: words) }
        return [
            read(monday, "today"),
            write("2026-11-30T09:01", "add", "Finish project proposal", "--region", "morning", "--bucket", "must", "--effort", "90"),
            write("2026-11-30T09:02", "add", "Reply to emails", "--region", "morning", "--bucket", "complementary"),
            write("2026-11-30T09:03", "add", "Water plants", "--region", "morning"),
            write("2026-11-30T09:04", "add", "Renew passport", "--importance", "high"),
            write("2026-11-30T09:05", "add", "Someday idea"),
            write("2026-11-30T09:06", "add", "Pay rent", "--repeat", "monthly", "--due", "2026-12-31"),
            write("2026-11-30T09:07", "add", "Timesheet", "--repeat", "weekly:5"),
            write("2026-11-30T09:08", "add", "Call the plumber", "--due", "tomorrow", "--notes", "- [ ] find number\n- [x] check boiler"),
            read(monday, "category", "list"),
            write("2026-11-30T09:09", "category", "add", "Garden", "--color", "plum"),
            write("2026-11-30T09:10", "edit", "$3", "--category", "Garden", "--title", "Water the plants"),
            read(monday, "today"),
            read(monday, "show", "$1"),
            read(monday, "show", "$8"),
            read(monday, "region", "morning"),
            read(monday, "backlog"),
            read(monday, "upcoming"),
            read(monday, "list"),
            write("2026-11-30T09:11", "move", "$5", "--region", "afternoon", "--bucket", "complementary"),
            write("2026-11-30T09:12", "reorder", "$2", "--position", "1"),
            write("2026-11-30T09:13", "note", "$1", "Outline done"),
            write("2026-11-30T09:14", "check", "$8", "1"),
            Step(now: monday, words: ["begin", "$1"]),
            read(noon, "status"),
            Step(now: noon, words: ["pause"]),
            Step(now: noon, words: ["resume"]),
            Step(now: noon, words: ["finish", "--stop", "--note", "half way"]),
            Step(now: noon, words: ["done", "$2"]),
            Step(now: noon, words: ["undone", "$2"]),
            Step(now: noon, words: ["done", "$3"]),
            write("2026-11-30T12:31", "defer", "$4"),
            write("2026-11-30T12:32", "delete", "$6"),
            Step(now: noon, words: ["undo"]),
            write("2026-11-30T12:33", "habit", "add", "Water", "--kind", "counted", "--target", "8"),
            write("2026-11-30T12:34", "habit", "add", "--preset", "quran"),
            write("2026-11-30T12:35", "habit", "add", "Exercise", "--kind", "timed", "--target", "30", "--per-week", "3"),
            write("2026-11-30T12:36", "habit", "add", "Meds", "--window", "Morning 07:00-09:00 remind 07:30", "--window", "Evening 19:00-22:00"),
            Step(now: noon, words: ["habit", "log", "Water", "--count", "3"]),
            Step(now: noon, words: ["habit", "log", "Meds", "--window", "Morning"]),
            read(noon, "habits"),
            read(noon, "habit", "grid", "Water", "--weeks", "4"),
            read(noon, "today"),
            read(noon, "history", "today"),
            read(evening, "plan", "review"),
            Step(now: evening, words: ["plan", "carry", "$1", "--keep"]),
            Step(now: evening, words: ["plan", "tomorrow", "$5", "--region", "morning", "--importance", "high"]),
            Step(now: evening, words: ["plan", "close"]),
            read(evening, "settings"),
            read(tuesday, "today"),
            read(tuesday, "backlog"),
            read(tuesday, "show", "$1"),
            read(tuesday, "history", "yesterday"),
            read(tuesday, "habits"),
            Step(now: tuesday, words: ["export", "--format", "csv"], json: false),
            Step(now: tuesday, words: ["export", "--format", "ics"], json: false),
            Step(now: tuesday, words: ["privacy"]),
            read(tuesday, "done", "nonexistent-id"),
            read(tuesday, "add", "Too many", "--region", "morning", "--bucket", "must"),
        ]
    }()

    @Test("A-1: every recorded text and --json output is unchanged for the same store and clock")
    func replay() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        var created: [String] = []
        var names = IDNames()
        var transcript: [String] = []
        for step in Self.steps {
            let words = step.words.map { word -> String in
                guard word.hasPrefix("$"), let index = Int(word.dropFirst()), index <= created.count else { return word }
                return created[index - 1]
            }
            let shown = step.words.joined(separator: " ")
            if step.text {
                let result = try runner.run(words, now: step.now, extra: ["LC_TIME": "en_GB.UTF-8"])
                transcript.append("$ \(step.now) charflow \(shown)\n[exit \(result.status)]\n\(result.stdout)\(result.stderr)")
            }
            if step.json {
                let result = try runner.run(words + ["--json"], now: step.now, extra: ["LC_TIME": "en_GB.UTF-8"])
                transcript.append("$ \(step.now) charflow \(shown) --json\n[exit \(result.status)]\n\(result.stdout)\(result.stderr)")
                if words.first == "add" || (words.first == "habit" && words.dropFirst().first == "add"),
                   result.status == 0, let id = try result.json()["id"] as? String {
                    created.append(id)
                }
            }
        }
        let recorded = names.normalised(transcript.joined(separator: "\n").replacingOccurrences(of: runner.folder.path, with: "<folder>"))
        if ProcessInfo.processInfo.environment["CHARFLOW_RECORD_CORPUS"] == "1" {
            try recorded.write(to: Self.fixture, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.fixture, encoding: .utf8)
        let got = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = zip(got, want).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("output differs at line \(first.offset + 1):\n  recorded: \(first.element.1)\n  now:      \(first.element.0)")
        }
        expectEqual(got.count, want.count, "the transcript has \(got.count) lines; the corpus has \(want.count)")
    }
}

/// Random ids replaced by their order of first appearance, full and short forms alike.
struct IDNames {
    private var numbers: [String: Int] = [:]

    mutating func normalised(_ text: String) -> String {
        let full = try! NSRegularExpression(pattern: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
        let range = NSRange(text.startIndex..., in: text)
        for match in full.matches(in: text, range: range) {
            let id = String(text[Range(match.range, in: text)!])
            if numbers[id] == nil { numbers[id] = numbers.count + 1 }
        }
        var out = text
        for (id, number) in numbers.sorted(by: { $0.value < $1.value }) {
            out = out.replacingOccurrences(of: id, with: "<id \(number)>")
        }
        for (id, number) in numbers.sorted(by: { $0.value < $1.value }) {
            out = out.replacingOccurrences(of: String(id.prefix(8)), with: "<short \(number)>")
        }
        // A short id printed by a text-only step, whose full form no output showed.
        let short = try! NSRegularExpression(pattern: "\\b[0-9a-f]{8}\\b")
        return short.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "<short ?>")
    }
}
