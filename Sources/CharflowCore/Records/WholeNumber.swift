/// A whole number where it enters Charflow (an option, a word), checked against the range it may take.
///
/// Every number is bounded where it comes in, so no later sum or product can overflow: a count of
/// 9223372036854775807 is refused at the command line instead of crashing the next log.
public enum WholeNumber {
    /// One habit log's `--count`.
    public static let habitCount = 1...10_000
    /// One habit log's `--minutes`: at most a day.
    public static let habitMinutes = 1...1_440
    /// A habit's `--target` (each kind narrows it further).
    public static let habitTarget = 0...100_000
    /// What one day's count of a counted habit may reach through its logs.
    public static let habitDayTotal = 0...1_000_000
    /// A task's `--position` in its bucket: bounded only against overflow, since the bucket's own size
    /// decides which positions exist and its refusal names them ("choose 1 to 3").
    public static let position = -1_000_000...1_000_000
    /// A checklist item's number: bounded like `position`; the notes decide which items exist.
    public static let checklistItem = -1_000_000...1_000_000

    /// The number `text` writes, or nil when it is not a whole number at all; a whole number outside
    /// `range` (however many digits it has) is refused with `outOfRange`, naming `what`.
    public static func parse(_ text: String, what: String, in range: ClosedRange<Int>) throws(PlannerError) -> Int? {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        guard let value = Int(text), range.contains(value) else {
            throw .outOfRange(what: what, given: text, range: "\(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
