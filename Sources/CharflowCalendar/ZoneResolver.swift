import CLibICal
import Foundation

/// The zones the TZIDs of one VCALENDAR name, found once each (rule F-10).
///
/// In order: the file's own VTIMEZONE of that TZID (read by libical); the zone database, by the name
/// itself or by its end when it carries a prefix (`/mozilla.org/20050126_1/Europe/Berlin`); a Windows
/// zone name (`W. Europe Standard Time`) through `WindowsZoneNames`. A TZID none of these knows is
/// read in the person's zone, like a floating time, and is listed in `unknown`.
final class ZoneResolver {
    private let calendar: OpaquePointer
    private let personal: TimeZone
    private var found: [String: EventZone] = [:]
    private(set) var unknown: Set<String> = []

    /// `calendar` is the VCALENDAR component; `personal` the person's zone, for floating times.
    init(calendar: OpaquePointer, personal: TimeZone) {
        self.calendar = calendar
        self.personal = personal
    }

    /// The zone `zone` reads in, for an event whose own start reads in `eventZone` (a floating value
    /// beside a zoned start takes the start's zone, as EXDATE and RECURRENCE-ID lines often are).
    func zone(_ zone: EventMoment.Zone, besides eventZone: EventMoment.Zone? = nil) -> EventZone {
        switch zone {
        case .utc: return .utc
        case .floating:
            if let eventZone, eventZone != .floating { return self.zone(eventZone) }
            return .database(personal)
        case .named(let tzid): return named(tzid)
        }
    }

    private func named(_ tzid: String) -> EventZone {
        if let known = found[tzid] { return known }
        let zone = look(tzid)
        found[tzid] = zone
        return zone
    }

    private func look(_ tzid: String) -> EventZone {
        if let vtimezone = tzid.withCString({ charflow_ical_timezone(calendar, $0) }) {
            return .vtimezone(vtimezone)
        }
        if let zone = ZoneResolver.database(tzid) { return .database(zone) }
        if let name = WindowsZoneNames.databaseName(for: tzid.trimmingCharacters(in: .whitespaces)),
           let zone = TimeZone(identifier: name) {
            return .database(zone)
        }
        unknown.insert(tzid)
        return .database(personal)
    }

    /// The zone database's zone for `tzid`, or for its last two or three path parts.
    static func database(_ tzid: String) -> TimeZone? {
        if let zone = TimeZone(identifier: tzid) { return zone }
        let parts = tzid.split(separator: "/")
        for count in [3, 2] where parts.count > count {
            if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }
}
