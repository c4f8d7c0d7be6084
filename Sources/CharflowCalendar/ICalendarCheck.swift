import CharflowCore
import Foundation

/// The line-by-line check an iCalendar text passes before libical reads it, so that a broken file is
/// refused naming its line (rule F-10).
///
/// libical is lenient: it reads `2024-13-45` as a date, drops an RRULE it cannot read with a note
/// and no line number, and gives nothing at all for a calendar that is never closed. This check
/// holds the file's structure (every line a content line, every BEGIN closed by its END, everything
/// inside a VCALENDAR, every event with a DTSTART) and the values the engine reads from an event
/// (DTSTART, DTEND, RECURRENCE-ID, EXDATE, RDATE, DURATION, RRULE) to the grammar of RFC 5545.
/// Properties the engine does not read are left to libical, whose complaints are then placed on a
/// line by `line(ofLibraryError:)`.
struct ICalendarCheck {
    /// Every content line of the text, in order.
    let lines: [ContentLine]

    /// Checks `text`; the failure is the first problem and the line it is on.
    init(_ text: String) throws(Located) {
        var lines: [ContentLine] = []
        var open: [(name: String, line: Int, hasStart: Bool)] = []
        var sawCalendar = false
        for (number, bytes) in ContentLine.unfolded(text) {
            guard let line = ContentLine(bytes, number: number) else {
                let shown = String(decoding: bytes, as: UTF8.self)
                if open.isEmpty, number == 1, shown.hasPrefix("\u{FEFF}"), let line = ContentLine(Array(bytes.dropFirst(3)), number: number) {
                    try ICalendarCheck.take(line, into: &lines, open: &open, sawCalendar: &sawCalendar)
                    continue
                }
                throw Located(line: number, problem: .notAContentLine(shown))
            }
            try ICalendarCheck.take(line, into: &lines, open: &open, sawCalendar: &sawCalendar)
        }
        if let unclosed = open.last { throw Located(line: unclosed.line, problem: .unclosed(name: unclosed.name)) }
        guard sawCalendar else { throw Located(line: nil, problem: .noCalendar) }
        self.lines = lines
    }

    private static func take(_ line: ContentLine, into lines: inout [ContentLine],
                             open: inout [(name: String, line: Int, hasStart: Bool)], sawCalendar: inout Bool) throws(Located) {
        lines.append(line)
        switch line.name {
        case "BEGIN":
            let name = line.value.uppercased()
            if open.isEmpty {
                guard name == "VCALENDAR" else { throw Located(line: line.number, problem: .outsideCalendar(line.text)) }
                sawCalendar = true
            }
            open.append((name, line.number, false))
        case "END":
            let name = line.value.uppercased()
            guard let top = open.last, top.name == name else {
                throw Located(line: line.number, problem: .unexpectedEnd(name: name, open: open.last?.name))
            }
            if name == "VEVENT", !top.hasStart { throw Located(line: top.line, problem: .noStart) }
            open.removeLast()
        default:
            guard !open.isEmpty else { throw Located(line: line.number, problem: .outsideCalendar(line.text)) }
            guard open[open.count - 1].name == "VEVENT" else { return }
            if line.name == "DTSTART" { open[open.count - 1].hasStart = true }
            if let problem = problem(in: line) { throw Located(line: line.number, problem: problem) }
        }
    }

    /// What is wrong with the value of an event property the engine reads, if anything.
    static func problem(in line: ContentLine) -> ICalendarProblem? {
        let kind = line.parameters["VALUE"]?.uppercased()
        switch line.name {
        case "DTSTART", "DTEND", "RECURRENCE-ID":
            return isDateOrDateTime(line.value, kind: kind) ? nil : .badDate(property: line.name, value: line.value)
        case "EXDATE":
            return line.value.split(separator: ",", omittingEmptySubsequences: false)
                .allSatisfy { isDateOrDateTime($0, kind: kind) } ? nil : .badDate(property: line.name, value: line.value)
        case "RDATE":
            for item in line.value.split(separator: ",", omittingEmptySubsequences: false) {
                if kind == "PERIOD" || item.contains("/") {
                    let parts = item.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count == 2, isDateTime(parts[0]) else { return .badDate(property: line.name, value: line.value) }
                    guard isDateTime(parts[1]) || isDuration(parts[1]) else {
                        return .badDuration(property: line.name, value: line.value)
                    }
                } else if !isDateOrDateTime(item, kind: kind) {
                    return .badDate(property: line.name, value: line.value)
                }
            }
            return nil
        case "DURATION":
            return isDuration(Substring(line.value)) ? nil : .badDuration(property: line.name, value: line.value)
        case "RRULE":
            return isRule(line.value) ? nil : .badRule(line.value)
        default:
            return nil
        }
    }

    static func isDateOrDateTime(_ value: some StringProtocol, kind: String?) -> Bool {
        switch kind {
        case "DATE": isDate(value)
        case "DATE-TIME": isDateTime(value)
        default: isDate(value) || isDateTime(value)
        }
    }

    /// `YYYYMMDD`, a real date.
    static func isDate(_ value: some StringProtocol) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 8, let year = number(bytes, 0..<4), let month = number(bytes, 4..<6),
              let day = number(bytes, 6..<8) else { return false }
        return LocalDay(year: year, month: month, day: day) != nil
    }

    /// `YYYYMMDDTHHMMSS`, optionally ending in `Z`, a real date and time (a leap second allowed).
    static func isDateTime(_ value: some StringProtocol) -> Bool {
        var bytes = Array(value.utf8)
        if bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
        guard bytes.count == 15, bytes[8] == UInt8(ascii: "T"), isDate(String(decoding: bytes[0..<8], as: UTF8.self)),
              let hour = number(bytes, 9..<11), let minute = number(bytes, 11..<13), let second = number(bytes, 13..<15)
        else { return false }
        return hour < 24 && minute < 60 && second <= 60
    }

    /// `[+-]P…`: weeks alone, or days and/or a time part of hours, minutes and seconds in that order.
    static func isDuration(_ value: Substring) -> Bool {
        var rest = Substring(value.uppercased())
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        guard rest.first == "P" else { return false }
        rest = rest.dropFirst()
        func take(_ unit: Character) -> Bool {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, rest.dropFirst(digits.count).first == unit else { return false }
            rest = rest.dropFirst(digits.count + 1)
            return true
        }
        if take("W") { return rest.isEmpty }
        let days = take("D")
        guard rest.first == "T" else { return days && rest.isEmpty }
        rest = rest.dropFirst()
        var any = false
        for unit: Character in ["H", "M", "S"] where take(unit) { any = true }
        return any && rest.isEmpty
    }

    /// An RRULE whose FREQ is one of RFC 5545's, with a valid UNTIL, COUNT and INTERVAL where given.
    static func isRule(_ value: String) -> Bool {
        var frequency = false
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { return false }
            let item = pair[1].uppercased()
            switch pair[0].uppercased() {
            case "FREQ":
                guard ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"].contains(item) else { return false }
                frequency = true
            case "UNTIL":
                guard isDate(item) || isDateTime(item) else { return false }
            case "COUNT", "INTERVAL":
                guard let count = Int(item), count > 0 else { return false }
            default:
                break
            }
        }
        return frequency
    }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for byte in bytes[range] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The line libical's complaint is about: libical ends each with the text at fault ("…: PT1Q"),
    /// so it is the first line whose value or whole text is that text (or ends with it).
    func line(ofLibraryError words: String) -> Int? {
        guard let colon = words.range(of: ": ", options: .backwards) else { return nil }
        let culprit = words[colon.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !culprit.isEmpty else { return nil }
        return lines.first { $0.value == culprit || $0.text == culprit }?.number
            ?? lines.first { $0.text.hasSuffix(culprit) }?.number
    }

    /// A problem and the line it is on (nil when it is about the whole text).
    struct Located: Error {
        let line: Int?
        let problem: ICalendarProblem
    }
}
