import CharflowApp
/// `charflow help [COMMAND]`.
enum HelpCommand: TypedCommand {
    static let name = "help"
    static let usage = "charflow help [COMMAND]"
    static let summary = "This list, or one command's usage"

    static let positions = ["command"]

    /// The command to explain; every command when none.
    struct Input: Decodable {
        var command: String?
    }

    static func run(_ input: Input, _ context: Context) throws {
        if let word = input.command {
            guard let command = CLI.command(named: word) else {
                throw UsageError(message: "Unknown command '\(word)'. Run `charflow help` for the list.")
            }
            context.output.line(help(for: command))
            return
        }
        var lines = ["charflow — a calm daily planner: Morning, Afternoon, Evening; 1 Must-Do, 3 Complementary, 5 Misc.",
                     "", "Commands:"]
        for command in CLI.commands {
            lines.append("  " + command.name + Padding.spaces(max(2, 11 - command.name.count)) + command.summary)
        }
        lines += ["", "Everywhere: --db PATH (or CHARFLOW_DB), --now YYYY-MM-DDTHH:MM (or CHARFLOW_NOW), --json.",
                  "A task is named by its id or any unique prefix of 4+ characters."]
        context.output.line(lines.joinedText(separator: "\n"))
    }

    static func help(for command: any Command.Type) -> String {
        command.summary + "\nUsage: " + command.usage
    }
}
