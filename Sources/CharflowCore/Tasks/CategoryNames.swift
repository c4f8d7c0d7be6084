import Foundation

/// Categories that share one name after a merge (spec D19 "Names", rule Y-21): names are unique
/// ignoring case, so two devices that each made "Errands" hold one category too many. Which one stays
/// depends only on what every device holds alike: a seeded default first, then the one made first,
/// then the lower id.
public enum CategoryNames {
    /// One name held by more than one category: the one that stays and the ones merged into it.
    public struct Merge: Sendable, Equatable {
        public let survivor: TaskCategory
        public let merged: [TaskCategory]
    }

    /// Every name of `all` held by more than one category, in the order of the survivors' ids.
    public static func merges(_ all: [TaskCategory]) -> [Merge] {
        Dictionary(grouping: all) { $0.name.lowercased() }.values
            .filter { $0.count > 1 }
            .map { group in
                let ordered = group.sorted(by: staysFirst)
                return Merge(survivor: ordered[0], merged: Array(ordered.dropFirst()))
            }
            .sorted { $0.survivor.id.sorts(before: $1.survivor.id) }
    }

    private static func staysFirst(_ a: TaskCategory, _ b: TaskCategory) -> Bool {
        if a.isDefault != b.isDefault { return a.isDefault }
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        return a.id.sorts(before: b.id)
    }
}
