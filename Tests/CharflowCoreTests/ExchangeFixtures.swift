import CharflowCore
import Foundation
import Testing

/// Builders and small readers for the export/import tests (rules X-2 … X-5); no machine clock or zone.
enum ExchangeFixture {
    static func day(_ text: String) -> LocalDay {
        LocalDay(text)!
    }

    static func calendar(_ zone: String = "America/New_York", rollover: String = "00:00") -> PlannerCalendar {
        PlannerCalendar(timeZone: TimeZone(identifier: zone)!, firstWeekday: .monday, rollover: TimeOfDay(rollover)!)
    }

    /// A UTC instant written `2026-03-01T09:15:00Z`.
    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)!
    }

    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
    }

    static func task(
        _ title: String, id n: Int, due: String? = nil, importance: Importance = .low,
        repeat kind: RepeatKind = .none, weekdays: String = "", dayOfMonth: Int = 0
    ) -> TaskItem {
        TaskItem(id: id(n), title: title, dueDate: due.map(day), importance: importance, repeatKind: kind,
                 repeatWeekdays: weekdays, repeatDayOfMonth: dayOfMonth,
                 seriesID: kind == .none ? nil : id(1000 + n), createdAt: utc("2026-01-01T08:00:00Z"),
                 modifiedAt: utc("2026-01-02T10:30:05Z"))
    }

    /// The unfolded content lines of an iCalendar text (RFC 5545 §3.1).
    /// Works on octets, as the RFC does: a continuation may start with a combining mark.
    static func unfolded(_ ics: String) -> [String] {
        physicalLines(ics).reduce(into: [[UInt8]]()) { lines, line in
            if line.first == 32, !lines.isEmpty { lines[lines.count - 1] += line.dropFirst() } else { lines.append(line) }
        }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The physical lines of a CRLF text as raw bytes, the final empty piece dropped.
    static func physicalLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                lines.append([])
                index += 2
            } else {
                lines[lines.count - 1].append(bytes[index])
                index += 1
            }
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The VTODO of `uid`'s task, as unfolded lines.
    static func todoLines(_ ics: String, id n: Int) -> [String] {
        let lines = unfolded(ics)
        guard let start = lines.firstIndex(of: "UID:" + id(n).uuidString.lowercased() + "@charflow") else { return [] }
        let end = lines[start...].firstIndex(of: "END:VTODO") ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// Reads RFC 4180 CSV back into records of fields (quoted fields may hold commas, quotes and newlines).
    static func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { field += "\""; scalars.removeFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field); field = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
