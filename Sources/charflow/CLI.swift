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
        AnchorCommand.self, PrayersCommand.self, RemindCommand.self, ExportCommand.self, ImportCommand.self, SettingsCommand.self, EraseCommand.self, PrivacyCommand.self, ServeCommand.self, OpenCommand.self, PairCommand.self, HubCommand.self, SyncCommand.self, ConflictsCommand.self, CalendarCommand.self, ReviewCommand.self, StatsCommand.self, HelpCommand.self,
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
            // What an input lacks is phrased with the usage of the innermost group that chose the command.
            var phrasing: any Command.Type = command
            do {
                let chosen = try subcommand(of: command, words: &args.words, group: &phrasing)
                if !chosen.readsTypedInput {
                    try args.check(allowed: chosen.options, maxWords: chosen.maxWords, usage: chosen.usage)
                }
                try chosen.run(Context(args: args, environment: environment, output: output))
            } catch let error as UsageRefusal {
                throw UsageError(message: UsageWords.phrase(error, command: phrasing.name, usage: phrasing.usage))
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

extension CLI {
    /// The command that runs: `command` itself, or for a group the subcommand its first word names (the
    /// word taken off), or the group's bare command when no word is given.
    static func subcommand(of command: any Command.Type, words: inout [String],
                           group phrasing: inout any Command.Type) throws -> any Command.Type {
        guard let group = command.asGroup else { return command }
        phrasing = group
        guard let word = words.first else {
            guard let bare = group.bare else { throw UsageError(message: "Usage: \(command.usage)") }
            return bare
        }
        // A subcommand is named by its own word ("carry"), or by the group's and its own ("habit add").
        guard let chosen = group.subcommands.first(where: { $0.name == word || $0.name.hasSuffix(" " + word) || $0.aliases.contains(word) }) else {
            throw UsageRefusal.unknownAction(word)
        }
        words.removeFirst()
        return try subcommand(of: chosen, words: &words, group: &phrasing)
    }
}

/// What a command needs: its arguments, the environment, and where to print.
struct Context {
    let args: Arguments
    let environment: [String: String]
    let output: Output


    /// The options every command takes, which no input reads.
    static let globalOptions: Set<String> = ["db", "now", "json", "no-color", "help"]

    /// The command's typed input, read from its words and options; an option it does not take, an option
    /// without its value or a word too many is a usage error, named before anything the input refuses.
    /// A word past the positions is refused with `unexpected`, by default "Unexpected 'WORD'." and the usage.
    func input<T: Decodable>(_ type: T.Type, positions: [String], usage: String,
                             unexpected: (String) -> (any Error)? = { _ in nil }) throws -> T {
        let words = WordsDecoder(words: args.words, positions: positions,
                                 options: args.values.filter { !Context.globalOptions.contains($0.key) },
                                 switches: args.switches.subtracting(Context.globalOptions))
        var asked: Set<String> = []
        let result = Result { try words.decode(type, asked: &asked) }
        if case .failure = result, let keys = words.keys(of: type) { asked.formUnion(keys) }
        let given = Set(words.options.keys).union(words.switches).union(args.missingValues)
        // A positional word is never an option too: `add Milk --title X` would read one and drop the other.
        let positional = Set(positions.map { $0.hasSuffix("...") ? String($0.dropLast(3)) : $0 })
        if let misplaced = given.intersection(positional).sorted().first {
            throw UsageError(message: "Unknown option --\(misplaced).\nUsage: \(usage)")
        }
        if case .success = result, let unknown = given.subtracting(asked).sorted().first {
            throw UsageError(message: "Unknown option --\(Messages.echo(unknown)).\nUsage: \(usage)")
        } else if case .failure = result, let unknown = given.subtracting(asked).sorted().first, words.keys(of: type) != nil {
            throw UsageError(message: "Unknown option --\(Messages.echo(unknown)).\nUsage: \(usage)")
        }
        if let name = args.missingValues.first { throw UsageError(message: "--\(name) needs a value.") }
        let takesRest = positions.last?.hasSuffix("...") ?? false
        if !takesRest, args.words.count > positions.count {
            let word = args.words[positions.count]
            throw unexpected(word) ?? UsageError(message: "Unexpected '\(Messages.echo(word))'.\nUsage: \(usage)")
        }
        return try result.get()
    }

    /// Opens the store (or the one at `storePath`) as of the command's clock, running any missed rollover
    /// first; `holdingCommits` false leaves out the crash tests' hold before each commit.
    func app(storePath: String? = nil, holdingCommits: Bool = true) throws -> Charflow {
        var store = try StoreEnvironment(environment: environment, storeOption: args.value("db"))
        if let storePath { store = store.at(storePath) }
        // An option given empty is refused; only an empty environment variable counts as not set.
        if args.value("now") == "" { throw InputError.badTime("") }
        let now = try StoreEnvironment.clock(args.value("now") ?? environment["CHARFLOW_NOW"], zone: store.timeZone)
        let app = try store.open(now: now)
        if !app.settings.color { output.color = false }
        let shortIDs = app.shortIDs()
        output.taskShortID = { shortIDs($0) }
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
    /// The group this command is, or nil. Asked instead of `as? any CommandGroup.Type`: the runtime
    /// answers a cast it has not seen in this process by searching every conformance in the binary
    /// (about 250,000 instructions, on every command's start).
    static var asGroup: (any CommandGroup.Type)? { get }
    /// Whether the command reads one typed input (a `TypedCommand`, which checks its own words); asked
    /// instead of a cast, as `asGroup` is.
    static var readsTypedInput: Bool { get }
}

extension Command {
    static var aliases: [String] { [] }
    static var options: Set<String> { [] }
    static var maxWords: Int { 1 }
    static var asGroup: (any CommandGroup.Type)? { nil }
    static var readsTypedInput: Bool { false }
}

/// A command whose first word names one of its subcommands (`plan carry`, `category add`), each a
/// command of its own with its own typed input; `bare` runs when no word is given.
protocol CommandGroup: Command {
    static var subcommands: [any Command.Type] { get }
    static var bare: (any Command.Type)? { get }
}

extension CommandGroup {
    static var bare: (any Command.Type)? { nil }
    static var asGroup: (any CommandGroup.Type)? { self }

    static func run(_ context: Context) throws {
        preconditionFailure("a group runs one of its subcommands")
    }
}

/// A command whose words and options are one typed input: the use case's `Input`, read by
/// `WordsDecoder` from the positional words (named by `positions`) and the options, whose names are
/// the input's coding keys. An option the input does not take is a usage error naming it.
protocol TypedCommand: Command {
    associatedtype Input: Decodable
    /// The names the positional words fill, in order; a last name ending in `...` takes the rest.
    static var positions: [String] { get }
    static func run(_ input: Input, _ context: Context) throws
    /// What a word past the positions is refused with; nil for the usual "Unexpected 'WORD'.".
    static func unexpected(_ word: String) -> (any Error)?
}

extension TypedCommand {
    static var positions: [String] { [] }
    static var readsTypedInput: Bool { true }

    static func unexpected(_ word: String) -> (any Error)? { nil }

    static func run(_ context: Context) throws {
        try run(try context.input(Input.self, positions: positions, usage: usage, unexpected: unexpected), context)
    }
}
