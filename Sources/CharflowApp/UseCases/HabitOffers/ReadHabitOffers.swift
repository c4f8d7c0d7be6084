import CharflowCore
import CharflowStore
import Foundation

/// The habit offers that stand today: `habit offers` and `GET /api/habits/offers`. Reading marks
/// nothing shown; the front end that shows one to a person records it (`markHabitOffersShown`,
/// or `POST /api/seen` with `habitOffer:ID`).
public struct HabitOffersReport: Report {
    public let offers: [HabitOffer]

    public var json: JSONValue { .object([("offers", .array(offers.map(\.json)))]) }
}

extension Charflow {
    /// The offers standing today, latest completion first.
    public func readHabitOffers() throws -> HabitOffersReport {
        HabitOffersReport(offers: try standingHabitOffers())
    }
}
