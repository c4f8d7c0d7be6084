import CharflowCore
import CharflowStore
import Foundation

/// The shell around the engine: read the command line, run one command, print, return the exit status.
enum CLI {
    static let version = "0.1.0"

    static var commands: [any Command.Type] { [
        TodayCommand.self, AddCommand.self, ShowCommand.self, EditCommand.self, DoneCommand.self,
        UndoneCommand.self, MoveCommand.self, ReorderCommand.self, DeleteCommand.self, PurgeCommand.self,
        UndoCommand.self, BacklogCommand.self, UpcomingCommand.self, ListCommand.self, RegionCommand.self,
        HistoryCommand.self, DeferCommand.self, CategoryCommand.self, FilterCommand.self, NoteCommand.self,
        CheckCommand.self, BeginCommand.self, PauseCommand.self, ResumeCommand.self, FinishCommand.self,
        StatusCommand.self, HabitCommand.self, HabitsCommand.self, GroupCommand.self, PlanCommand.self,
        RemindCommand.self, ExportCommand.self, ImportCommand.self, SettingsCommand.self, EraseCommand.self, PrivacyCommand.self, ServeCommand.self, HelpCommand.self,
    ] }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let output = Output(environment: environment, json: arguments.contains("--json"))
        do {
            var args = try Arguments(arguments)
            output.json = args.has("json")
            if args.has("no-color") { output.color = false }
            if args.has("version"), args.words.isEmpty {
                output.emit(text: "charflow \(version)", json: .object([("version", .string(version))]))
                return 0
            }
            let name = args.words.first ?? "today"
            guard let command = command(named: name) else {
                throw UsageError(message: "Unknown command '\(name)'. Run `charflow help` for the list.")
            }
            if !args.words.isEmpty { args.words.removeFirst() }
            if args.has("help") {
                output.line(HelpCommand.help(for: command))
                return 0
            }
            try args.check(allowed: command.options, maxWords: command.maxWords, usage: command.usage)
            let context = Context(args: args, environment: environment, output: output)
            try command.run(context)
            return 0
        } catch let error as UsageError {
            output.fail(code: "usage", message: error.message)
            return 2
        } catch let error as PlannerError {
            output.fail(code: Messages.code(error), message: Messages.text(error))
            return 1
        } catch let error as ImportError {
            output.fail(code: "import_refused", message: "Import refused at \(error.place): \(error.message). Nothing was changed.")
            return 1
        } catch let error as BackupWriteError {
            output.fail(code: "write_failed", message: error.description)
            return 1
        } catch let error as DatabaseError {
            output.fail(code: "store", message: "The store refused the change: \(error.message). Nothing was changed.")
            return 1
        } catch {
            output.fail(code: "internal", message: "\(error)")
            return 1
        }
    }
}

/// What a command needs: its arguments, the environment, and where to print.
struct Context {
    let args: Arguments
    let environment: [String: String]
    let output: Output

    /// Opens the store, runs any missed rollover, and hands back the engine.
    func planner() throws -> Planner {
        let zone = Context.timeZone(environment)
        let now = try Context.clock(args.value("now") ?? environment["CHARFLOW_NOW"], zone: zone)
        let planner = try Planner(path: Context.storePath(args.value("db"), environment), timeZone: zone,
                                  localeFirstWeekday: Context.localeFirstWeekday(environment), now: now)
        if !planner.settings.color { output.color = false }
        // A test seam: hold every action open before it commits, so a crash test can kill it there.
        if let stall = environment["CHARFLOW_TEST_STALL_MS"].flatMap(Int.init), stall > 0 {
            planner.beforeCommit = { usleep(UInt32(min(stall, 60_000)) * 1000) }
        }
        return planner
    }

    /// `--db`, then `CHARFLOW_DB`, then `$XDG_DATA_HOME/charflow/charflow.sqlite`.
    static func storePath(_ option: String?, _ environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["CHARFLOW_DB"], !path.isEmpty { return path }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/charflow/charflow.sqlite"
    }

    /// The zone named by `TZ` when it names one, else the system's.
    static func timeZone(_ environment: [String: String]) -> TimeZone {
        if var name = environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if name.hasPrefix("/usr/share/zoneinfo/") { name.removeFirst("/usr/share/zoneinfo/".count) }
            if let zone = TimeZone(identifier: name) { return zone }
        }
        return TimeZone.current
    }

    /// The first weekday of the user's locale (`LC_ALL`, `LC_TIME`, `LANG`); Monday where it says nothing.
    static func localeFirstWeekday(_ environment: [String: String]) -> Weekday {
        let name = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        guard identifier.contains("_") else { return .monday }
        switch Locale(identifier: identifier).firstDayOfWeek {
        case .sunday: return .sunday
        case .saturday: return .saturday
        default: return .monday
        }
    }

    /// `--now` / `CHARFLOW_NOW` (`YYYY-MM-DDTHH:MM` local time), else the system clock.
    static func clock(_ text: String?, zone: TimeZone) throws -> Date {
        guard let text, !text.isEmpty else { return Date() }
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = LocalDay(parts[0]), parts[1].count == 5 || parts[1].count == 8,
              let time = TimeOfDay(parts[1].prefix(5)) else {
            throw PlannerError.badTime(text)
        }
        var seconds = 0
        if parts[1].count == 8 {
            let tail = parts[1].dropFirst(5)
            guard tail.first == ":", tail.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(tail.dropFirst()), value < 60 else {
                throw PlannerError.badTime(text)
            }
            seconds = value
        }
        return PlannerCalendar(timeZone: zone).instant(on: day, at: time) + Double(seconds)
    }

    /// A DATE-WORD option, parsed.
    func dateWord(_ name: String) throws -> QuickDate? {
        guard let text = args.value(name) else { return nil }
        guard let word = QuickDate(word: text) else { throw PlannerError.badDate(text) }
        return word
    }

    func region(_ name: String = "region") throws -> Region? {
        guard let text = args.value(name) else { return nil }
        guard let region = Region(rawValue: text.lowercased()) else {
            throw PlannerError.invalidWord(what: "region", given: text, expected: "morning, afternoon or evening")
        }
        return region
    }

    func bucket() throws -> Bucket? {
        guard let text = args.value("bucket") else { return nil }
        guard let bucket = Bucket(word: text) else {
            throw PlannerError.invalidWord(what: "bucket", given: text, expected: "must, complementary or misc")
        }
        return bucket
    }

    func importance() throws -> Importance? {
        guard let text = args.value("importance") else { return nil }
        guard let importance = Importance(rawValue: text.lowercased()) else {
            throw PlannerError.invalidWord(what: "importance", given: text, expected: "low, medium or high")
        }
        return importance
    }

    func effort() throws -> Int?? {
        guard let text = args.value("effort") else { return nil }
        return .some(try Effort.parse(text))
    }

    /// `--repeat none|daily|weekly[:ISO,..]|monthly`, parsed.
    func repeatRule() throws -> (RepeatKind, String)? {
        guard let text = args.value("repeat") else { return nil }
        return try RepeatRule.parse(text)
    }

    /// `--reason too-much|not-ready|no-longer`: the reason chips.
    func reason() throws -> DeferralReason? {
        guard let text = args.value("reason") else { return nil }
        switch text.lowercased() {
        case "too-much", "toomuch": return .tooMuch
        case "not-ready", "notready": return .notReady
        case "no-longer", "nolonger": return .noLonger
        default:
            throw PlannerError.invalidWord(what: "reason", given: text, expected: "too-much, not-ready or no-longer")
        }
    }

    /// The single task id a command acts on.
    func taskWord(usage: String) throws -> String {
        guard let word = args.words.first else { throw UsageError(message: "Which task? Give its id.\nUsage: \(usage)") }
        return word
    }
}

/// One `charflow` command.
protocol Command {
    static var name: String { get }
    static var aliases: [String] { get }
    static var usage: String { get }
    static var summary: String { get }
    static var options: Set<String> { get }
    static var maxWords: Int { get }
    static func run(_ context: Context) throws
}

extension Command {
    static var aliases: [String] { [] }
    static var options: Set<String> { [] }
    static var maxWords: Int { 1 }
}
