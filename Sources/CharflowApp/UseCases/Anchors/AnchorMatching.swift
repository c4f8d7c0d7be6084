import CharflowCore
import CharflowStore
import Foundation

/// Finding the anchor a person names, and what every anchor read shares: each anchor's first day, and
/// the store's settings that place an anchor in a day.
extension Charflow {
    /// The anchor whose id starts with the word (4+ characters), or whose title it is, ignoring case.
    func anchor(_ ref: AnchorRef) throws -> Anchor {
        let key = ref.word.lowercased()
        if key.count >= IDPrefix.shortest {
            let found = try store.anchors.anchors(idStartingWith: key)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw PlannerError.ambiguousAnchor(ref.word) }
        }
        let named = try store.anchors.anchors(titled: key.trimmingCharacters(in: .whitespaces))
        if named.count == 1 { return named[0] }
        if named.count > 1 { throw PlannerError.ambiguousAnchor(ref.word) }
        throw PlannerError.noAnchorMatches(ref.word)
    }

    /// The logical day `anchor` was made on: no day before it asks anything of it.
    func firstDay(of anchor: Anchor) -> LocalDay {
        calendar.logicalDay(at: anchor.createdAt)
    }

    /// Where anchors fall on `day`, by the store's region hours and prayer settings.
    func anchorDay(_ day: LocalDay) -> AnchorDay {
        AnchorDay(day: day, calendar: calendar, prayers: settings.prayers, regions: settings.regionHours)
    }

    /// Refuses a title another anchor holds (ignoring case), saying whether that one is archived.
    func checkTitleFree(_ title: String, except id: UUID? = nil) throws {
        if let other = try store.anchors.anchors(titled: title, limit: 3).first(where: { $0.id != id }) {
            throw PlannerError.duplicateAnchor(other.title, archived: other.isArchived)
        }
    }

    /// `anchor`'s grid history from `start` through today.
    func anchorHistory(_ anchor: Anchor, from start: LocalDay) throws -> AnchorHistory {
        AnchorHistory(anchor: anchor, firstDay: firstDay(of: anchor),
                      outcomes: try store.anchors.outcomes(of: anchor.id, from: start, through: today))
    }
}

/// One anchor after an action on it, with its JSON.
public struct AnchorReport: Report {
    public let anchor: Anchor
    public let json: JSONValue
}
