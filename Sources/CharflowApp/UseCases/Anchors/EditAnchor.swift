import CharflowCore
import CharflowStore
import Foundation

/// Edit an anchor: its title, time and days, prayer, duration, reminder or category. A new time makes a
/// prayer anchor a fixed one (daily unless days are given), a prayer makes a fixed one a prayer anchor.
/// Its marks stay as they were; the days it comes on from now follow the new timing.
public enum EditAnchor {
    public struct Input: Decodable, Sendable {
        public var anchor: AnchorRef
        public var title: String?
        public var at: TimeOfDay?
        /// `for`.
        public var duration: AnchorDuration?
        public var days: AnchorDays?
        public var weekdays: Bool?
        /// `none` (a body's `null`) takes the reminder off.
        public var remind: ReminderChoice?
        /// `none` (a body's `null`) takes the category off.
        public var category: CategoryChoice?
        public var prayer: Prayer?

        enum CodingKeys: String, CodingKey {
            case anchor, title, at, duration = "for", days, weekdays, remind, category, prayer
        }

        public init(anchor: AnchorRef) {
            self.anchor = anchor
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            anchor = try container.decode(AnchorRef.self, forKey: .anchor)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            at = try container.decodeIfPresent(TimeOfDay.self, forKey: .at)
            duration = try container.decodeIfPresent(AnchorDuration.self, forKey: .duration)
            days = try container.decodeIfPresent(AnchorDays.self, forKey: .days)
            weekdays = try container.decodeIfPresent(Bool.self, forKey: .weekdays)
            remind = try container.decodeIfPresent(ReminderChoice.self, forKey: .remind)
            category = try container.decodeIfPresent(CategoryChoice.self, forKey: .category)
            prayer = try container.decodeIfPresent(Prayer.self, forKey: .prayer)
            try check()
        }

        /// Refuses an edit that says two things at once, or nothing.
        func check() throws {
            if at != nil, prayer != nil { throw UsageRefusal.atMostOne(["at", "prayer"]) }
            if days != nil, weekdays == true { throw UsageRefusal.atMostOne(["days", "weekdays"]) }
            if prayer != nil, days != nil || weekdays == true { throw PlannerError.prayerAnchorEveryDay }
            let given: [Bool] = [title != nil, at != nil, duration != nil, days != nil, weekdays == true, remind != nil,
                                 category != nil, prayer != nil]
            guard given.contains(true) else { throw UsageRefusal.nothingToChange }
        }
    }
}

extension Charflow {
    /// Saves the edit; an edit that leaves the anchor as it was records nothing.
    @discardableResult
    public func editAnchor(_ input: EditAnchor.Input) throws -> AnchorReport {
        try input.check()
        var anchor = try self.anchor(input.anchor)
        let before = anchor
        if anchor.isArchived { throw PlannerError.anchorArchived(anchor.title) }
        if let title = input.title {
            anchor.title = try TaskText.title(title, field: .anchorTitle)
            try checkTitleFree(anchor.title, except: anchor.id)
        }
        let chosenDays = input.weekdays == true ? AnchorTiming.weekdays : input.days?.days
        if let prayer = input.prayer {
            anchor.timing = .prayer(prayer)
        } else if let at = input.at {
            if case .fixed(_, let days) = anchor.timing {
                anchor.timing = .fixed(at, days: chosenDays ?? days)
            } else {
                anchor.timing = .fixed(at, days: chosenDays ?? Set(Weekday.allCases))
            }
        } else if let chosenDays {
            guard case .fixed(let time, _) = anchor.timing else { throw PlannerError.prayerAnchorEveryDay }
            anchor.timing = .fixed(time, days: chosenDays)
        }
        if let duration = input.duration { anchor.durationMinutes = duration.minutes }
        if let remind = input.remind { anchor.remindMinutes = remind.minutes }
        switch input.category {
        case .none?: anchor.categoryID = nil
        case .category(let ref)?: anchor.categoryID = try selectableCategory(try categoryID(ref)).id
        case nil: break
        }
        let saved = anchor == before ? before : try store.action("anchor edit") { work in try store.anchors.save(anchor, in: work) }
        return AnchorReport(anchor: saved, json: try anchorJSON().anchor(saved))
    }
}
