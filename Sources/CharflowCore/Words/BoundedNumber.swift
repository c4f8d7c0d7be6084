/// A whole number a person gives, within the range its field may take: refused where it enters, so no
/// later sum or product can overflow (`WholeNumber`).
///
/// On the command line a word (`--position 2`); in a request body a JSON whole number, checked the same way.
public protocol BoundedNumber: WordValue {
    /// The numbers the field takes.
    static var range: ClosedRange<Int> { get }
    /// The field in a refusal's words: "a position".
    static var what: String { get }
    var value: Int { get }
    init(_ value: Int)
    /// What a word that is no number at all is refused with; by default `UsageRefusal.notANumber`, whose
    /// option the reader that knows it names.
    static func notANumber(_ word: String) -> any Error
}

extension BoundedNumber {
    public static func notANumber(_ word: String) -> any Error {
        UsageRefusal.notANumber(option: "", given: word)
    }

    public static func reading(_ word: String) throws -> Self {
        guard let value = try WholeNumber.parse(word, what: what, in: range) else { throw notANumber(word) }
        return Self(value)
    }

    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { try Self.reading(String(try $0.decode(Int.self))) }
    }
}

/// A task's position in its bucket, from 1 (`reorder --position N`).
public struct BucketPosition: BoundedNumber, Equatable {
    public static let range = WholeNumber.position
    public static let what = "a position"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// A checklist item's number in a task's notes, from 1 (`check ID N`).
public struct ChecklistItemNumber: BoundedNumber, Equatable {
    public static let range = WholeNumber.checklistItem
    public static let what = "a checklist item"
    public let value: Int
    public init(_ value: Int) { self.value = value }

    /// A word that is no number does not name an item at all: which item is asked.
    public static func notANumber(_ word: String) -> any Error { UsageRefusal.missing("item") }
}
