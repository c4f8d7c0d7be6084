import CharflowCore
import Foundation

/// The anchor a person names: the first characters of its id (4 or more, any case), or its title (any
/// case), as a habit is named.
///
/// Found by the use case among the store's anchors (`Charflow.anchor(_:)`).
public struct AnchorRef: WordValue, Equatable, CustomStringConvertible {
    public let word: String

    /// The anchor with exactly this id.
    public init(_ id: UUID) {
        word = id.lowercasedText
    }

    private init(word: String) {
        self.word = word
    }

    public static func reading(_ word: String) throws -> AnchorRef {
        guard !word.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageRefusal.missing("anchor") }
        return AnchorRef(word: word)
    }

    public var description: String { word }
}
