import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// A seeded, bounded fuzz of the import formats: mutated files never crash the readers, and whatever
/// they accept meets the rules every command applies (X-4, X-5).
///
/// `CHARFLOW_FUZZ_SEED` and `CHARFLOW_FUZZ_CASES` pick another seed or more cases; a failure names
/// the seed and case, so it can be replayed.
@Suite("Exchange · import fuzz (X-4, X-5)")
struct ImportFuzzTests {
    typealias F = ExchangeFixture

    static let now = F.utc("2026-03-15T16:00:00Z")
    static let calendar = F.calendar("America/New_York")
    static let seed = ProcessInfo.processInfo.environment["CHARFLOW_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x17_C0FFEE
    static let cases = ProcessInfo.processInfo.environment["CHARFLOW_FUZZ_CASES"].flatMap { Int($0) } ?? 1500

    static let todoSeed = """
        (A) 2026-03-01 Renew passport due:2026-03-20 +Admin @town rec:1w
        x 2026-03-10 2026-03-02 Pay rent +Home pri:B
        2026-02-27 Call mum @phone t:2026-03-01
        Read the lease, page 3 due:2026-04-01
        """

    static let taskwarriorSeed = """
        [{"uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01","description":"Write report","status":"pending",
          "entry":"20260301T090000Z","modified":"20260302T090000Z","due":"20260320T050000Z","priority":"H",
          "project":"Work.Reports","tags":["next","someday"],"recur":"weekly",
          "annotations":[{"entry":"20260302T100000Z","description":"first draft"}]},
         {"uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e02","description":"Pay rent","status":"completed",
          "entry":"20260301T090000Z","end":"20260305T120000Z","project":"Home"}]
        """

    /// Tokens a mutation may insert: the parsers' own syntax, edges of numbers and dates, and bytes
    /// that must never reach the store unchecked.
    static let tokens: [String] = [
        "due:", "due:9999-12-31", "due:0000-00-00", "due:3000-01-01", "due:1899-12-31", "x ", "(Z) ", "+", "@", "rec:",
        "\"", "{", "}", "[", "]", ",", ":", "null", "true", "1e309", "-0", "99999999999999999999999",
        "\"status\":\"deleted\"", "\"recur\":\"weekdays\"", "\"due\":\"99991231T235959Z\"", "\"due\":\"",
        "\u{1B}[2J", "\u{0}", "\u{7F}", "\u{9B}", "\r", "\n", "\t", "\u{FEFF}", "é", "🍵", "\u{202E}",
        String(repeating: "a", count: 300), "BEGIN:VCALENDAR\n", "id,title,notes\n",
    ]

    /// One mutation of `base`, chosen by the generator.
    static func mutate(_ base: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = base
        for _ in 0..<random.int(1...4) {
            switch random.int(0...5) {
            case 0 where !bytes.isEmpty:
                bytes[random.int(0...bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                let token = Array(tokens[random.int(0...tokens.count - 1)].utf8)
                bytes.insert(contentsOf: token, at: random.int(0...bytes.count))
            case 2 where bytes.count > 1:
                let start = random.int(0...bytes.count - 1)
                bytes.removeSubrange(start..<min(bytes.count, start + random.int(1...16)))
            case 3 where !bytes.isEmpty:
                bytes = Array(bytes.prefix(random.int(0...bytes.count)))
            case 4 where !bytes.isEmpty:
                let start = random.int(0...bytes.count - 1)
                let piece = bytes[start..<min(bytes.count, start + random.int(1...40))]
                bytes.insert(contentsOf: piece, at: random.int(0...bytes.count))
            default:
                bytes.append(contentsOf: Array(tokens[random.int(0...tokens.count - 1)].utf8))
            }
        }
        return bytes
    }

    /// What any import must hand on: a title that is not blank, days in the supported years.
    static func checkAccepted(_ tasks: [ImportedTask], _ label: String) {
        for imported in tasks {
            expectTrue(!imported.task.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(label): blank title")
            expectLacks(imported.task.title.utf8, 0, "\(label): NUL in a title")
            if let due = imported.task.dueDate { expectTrue(due.isSupported, "\(label): due \(due)") }
        }
    }

    @Test("X-5 mutated todo.txt and Taskwarrior files are refused with a place, or give valid tasks; never a crash")
    func mutatedFiles() {
        var random = SeededRandom(seed: Self.seed)
        for index in 0..<Self.cases {
            let base = index % 2 == 0 ? Self.todoSeed : Self.taskwarriorSeed
            let data = Data(Self.mutate(Array(base.utf8), &random))
            let label = "seed \(Self.seed) case \(index)"
            do {
                let text = try ImportGuard.text(data)
                guard !ImportFormat.isEmpty(text), let format = try ImportFormat.recognise(text, declared: nil) else { continue }
                switch format {
                case .todotxt: Self.checkAccepted(try TodoTxtImport.parse(data, calendar: Self.calendar, now: Self.now).tasks, label)
                case .taskwarrior, .charflow:
                    Self.checkAccepted(try TaskwarriorImport.parse(data, calendar: Self.calendar, now: Self.now).tasks, label)
                }
            } catch {
                expectTrue(!error.place.isEmpty && !error.message.isEmpty, "\(label): a refusal names its place")
            }
        }
    }

    @Test("T-26 X-5 stored repeat weekdays of any length read without overflow (a backup may hold anything)")
    func longWeekdayText() {
        expectEqual(RepeatRule.weekdays("99999999999999999999999999,3"), [.wednesday])
        expectTrue(RepeatRule.weekdays(String(repeating: "9", count: 10_000)).isEmpty)
    }
}
