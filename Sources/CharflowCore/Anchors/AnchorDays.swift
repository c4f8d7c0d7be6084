/// The ISO weekdays a fixed anchor comes on, as `--days` gives them: numbers (`1,3,5`) or names
/// (`mon,wed,fri`), or `daily`.
public struct AnchorDays: WordValue, Equatable {
    public let days: Set<Weekday>

    public init(_ days: Set<Weekday>) {
        self.days = days
    }

    public static func reading(_ word: String) throws -> AnchorDays {
        if word.lowercased() == "daily" { return AnchorDays(Set(Weekday.allCases)) }
        var days = Set<Weekday>()
        for piece in word.split(separator: ",", omittingEmptySubsequences: false) {
            let name = piece.trimmingWhitespace()
            guard let day = Int(name).flatMap(Weekday.init(isoNumber:)) ?? Weekday(name: name) else {
                throw InputError.invalidWord(what: "day", given: name, expected: "ISO numbers 1–7 or names like mon")
            }
            days.insert(day)
        }
        return AnchorDays(days)
    }
}
