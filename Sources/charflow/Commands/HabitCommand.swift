import CharflowApp
import CharflowCore

/// `charflow habit add|edit|log|grid|pause|resume|archive|restore|begin|group|list|offers|adopt|decline`: the first word names
/// the subcommand, which takes only its own options.
enum HabitCommand: CommandGroup {
    static let name = "habit"
    static let usage = """
        charflow habit add TITLE [--preset quran|dhikr|exercise|running] [--kind binary|counted|timed|avoid] \
        [--target N] [--days ISO,..|--weekdays|--per-week N] [--window "LABEL HH:MM-HH:MM [remind HH:MM]"]... \
        [--effort MINUTES|none] [--group NAME] [--notes TEXT]
               charflow habit edit ID [options of add] [--title TEXT]
               charflow habit log ID [--window LABEL] [--count N|--minutes N|--slip|--held|--undo] [--date YYYY-MM-DD]
               charflow habit grid ID [--weeks N] [--window LABEL]
               charflow habit pause ID [--from D] [--to RESUME-DAY] --reason travel|illness|cycle|other | habit resume ID
               charflow habit archive ID | restore ID | begin ID [--window LABEL] [--settle done|stop]
               charflow habit offers | adopt TITLE|ID | decline TITLE|ID
        """
    static let summary = "Habits: add, edit, log, grid, pause, archive, begin (see `charflow habits`)"

    static var subcommands: [any Command.Type] { [
        HabitAddCommand.self, HabitEditCommand.self, HabitLogCommand.self, HabitGridCommand.self, HabitPauseCommand.self,
        HabitResumeCommand.self, HabitArchiveCommand.self, HabitRestoreCommand.self, HabitBeginCommand.self,
        GroupCommand.self, HabitListCommand.self, HabitOffersCommand.self, HabitAdoptCommand.self, HabitDeclineCommand.self,
    ] }

    /// The line of an action on one habit: "Added 1a2b3c4d “Walk” — daily."
    static func emit(_ report: HabitReport, _ done: String, output: Output) {
        output.emit(text: "\(done) \(report.habit.shortID) “\(report.habit.title)” — \(HabitText.schedule(report.habit)).",
                    json: report.json)
    }
}

/// A subcommand of `habit` on the one habit its word names (`habit log ID`, `habit pause ID`, …), with
/// the usage of `habit`.
protocol HabitSubcommand: TypedCommand {}

extension HabitSubcommand {
    static var positions: [String] { ["habit"] }
    static var usage: String { HabitCommand.usage }

    /// The habit is one word: a second one (a title left unquoted) asks again which habit.
    static func unexpected(_ word: String) -> (any Error)? { UsageRefusal.missing("habit") }
}
