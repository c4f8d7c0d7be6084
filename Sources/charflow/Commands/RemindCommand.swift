import CharflowApp
import CharflowCore
import Foundation

/// `charflow remind [--notify]`: what is due now, each once a day.
enum RemindCommand: TypedCommand {
    static let name = "remind"
    static let usage = "charflow remind [--notify|--dry-run] [--json]"
    static let summary = "Print (and with --notify, send) the reminders due now; run it from a timer"

    /// Whether to send the reminders to the desktop, and whether only to look (`--dry-run` records nothing).
    struct Input: Decodable {
        var notify: Bool?
        var dryRun: Bool?

        enum CodingKeys: String, CodingKey {
            case notify
            case dryRun = "dry-run"
        }
    }

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.reminders()
        let dryRun = input.dryRun == true
        if input.notify == true, !dryRun {
            for reminder in report.reminders { notify(reminder.message, environment: context.environment) }
        }
        context.output.emit(text: report.reminders.map(\.message).joinedText(separator: "\n"), json: report.json)
        // Given once a day: what was printed is recorded, unless this was only a look.
        if !dryRun { try app.markSeen(report.seen) }
    }

    /// Hands one reminder to `notify-send` when it is on the PATH; silently does nothing otherwise.
    static func notify(_ message: String, environment: [String: String]) {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        guard let tool = path.split(separator: ":").map({ "\($0)/notify-send" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["Charflow", message]
        try? process.run()
        process.waitUntilExit()
    }
}
