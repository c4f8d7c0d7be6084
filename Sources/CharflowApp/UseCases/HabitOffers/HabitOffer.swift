import CharflowCore
import CharflowStore
import Foundation

/// A detected habit as it is offered: its id (derived from the title, the same on every device),
/// the detection, and whether it was shown before today's reading.
public struct HabitOffer: Sendable, Equatable {
    public let id: UUID
    public let detected: DetectedHabit
    /// True once the offer was shown (today: it stands for the day it was made).
    public let shown: Bool

    /// The schedule the habit would take.
    public var schedule: HabitSchedule { detected.cadence.schedule }

    /// `{"id", "title", "days", "cadence", "schedule", "message", "shown"}`.
    public var json: JSONValue {
        .object([
            ("id", .string(id.lowercasedText)),
            ("title", .string(detected.title)),
            ("days", .array(detected.days.map { .string($0.description) })),
            ("cadence", .string(detected.cadence.phrase)),
            ("schedule", .object([
                ("frequency", .string(schedule.frequency.rawValue)),
                ("days", .array(schedule.days.sorted().map { .int($0.isoNumber) })),
                ("perWeek", .int(schedule.perWeek)),
            ])),
            ("message", .string(detected.sentence)),
            ("shown", .bool(shown)),
        ])
    }
}

extension HabitOffer {
    /// `habitOffers` of Today's and the review's documents: there only while an offer stands, so the
    /// documents of a store with none read as they did before R-6.
    static func field(_ offers: [HabitOffer]) -> [(String, JSONValue)] {
        offers.isEmpty ? [] : [("habitOffers", .array(offers.map(\.json)))]
    }
}

extension Charflow {
    /// Every title R-6 detects today, whatever was offered or declined: the completed tasks of the last
    /// 21 days that are no repeating series' instances, leaving out titles that are habits already
    /// (archived ones too).
    func detectedHabits() throws -> [DetectedHabit] {
        let first = today.adding(days: -(HabitDetection.windowDays - 1))
        let done = try store.taskRepository.doneTitles(from: first, through: today, minimum: HabitDetection.minimumDays)
        guard !done.isEmpty else { return [] }
        let completions = done.map { HabitDetection.Completion(title: $0.title, day: $0.day) }
        let habits = Set(try store.habitRecords.all(includeArchived: true).map { LearnedEffort.titleKey($0.title) })
        return HabitDetection.detect(completions, today: today, excluded: habits)
    }

    /// The offers that stand today: detected, never declined, and not shown on an earlier day.
    public func standingHabitOffers() throws -> [HabitOffer] {
        let detected = try detectedHabits()
        guard !detected.isEmpty else { return [] }
        let recorded = try store.habitOffers.all()
        return detected.compactMap { habit in
            let record = recorded[habit.key]
            guard DetectedHabit.stands(offeredOn: record?.offeredOn, declined: record?.declined ?? false, today: today) else { return nil }
            return HabitOffer(id: HabitOfferRepository.id(key: habit.key), detected: habit, shown: record?.offeredOn != nil)
        }
    }

    /// The detected title `ref` names: by its title, any case, or else by the first characters of its
    /// offer's id (4 or more, one offer only); refused when none does. The title comes first: a title
    /// such as "face" is also a word of hex digits. Offers declined or shown before still answer: a
    /// person who names one asks for it.
    func habitOffer(_ ref: HabitOfferRef) throws -> DetectedHabit {
        let detected = try detectedHabits()
        let key = LearnedEffort.titleKey(ref.word)
        if let named = detected.first(where: { $0.key == key }) { return named }
        let word = ref.word.lowercased()
        if word.count >= 4 {
            let byID = detected.filter { HabitOfferRepository.id(key: $0.key).lowercasedText.hasPrefix(word) }
            if byID.count == 1 { return byID[0] }
        }
        // A title that is a habit already says so, rather than that nothing is offered.
        if let habit = try store.habitRecords.habits(titled: ref.word, limit: 1).first {
            throw PlannerError.duplicateHabit(habit.title, archived: habit.isArchived)
        }
        throw PlannerError.noHabitOfferMatches(ref.word)
    }

    /// Records `offers` as shown today (R-6: each is made once); those shown before keep their day. Not
    /// an action: nothing to undo.
    public func markHabitOffersShown(_ offers: [HabitOffer]) throws {
        try store.habitOffers.recordShown(offers.filter { !$0.shown }.map(\.detected), on: today)
    }
}
