import CharflowApp
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
        RemindCommand.self, ExportCommand.self, ImportCommand.self, SettingsCommand.self, EraseCommand.self, PrivacyCommand.self, ServeCommand.self, OpenCommand.self, HubCommand.self, SyncCommand.self, ConflictsCommand.self, HelpCommand.self,
    ] }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Runs one command on `console`'s streams; `undecodable` is the position of an argument that was not
    /// UTF-8 (refused).
    ///
    /// The user's own files (the password file, a blind hub's key) are looked for in `environment`, not
    /// the process's: the same in the binary, and each run's own home when a test runs it in its process.
    static func run(arguments: [String], environment: [String: String], console: Console = .process,
                    undecodable: Int? = nil) -> Int32 {
        HomeEnvironment.$bound.withValue(environment) {
            perform(arguments: arguments, environment: environment, console: console, undecodable: undecodable)
        }
    }

    private static func perform(arguments: [String], environment: [String: String], console: Console,
                                undecodable: Int?) -> Int32 {
        let output = Output(environment: environment, json: arguments.contains("--json"), console: console)
        do {
            if let undecodable { throw UsageError(message: Messages.argumentNotUTF8(undecodable)) }
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
            do {
                try command.run(context)
            } catch let error as RequestError {
                throw UsageError(message: UsageWords.phrase(error, command: command.name, usage: command.usage))
            }
            return 0
        } catch let error as UsageError {
            output.fail(code: "usage", message: error.message)
            return 2
        } catch let error as any CharflowRefusal {
            output.fail(code: error.code, message: CommandLineWords.text(error))
            return 1
        } catch let refusal where Refusal(refusal) != nil {
            let refusal = Refusal(refusal)!
            output.fail(code: refusal.code, message: refusal.message)
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

    /// The arguments as the application layer takes them.
    var request: Request { Request(words: args.words, options: args.values, switches: args.switches) }

    /// Checks the arguments against `useCase` (its subject), then opens the store: a usage error opens nothing.
    func app(for useCase: UseCase) throws -> Charflow {
        try useCase.validate(request)
        return try app()
    }

    /// Opens the store (or the one at `storePath`) as of the command's clock, running any missed rollover
    /// first; `holdingCommits` false leaves out the crash tests' hold before each commit.
    func app(storePath: String? = nil, holdingCommits: Bool = true) throws -> Charflow {
        var store = try StoreEnvironment(environment: environment, storeOption: args.value("db"))
        if let storePath { store = StoreEnvironment(path: storePath, timeZone: store.timeZone, localeFirstWeekday: store.localeFirstWeekday) }
        // An option given empty is refused; only an empty environment variable counts as not set.
        if args.value("now") == "" { throw InputError.badTime("") }
        let now = try StoreEnvironment.clock(args.value("now") ?? environment["CHARFLOW_NOW"], zone: store.timeZone)
        let app = try store.open(now: now)
        if !app.settings.color { output.color = false }
        // A test seam: hold every action open before it commits, so a crash test can kill it there.
        if holdingCommits, let stall = environment["CHARFLOW_TEST_STALL_MS"].flatMap(Int.init), stall > 0 {
            app.holdBeforeCommit(milliseconds: stall, mark: environment["CHARFLOW_TEST_STALL_MARK"])
        }
        return app
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
