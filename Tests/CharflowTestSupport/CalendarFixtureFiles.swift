import Foundation

/// The calendar tests' fixture files as files: the vdir folder `Tests/CharflowCalendarTests/Fixtures/events`
/// (one `.ics` a UID) and the same events combined into one `.ics`, for every test target that reads
/// or serves them (`CalendarServers`). What the events are is told in `CalendarFixtures`.
public enum CalendarFixtureFiles {
    /// The vdir folder.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CharflowCalendarTests").appendingPathComponent("Fixtures").appendingPathComponent("events")

    /// The `.ics` files of `folder`, sorted by name.
    public static func files(in folder: URL = folder) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "ics" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Every fixture's VTIMEZONEs (each TZID once) and VEVENTs in one VCALENDAR, lines ending in CRLF,
    /// as a calendar's subscription address serves them.
    public static func combined() throws -> String {
        var zones: [String: [String]] = [:]
        var zoneOrder: [String] = []
        var events: [String] = []
        for file in try files() {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            var block: [String] = []
            for line in lines {
                if line == "BEGIN:VTIMEZONE" || line == "BEGIN:VEVENT" { block = [line]; continue }
                guard !block.isEmpty else { continue }
                block.append(line)
                if line == "END:VTIMEZONE" {
                    let tzid = block.first { $0.hasPrefix("TZID:") }!
                    if zones[tzid] == nil { zoneOrder.append(tzid); zones[tzid] = block }
                    block = []
                } else if line == "END:VEVENT" {
                    events += block
                    block = []
                }
            }
        }
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Charflow tests//Combined fixtures//EN"]
            + zoneOrder.flatMap { zones[$0]! } + events + ["END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A copy of the fixture folder in `parent`, to serve or change.
    public static func copy(into parent: URL, named name: String = "events") throws -> URL {
        let target = parent.appendingPathComponent(name)
        try FileManager.default.copyItem(at: folder, to: target)
        return target
    }
}
