import Foundation

/// A label a task may carry, with one of five colours (`task.md`, TaskCategory).
///
/// Categories are labels and an optional Today filter only: they never group, nest or carry settings.
public struct TaskCategory: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    /// "personal", "family" or "work" for the seeded defaults; nil for the user's own.
    public var presetKey: String?
    public var color: CategoryColor
    public var sortOrder: Int
    public var isArchived: Bool
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), name: String, presetKey: String? = nil, color: CategoryColor = .accent,
        sortOrder: Int = 0, isArchived: Bool = false, createdAt: Date, modifiedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.presetKey = presetKey
        self.color = color
        self.sortOrder = sortOrder
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    public var isDefault: Bool { presetKey != nil }

    /// At most this many categories are active at once.
    public static let maxActive = 8
    /// Name length after trimming.
    public static let nameLength = 1...24

    /// The three seeded on first use: Personal (accent), Family (ochre), Work (blue).
    public static func defaults(now: Date) -> [TaskCategory] {
        [
            TaskCategory(name: "Personal", presetKey: "personal", color: .accent, sortOrder: 0, createdAt: now),
            TaskCategory(name: "Family", presetKey: "family", color: .ochre, sortOrder: 1, createdAt: now),
            TaskCategory(name: "Work", presetKey: "work", color: .blue, sortOrder: 2, createdAt: now),
        ]
    }

    /// A valid name for a category: one line of plain text (`TextRules`), trimmed, 1–24 characters, unique ignoring case among `existing`
    /// (archived ones included), apart from the category `renaming` itself.
    public static func validName(
        _ raw: String, existing: [TaskCategory], renaming: UUID? = nil
    ) throws(PlannerError) -> String {
        let name = raw.trimmingWhitespace()
        try TextRules.checkLine(name, .categoryName)
        guard nameLength.contains(name.count) else { throw .categoryName(raw) }
        if existing.contains(where: { $0.id != renaming && $0.name.lowercased() == name.lowercased() }) {
            throw .duplicateCategory(name)
        }
        return name
    }

    /// Refuses a ninth active category.
    public static func ensureRoomForActive(_ existing: [TaskCategory]) throws(PlannerError) {
        if existing.filter({ !$0.isArchived }).count >= maxActive { throw .tooManyCategories }
    }

    /// The category of `all` called `word` (ignoring case), or whose id starts with it (four characters
    /// at least, and only one such); refuses a word that names none.
    public static func matching(_ word: String, in all: [TaskCategory]) throws(PlannerError) -> TaskCategory {
        let key = word.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = all.first(where: { $0.name.lowercased() == key }) { return named }
        let byID = all.filter { key.count >= 4 && $0.id.lowercasedText.hasPrefix(key) }
        if byID.count == 1 { return byID[0] }
        throw .noCategoryMatches(word)
    }

    /// The category `word` names, when a task may be given it or Today filtered by it: an archived one
    /// is refused (T-8).
    public static func selectable(_ word: String, in all: [TaskCategory]) throws(PlannerError) -> TaskCategory {
        let category = try matching(word, in: all)
        if category.isArchived { throw .categoryArchived(category.name) }
        return category
    }
}

/// The five label colours; anything else read from a store is slate.
public enum CategoryColor: String, CaseIterable, Sendable {
    case accent, blue, ochre, plum, slate

    /// The stored value, with an unknown one read as slate.
    public init(stored: String) {
        self = CategoryColor(rawValue: stored) ?? .slate
    }

    /// Hex colours for light and dark themes (design handoff §2).
    public var hex: (light: String, dark: String) {
        switch self {
        case .accent: ("#1F6A58", "#8FCBB8")
        case .blue: ("#2F5E9E", "#9DB9E8")
        case .ochre: ("#836312", "#D8BA6A")
        case .plum: ("#7B4474", "#D5A6CC")
        case .slate: ("#52636E", "#AEBCC6")
        }
    }
}

extension CategoryColor: WordValue {
    /// `accent`, `blue`, `ochre`, `plum` or `slate`, in any case.
    public static func reading(_ word: String) throws -> CategoryColor {
        guard let color = CategoryColor(rawValue: word.lowercased()) else { throw InputError.badColor(word) }
        return color
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
