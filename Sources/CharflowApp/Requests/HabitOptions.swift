import CharflowCore
import CharflowStore
import Foundation

/// The habit options of a request (`--kind`, `--target`, `--days`, `--window`, ...), parsed.
extension Request {
    func habitKind() throws -> HabitKind? {
        guard let text = value("kind") else { return nil }
        guard let kind = HabitKind(rawValue: text.lowercased()) else {
            throw InputError.invalidWord(what: "kind", given: text, expected: "binary, counted, timed or avoid")
        }
        return kind
    }

    /// A whole-number option within `range`: a number outside it is refused where it enters, so no
    /// later sum can overflow (`what` names it in the refusal).
    public func number(_ name: String, what: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let value = try WholeNumber.parse(text, what: what, in: range) else {
            throw RequestError.notANumber(option: name, given: text)
        }
        return value
    }

    func habitEffort() throws -> Int?? {
        guard let text = value("effort") else { return nil }
        if text.lowercased() == "none" { return .some(nil) }
        guard let minutes = Int(text), (1...1440).contains(minutes) else { throw InputError.badEffort(text) }
        return .some(minutes)
    }

    /// `--days ISO,..|daily`, `--weekdays` or `--per-week N`: at most one.
    func habitSchedule() throws -> HabitSchedule? {
        let given = [value("days") != nil, has("weekdays"), value("per-week") != nil].filter { $0 }.count
        guard given <= 1 else { throw RequestError.atMostOne(["days", "weekdays", "per-week"]) }
        if has("weekdays") { return .weekdays }
        if let text = value("per-week") {
            guard let count = Int(text), (1...7).contains(count) else {
                throw InputError.invalidWord(what: "times a week", given: text, expected: "1 to 7")
            }
            return .timesPerWeek(count)
        }
        if let text = value("days") {
            if text.lowercased() == "daily" { return .daily }
            var days = Set<Weekday>()
            for piece in text.split(separator: ",") {
                let word = piece.trimmingCharacters(in: .whitespaces)
                guard let day = Int(word).flatMap(Weekday.init(isoNumber:)) ?? Weekday(name: word) else {
                    throw InputError.invalidWord(what: "day", given: word, expected: "ISO numbers 1–7 or names like mon")
                }
                days.insert(day)
            }
            guard !days.isEmpty else { throw InputError.invalidWord(what: "days", given: text, expected: "at least one day") }
            return days.count == 7 ? .daily : .custom(days)
        }
        return nil
    }

    func habitWindows() throws -> [WindowSpec] {
        try values("window").map(WindowSpec.parse)
    }

    /// The habit a `habit VERB ID` request names: exactly one word after the verb.
    func habitSubject() throws -> String {
        guard words.count == 2 else { throw RequestError.missing("habit") }
        return words[1]
    }
}
