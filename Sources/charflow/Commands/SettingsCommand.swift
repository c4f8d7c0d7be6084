import CharflowApp
import CharflowCore

/// `charflow settings [KEY [VALUE]]`: list, read or change a setting.
enum SettingsCommand: TypedCommand {
    static let name = "settings"
    static let usage = "charflow settings [KEY [VALUE]]"
    static let summary = "Show or change settings (rollover-time, first-weekday, lock-complementary, ...)"
    static let positions = ["key", "value"]

    /// A setting to read, every one, or one to change (with its value).
    struct Input: Decodable {
        var key: SettingKey?
        var value: String?
    }

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = if let key = input.key, let value = input.value {
            try app.changeSetting(ChangeSetting.Input(key: key, value: value))
        } else {
            try app.readSettings(ReadSettings.Input(key: input.key))
        }
        let width = (report.pairs.map(\.key.count).max() ?? 0) + 2
        var lines = report.pairs.map { $0.key + Padding.spaces(width - $0.key.count) + $0.value }
        if let meaning = report.meaning { lines.append(meaning) }
        context.output.emit(text: lines.joined(separator: "\n"), json: report.json)
    }
}
