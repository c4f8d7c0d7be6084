import CharflowApp
import CharflowCore

/// `charflow settings [KEY [VALUE]]`: list, read or change a setting.
enum SettingsCommand: Command {
    static let name = "settings"
    static let usage = "charflow settings [KEY [VALUE]]"
    static let summary = "Show or change settings (rollover-time, first-weekday, lock-complementary, ...)"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        if let key = context.args.words.first, !PlannerSettings.keys.contains(key) { throw PlannerError.unknownSetting(key) }
        let report = try context.app().settings(context.request)
        let width = (report.pairs.map(\.key.count).max() ?? 0) + 2
        var lines = report.pairs.map { $0.key + Padding.spaces(width - $0.key.count) + $0.value }
        if let meaning = report.meaning { lines.append(meaning) }
        context.output.emit(text: lines.joined(separator: "\n"), json: report.json)
    }
}
