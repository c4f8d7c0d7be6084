import CharflowApp
import CharflowCore

/// `charflow prayers [DATE] [--days N]`: the prayer times for the location the settings hold (rule F-7).
enum PrayersCommand: TypedCommand {
    static let name = "prayers"
    static let usage = "charflow prayers [today|tomorrow|yesterday|YYYY-MM-DD] [--days N]"
    static let summary = "Print the prayer times (set the place with `charflow settings location LAT,LON`)"
    typealias Input = ReadPrayerTimes.Input
    static let positions = ["date"]

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.readPrayerTimes(input)
        let output = context.output
        let settings = report.settings
        var text = [output.bold("Prayer times") + " at \(report.location.word) · \(settings.method.name), Asr \(settings.asr.word)"]
        var bounded = false
        for times in report.days {
            let mark = { (prayer: Prayer) -> String in
                guard times.boundedPrayers.contains(prayer) else { return "" }
                bounded = true
                return "*"
            }
            let cells = ["Fajr \(times.timeOfDay(of: .fajr))\(mark(.fajr))", "Sunrise \(times.sunriseTimeOfDay)"]
                + Prayer.allCases.dropFirst().map { "\($0.name) \(times.timeOfDay(of: $0))\(mark($0))" }
            text.append("\(times.day) \(times.day.weekday.shortName)  " + cells.joinedText(separator: "  "))
        }
        if bounded {
            text.append(output.dim("* set by the high-latitude rule (\(settings.highLatitude.name)): the sun's angle gives no time there that day."))
        }
        if !settings.adjustments.isNone {
            text.append(output.dim("Adjusted by you: " + Prayer.allCases.filter { settings.adjustments[$0] != 0 }
                .map { "\($0.name) \(settings.adjustments[$0] > 0 ? "+" : "")\(settings.adjustments[$0]) min" }.joinedText(separator: ", ") + "."))
        }
        output.emit(text: text.joinedText(separator: "\n"), json: report.json)
    }
}
