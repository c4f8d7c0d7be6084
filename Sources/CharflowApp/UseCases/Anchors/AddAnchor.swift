import CharflowCore
import CharflowStore
import Foundation

/// Add an anchor (spec D22, rule F-2): at a fixed time for a duration on chosen ISO weekdays (daily when
/// none are given), or at one of the five prayers (15 minutes unless a duration is given), or all five
/// prayers at once. A title is unique among anchors, archived ones included.
public enum AddAnchor {
    /// `anchor add TITLE --at HH:MM --for DURATION [--days ISO,..|--weekdays] [--remind MINUTES]
    /// [--category NAME]`, `anchor add [TITLE] --prayer P [--for DURATION]` or `anchor add --prayers`.
    public struct Input: Decodable, Sendable {
        public var title: String?
        /// The start of a fixed anchor.
        public var at: TimeOfDay?
        /// `for`: how long each occurrence lasts.
        public var duration: AnchorDuration?
        /// A fixed anchor's ISO weekdays; `weekdays` is Monday to Friday.
        public var days: AnchorDays?
        public var weekdays: Bool?
        public var remind: ReminderMinutes?
        public var category: CategoryRef?
        /// One prayer; `prayers` for all five.
        public var prayer: Prayer?
        public var prayers: Bool?

        enum CodingKeys: String, CodingKey {
            case title, at, duration = "for", days, weekdays, remind, category, prayer, prayers
        }

        /// A fixed anchor.
        public init(title: String, at: TimeOfDay, duration: AnchorDuration) {
            self.title = title
            self.at = at
            self.duration = duration
        }

        /// A prayer anchor, titled by the prayer unless `title` is given.
        public init(prayer: Prayer, title: String? = nil) {
            self.prayer = prayer
            self.title = title
        }

        /// The five prayers' anchors.
        public static var allPrayers: Input {
            var input = Input(prayer: .fajr)
            input.prayer = nil
            input.prayers = true
            return input
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            at = try container.decodeIfPresent(TimeOfDay.self, forKey: .at)
            duration = try container.decodeIfPresent(AnchorDuration.self, forKey: .duration)
            days = try container.decodeIfPresent(AnchorDays.self, forKey: .days)
            weekdays = try container.decodeIfPresent(Bool.self, forKey: .weekdays)
            remind = try container.decodeIfPresent(ReminderMinutes.self, forKey: .remind)
            category = try container.decodeIfPresent(CategoryRef.self, forKey: .category)
            prayer = try container.decodeIfPresent(Prayer.self, forKey: .prayer)
            prayers = try container.decodeIfPresent(Bool.self, forKey: .prayers)
            try check()
        }

        /// Refuses an input that names no timing or two, or options its timing does not take, before
        /// anything is opened.
        func check() throws {
            let timings = [at != nil, prayer != nil, prayers == true].filter { $0 }.count
            guard timings == 1 else { throw UsageRefusal.chooseOne(["at", "prayer", "prayers"]) }
            if days != nil, weekdays == true { throw UsageRefusal.atMostOne(["days", "weekdays"]) }
            if at == nil, days != nil || weekdays == true { throw PlannerError.prayerAnchorEveryDay }
            if prayers == true, title != nil { throw UsageRefusal.atMostOne(["title", "prayers"]) }
            if at != nil {
                guard title != nil else { throw UsageRefusal.missing("title") }
                guard duration != nil else { throw UsageRefusal.missingOption("for") }
            }
        }

        /// The timing the input names.
        var timing: AnchorTiming? {
            if let at {
                let chosen = weekdays == true ? AnchorTiming.weekdays : days?.days ?? Set(Weekday.allCases)
                return .fixed(at, days: chosen)
            }
            return prayer.map(AnchorTiming.prayer)
        }
    }
}

/// The anchors an add made: one, or with `--prayers` those of the five that had none.
public struct AddedAnchors: Report {
    public let anchors: [Anchor]
    /// One anchor's object; with `--prayers`, `{"anchors": [...]}`.
    public let json: JSONValue
}

extension Charflow {
    @discardableResult
    public func addAnchor(_ input: AddAnchor.Input) throws -> AddedAnchors {
        try input.check()
        let category: UUID? = try input.category.map { try selectableCategory(try categoryID($0)).id }
        let duration = input.duration?.minutes ?? Anchor.defaultDuration
        let made = try store.action("anchor add") { (work: UnitOfWork) -> [Anchor] in
            var wanted: [(title: String, timing: AnchorTiming)] = []
            if input.prayers == true {
                let held = try store.anchors.all(includeArchived: true)
                for prayer in Prayer.allCases {
                    let taken = held.contains { $0.timing == .prayer(prayer) && !$0.isArchived }
                        || held.contains { $0.title.lowercased() == prayer.name.lowercased() }
                    if !taken { wanted.append((prayer.name, .prayer(prayer))) }
                }
                guard !wanted.isEmpty else {
                    let first: Anchor? = held.first { $0.title.lowercased() == Prayer.fajr.name.lowercased() }
                        ?? held.first { $0.timing == .prayer(.fajr) }
                    throw PlannerError.duplicateAnchor(first?.title ?? Prayer.fajr.name, archived: first?.isArchived ?? false)
                }
            } else if let timing = input.timing {
                let title = try TaskText.title(input.title ?? timing.prayer?.name ?? "", field: .anchorTitle)
                try checkTitleFree(title)
                wanted.append((title, timing))
            }
            var made: [Anchor] = []
            for (title, timing) in wanted {
                let anchor = Anchor(title: title, categoryID: category, remindMinutes: input.remind?.value, timing: timing,
                                    durationMinutes: duration, createdAt: now)
                made.append(try store.anchors.insert(anchor, in: work))
            }
            return made
        }
        let shapes = try anchorJSON()
        let json: JSONValue = input.prayers == true ? .object([("anchors", .array(made.map(shapes.anchor)))]) : shapes.anchor(made[0])
        return AddedAnchors(anchors: made, json: json)
    }
}
