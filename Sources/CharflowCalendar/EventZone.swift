import CLibICal
import Foundation

/// The zone a wall time of an event is read in: UTC, a zone of the zone database (also the person's
/// own, for floating times), or a VTIMEZONE of the file, as libical reads it.
///
/// Turning a wall time into an instant follows RFC 5545 §3.3.5: a time that occurs twice (the hour
/// the clocks go back) is its first occurrence, and a time that does not occur (the hour they skip) is
/// read with the offset from before the change, so 02:30 on a night that jumps from 02:00 to 03:00 is
/// 03:30. Python's zoneinfo does the same (fold 0), and so does libical.
enum EventZone {
    case utc
    case database(TimeZone)
    /// An `icaltimezone` of a parsed file: valid while its tree is, used under libical's lock.
    case vtimezone(OpaquePointer)

    /// Seconds east of UTC at the instant `unixSeconds`.
    func offset(atUnixSeconds unixSeconds: Int) -> Int {
        switch self {
        case .utc:
            return 0
        case .database(let zone):
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(unixSeconds)))
        case .vtimezone(let zone):
            let wall = WallTime(wallSeconds: unixSeconds)
            let time = charflow_ical_time(Int32(wall.day.year), Int32(wall.day.month), Int32(wall.day.day),
                                          Int32(wall.hour), Int32(wall.minute), Int32(wall.secondOfMinute), 0)
            return Int(charflow_ical_offset(zone, time))
        }
    }

    /// The instant (Unix seconds) at which this zone's wall clock reads `wall`.
    func unixSeconds(of wall: WallTime) -> Int {
        let clock = wall.wallSeconds
        // The offsets half a day either side bracket any single change near this wall time.
        let before = offset(atUnixSeconds: clock - WallTime.secondsPerWallDay / 2)
        let after = offset(atUnixSeconds: clock + WallTime.secondsPerWallDay / 2)
        let early = clock - before
        let late = clock - after
        let earlyHolds = early + offset(atUnixSeconds: early) == clock
        let lateHolds = late + offset(atUnixSeconds: late) == clock
        switch (earlyHolds, lateHolds) {
        case (true, true): return min(early, late)
        case (true, false): return early
        case (false, true): return late
        case (false, false): return early
        }
    }

    func instant(of wall: WallTime) -> Date {
        Date(timeIntervalSince1970: Double(unixSeconds(of: wall)))
    }

    /// What this zone's wall clock reads at `instant`.
    func wall(at instant: Date) -> WallTime {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return WallTime(wallSeconds: seconds + offset(atUnixSeconds: seconds))
    }
}
