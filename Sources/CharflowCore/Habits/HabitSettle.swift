/// How a habit's session settles the one running when it begins (`habit begin --settle`): logged
/// (`done`) or stopped (`stop`), H-12.
///
/// `defer` and `drop` are read as well, so that the rule refuses them in its own words
/// (`PlannerError.habitSessionSettle`); a word that is none of the four is refused naming the two a habit takes.
public struct HabitSettle: WordValue, Equatable {
    public let choice: SessionSettle

    public init(_ choice: SessionSettle) {
        self.choice = choice
    }

    public static func reading(_ word: String) throws -> HabitSettle {
        guard let choice = SessionSettle(rawValue: word.lowercased()) else {
            throw InputError.invalidWord(what: "settle choice", given: word, expected: "done or stop")
        }
        return HabitSettle(choice)
    }
}
