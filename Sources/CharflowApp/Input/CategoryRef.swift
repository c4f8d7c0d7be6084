import CharflowCore
import Foundation

/// The category a person names: its name (any case) or the first characters of its id.
///
/// Found by the use case among the store's categories (`TaskCategory.matching`).
public struct CategoryRef: WordValue, Equatable, CustomStringConvertible {
    public let word: String

    /// The category with exactly this id.
    public init(_ id: UUID) {
        word = id.lowercasedText
    }

    private init(word: String) {
        self.word = word
    }

    public static func reading(_ word: String) throws -> CategoryRef {
        CategoryRef(word: word)
    }

    public var description: String { word }
}

/// A category as an edit gives it: one to set, or `none` (a body's `null`) to take the label off.
public enum CategoryChoice: WordValue, NullMeaningful, Equatable {
    case none
    case category(CategoryRef)

    public static func reading(_ word: String) throws -> CategoryChoice {
        word.lowercased() == "none" ? .none : .category(try CategoryRef.reading(word))
    }

    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { $0.decodeNil() ? .none : try Self.reading(try $0.decode(String.self)) }
    }
}
