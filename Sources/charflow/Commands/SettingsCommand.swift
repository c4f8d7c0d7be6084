import CharflowApp
import CharflowCore

/// `charflow settings [KEY [VALUE]]`: list, read or change a setting; `settings prayer-adjust PRAYER
/// MINUTES` adjusts one prayer.
enum SettingsCommand: TypedCommand {
    static let name = "settings"
    static let usage = """
        charflow settings [KEY [VALUE]]
               charflow settings morning|afternoon|evening HH:MM-HH:MM
               charflow settings location LAT,LON[,ELEVATION]|none | prayer-method M | asr standard|hanafi
               charflow settings high-latitude middle|seventh|angle | prayer-adjust PRAYER MINUTES
        """
    static let summary = "Show or change settings (rollover-time, region hours, location for prayer times, ...)"
    static let positions = ["key", "value", "minutes"]

    /// A setting to read, every one, or one to change (with its value); a prayer's adjustment takes the
    /// prayer as its value and the minutes after it.
    struct Input: Decodable {
        var key: SettingKey?
        var value: String?
        var minutes: String?
    }

    static func run(_ input: Input, _ context: Context) throws {
        if let minutes = input.minutes, input.key?.name != "prayer-adjust" {
            throw UsageError(message: "Unexpected '\(minutes)'.\nUsage: \(usage)")
        }
        let report: SettingsReport
        if let key = input.key, key.name == "prayer-adjust", let value = input.value, value.lowercased() != "none", !value.contains("=") {
            let prayer = try Prayer.reading(value)
            guard let minutes = input.minutes else { throw UsageRefusal.missing("minutes") }
            let adjustment = try PrayerMinutes.reading(minutes)
            report = try context.app().adjustPrayerTime(AdjustPrayerTime.Input(prayer: prayer, minutes: adjustment))
        } else if let key = input.key, let value = input.value {
            report = try context.app().changeSetting(ChangeSetting.Input(key: key, value: value))
        } else {
            report = try context.app().readSettings(ReadSettings.Input(key: input.key))
        }
        let width = (report.pairs.map(\.key.count).max() ?? 0) + 2
        var lines = report.pairs.map { $0.key + Padding.spaces(width - $0.key.count) + $0.value }
        if let meaning = report.meaning { lines.append(meaning) }
        context.output.emit(text: lines.joinedText(separator: "\n"), json: report.json)
    }
}
