import CharflowApp
import CharflowCore
import CharflowStore

/// `charflow settings [KEY [VALUE]]`: list, read or change a setting.
enum SettingsCommand: Command {
    static let name = "settings"
    static let usage = "charflow settings [KEY [VALUE]]"
    static let summary = "Show or change settings (rollover-time, first-weekday, lock-complementary, ...)"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        let words = context.args.words
        if let key = words.first, !PlannerSettings.keys.contains(key) { throw PlannerError.unknownSetting(key) }
        let planner = try context.planner()
        if words.count == 2 { try planner.setSetting(words[0], words[1]) }
        let keys = words.first.map { [$0] } ?? PlannerSettings.keys
        let pairs = keys.map { key in (key, value(of: key, planner: planner)) }
        let width = (pairs.map(\.0.count).max() ?? 0) + 2
        context.output.emit(
            text: pairs.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 }.joined(separator: "\n"),
            json: .object(pairs.map { ($0.0, .string($0.1)) }))
    }

    /// The effective value, showing where the first weekday comes from when it is not set.
    static func value(of key: String, planner: Planner) -> String {
        if key == "first-weekday", planner.settings.firstWeekday == nil {
            return planner.calendar.firstWeekday.name
        }
        return planner.settings.value(of: key) ?? ""
    }
}
