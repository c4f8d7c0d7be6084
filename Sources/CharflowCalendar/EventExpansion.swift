import CLibICal
import CharflowCore
import Foundation

/// The occurrences of one VCALENDAR's events that touch a window, for one person (rules F-10, F-11).
///
/// For each UID: the event without a RECURRENCE-ID (the master) gives its instances — DTSTART, the
/// RRULE's (stepped by libical's iterator in the start's wall clock, so a weekly 09:00 stays at 09:00
/// across DST), and the RDATEs — less the EXDATEs, and less every instance an override names: libical's
/// iterator yields those originals too, and they are dropped here. Each override (a VEVENT with a
/// RECURRENCE-ID) is then an occurrence of its own at its own DTSTART, whatever day or zone it moved to.
/// Each instance lasts as long as the master: its DTEND's distance on the wall clock when DTEND reads
/// in the start's zone (a 22:00–06:00 night stays 22:00–06:00 across a DST change, as Python's
/// recurring-ical-events has it), the exact seconds when it reads in another, or its DURATION (days on
/// the wall clock, then exact time).
struct EventExpansion {
    let source: String
    /// The file or address the events came from, for events without a UID.
    let document: String
    let window: Range<Date>
    let personal: PlannerCalendar
    let own: Set<String>
    let zones: ZoneResolver

    /// Instances looked at per event and window, so that a rule such as FREQ=SECONDLY ends.
    static let instanceLimit = 20_000

    /// UIDs whose instances passed `instanceLimit` inside the window.
    private(set) var truncated: Set<String> = []

    init(source: String, document: String, window: Range<Date>, personal: PlannerCalendar, own: Set<String>,
         zones: ZoneResolver) {
        self.source = source
        self.document = document
        self.window = window
        self.personal = personal
        self.own = own
        self.zones = zones
    }

    mutating func occurrences(of events: [EventComponent]) -> [CalendarOccurrence] {
        var overrides: [String: [EventComponent]] = [:]
        var masters: [EventComponent] = []
        for event in events where event.start != nil {
            if event.recurrenceID != nil {
                overrides[uid(event), default: []].append(event)
            } else {
                masters.append(event)
            }
        }
        var result: [CalendarOccurrence] = []
        var mastersByUID: [String: EventComponent] = [:]
        for master in masters {
            mastersByUID[uid(master)] = master
            result += instances(of: master, overriddenBy: overrides[uid(master)] ?? [])
        }
        for (id, group) in overrides {
            for event in group {
                if let occurrence = occurrence(ofOverride: event, master: mastersByUID[id]) { result.append(occurrence) }
            }
        }
        return result
    }

    private func uid(_ event: EventComponent) -> String {
        if let uid = event.uid, !uid.isEmpty { return uid }
        return "no-uid:\(document):\(event.position)"
    }

    // MARK: The master's instances

    private mutating func instances(of master: EventComponent, overriddenBy overrides: [EventComponent]) -> [CalendarOccurrence] {
        guard let start = master.start else { return [] }
        let zone = zones.zone(start.zone)
        let length = Length(of: master, in: zone, zones: zones)
        let recurring = master.rule != nil || !master.additions.isEmpty
        var starts: Set<WallTime> = [start.wall]
        var periodEnds: [WallTime: Date] = [:]
        if let rule = master.rule { starts.formUnion(ruleStarts(rule, from: start, zone: zone, length: length, uid: uid(master))) }
        for addition in master.additions {
            switch addition {
            case .start(let moment):
                starts.insert(wall(of: moment, in: zone, beside: start))
            case let .period(begin, end, duration):
                let wall = wall(of: begin, in: zone, beside: start)
                starts.insert(wall)
                let from = zones.zone(begin.zone, besides: start.zone).instant(of: begin.wall)
                if let end {
                    periodEnds[wall] = zones.zone(end.zone, besides: start.zone).instant(of: end.wall)
                } else if let duration {
                    periodEnds[wall] = zone.instant(of: zone.wall(at: from).adding(days: duration.days))
                        .addingTimeInterval(Double(duration.seconds))
                }
            }
        }
        let excluded = Keys(master.exclusions, zone: zone, start: start, zones: zones)
        let replaced = Keys(overrides.compactMap(\.recurrenceID), zone: zone, start: start, zones: zones)
        var result: [CalendarOccurrence] = []
        for wall in starts.sorted() {
            let key = Key(wall, zone: zone, isDate: start.isDate)
            if excluded.contains(key, wall: wall) || replaced.contains(key, wall: wall) { continue }
            let timing: CalendarOccurrence.Timing
            let recurrenceID: CalendarOccurrence.RecurrenceID
            if start.isDate {
                timing = .allDay(first: wall.day, last: wall.day.adding(days: length.days - 1))
                recurrenceID = .day(wall.day)
            } else {
                let begins = zone.instant(of: wall)
                timing = .timed(start: begins, end: max(begins, periodEnds[wall] ?? length.end(from: wall, in: zone)))
                recurrenceID = .instant(begins)
            }
            guard touchesWindow(timing) else { continue }
            result.append(CalendarOccurrence(source: source, uid: uid(master), recurrenceID: recurring ? recurrenceID : nil,
                                             title: master.title, location: master.location, timing: timing,
                                             notBusyReason: master.notBusyReason(own: own)))
        }
        return result
    }

    /// The wall times the RRULE gives from `start` until the window's end (or the rule's UNTIL).
    private mutating func ruleStarts(_ rule: OpaquePointer, from start: EventMoment, zone: EventZone, length: Length,
                                     uid: String) -> [WallTime] {
        var info = charflow_ical_rule()
        guard var iterator = charflow_ical_iterator(rule, start.libicalTime, &info) else { return [] }
        defer { charflow_ical_iterator_free(iterator) }
        // Without COUNT the iterator may begin near the window instead of at DTSTART: a daily event
        // begun years ago costs the same as one begun last week.
        if info.count == 0 {
            let margin = start.isDate ? length.days + 2 : 2
            var skipTo = zone.wall(at: window.lowerBound).adding(days: -margin, seconds: start.isDate ? 0 : -max(0, length.longestSeconds))
            if start.isDate { skipTo = WallTime(day: skipTo.day, second: 0) }
            if skipTo > start.wall {
                let moment = EventMoment(wall: skipTo, isDate: start.isDate, zone: start.zone)
                if charflow_ical_iterator_set_start(iterator, moment.libicalTime) == 0 {
                    charflow_ical_iterator_free(iterator)
                    guard let fresh = charflow_ical_iterator(rule, start.libicalTime, &info) else { return [] }
                    iterator = fresh
                }
            }
        }
        let until = info.until.year != 0 ? EventMoment(info.until, tzid: nil) : nil
        let untilInstant = until.flatMap { $0.isDate ? nil : zones.zone($0.zone, besides: start.zone).instant(of: $0.wall) }
        var walls: [WallTime] = []
        var looked = 0
        while true {
            let next = charflow_ical_iterator_next(iterator)
            guard next.year != 0, let moment = EventMoment(next, tzid: nil) else { break }
            let wall = start.isDate ? WallTime(day: moment.wall.day, second: 0) : moment.wall
            if let until {
                if start.isDate {
                    if wall.day > until.wall.day { break }
                } else if until.isDate {
                    // A date UNTIL beside a timed start (RFC 5545 wants a date-time) ends the series at
                    // that date's first moment, as libical and Python's dateutil read it.
                    if wall > WallTime(day: until.wall.day, second: 0) { break }
                } else if let untilInstant, zone.instant(of: wall) > untilInstant {
                    break
                }
            }
            let begins = start.isDate ? personal.instant(on: wall.day, at: .midnight) : zone.instant(of: wall)
            if begins >= window.upperBound { break }
            looked += 1
            if looked > EventExpansion.instanceLimit {
                truncated.insert(uid)
                break
            }
            walls.append(wall)
        }
        return walls
    }

    /// `moment` as a wall time of the master's zone: a date beside a timed start takes the start's
    /// time of day; anything beside a date start is its date.
    private func wall(of moment: EventMoment, in zone: EventZone, beside start: EventMoment) -> WallTime {
        if start.isDate { return WallTime(day: moment.wall.day, second: 0) }
        if moment.isDate { return WallTime(day: moment.wall.day, second: start.wall.second) }
        let instant = zones.zone(moment.zone, besides: start.zone).instant(of: moment.wall)
        return zone.wall(at: instant)
    }

    // MARK: Overrides

    private func occurrence(ofOverride event: EventComponent, master: EventComponent?) -> CalendarOccurrence? {
        guard let start = event.start, let recurrence = event.recurrenceID else { return nil }
        let masterStart = master?.start
        let zone = zones.zone(start.zone)
        var length = Length(of: event, in: zone, zones: zones)
        if event.end == nil, event.duration == nil, let master, let masterStart, masterStart.isDate == start.isDate {
            length = Length(of: master, in: zones.zone(masterStart.zone), zones: zones)
        }
        let timing: CalendarOccurrence.Timing
        if start.isDate {
            timing = .allDay(first: start.wall.day, last: start.wall.day.adding(days: length.days - 1))
        } else {
            let begins = zone.instant(of: start.wall)
            timing = .timed(start: begins, end: max(begins, length.end(from: start.wall, in: zone)))
        }
        guard touchesWindow(timing) else { return nil }
        let id: CalendarOccurrence.RecurrenceID = recurrence.isDate || masterStart?.isDate == true
            ? .day(recurrence.isDate ? recurrence.wall.day
                   : zones.zone(masterStart?.zone ?? recurrence.zone).wall(at: zones.zone(recurrence.zone, besides: masterStart?.zone).instant(of: recurrence.wall)).day)
            : .instant(zones.zone(recurrence.zone, besides: masterStart?.zone).instant(of: recurrence.wall))
        return CalendarOccurrence(source: source, uid: uid(event), recurrenceID: id, title: event.title,
                                  location: event.location, timing: timing, notBusyReason: event.notBusyReason(own: own))
    }

    /// Whether an occurrence overlaps [window.lowerBound, window.upperBound); one with no length
    /// counts when it starts inside.
    private func touchesWindow(_ timing: CalendarOccurrence.Timing) -> Bool {
        let span: (start: Date, end: Date)
        switch timing {
        case let .timed(start, end): span = (start, end)
        case let .allDay(first, last):
            span = (personal.instant(on: first, at: .midnight), personal.instant(on: last.adding(days: 1), at: .midnight))
        }
        if span.end > span.start { return span.start < window.upperBound && span.end > window.lowerBound }
        return window.contains(span.start)
    }
}

/// How long each instance of an event lasts.
private struct Length {
    enum Measure {
        /// Seconds of the start zone's wall clock (DTEND in the same zone as DTSTART).
        case wall(Int)
        /// Exact seconds (DTEND in another zone).
        case exact(Int)
        /// DURATION: days of the wall clock, then exact seconds.
        case nominal(EventDuration)
    }

    let measure: Measure
    /// Days an all-day instance covers, at least 1.
    let days: Int

    init(of event: EventComponent, in zone: EventZone, zones: ZoneResolver) {
        guard let start = event.start else {
            measure = .exact(0)
            days = 1
            return
        }
        if let end = event.end {
            days = max(1, start.wall.day.days(to: end.wall.day))
            if start.isDate || end.zone == start.zone {
                measure = .wall(max(0, end.wall.wallSeconds - start.wall.wallSeconds))
            } else {
                let from = zone.unixSeconds(of: start.wall)
                let to = zones.zone(end.zone, besides: start.zone).unixSeconds(of: end.wall)
                measure = .exact(max(0, to - from))
            }
        } else if let duration = event.duration {
            days = max(1, duration.days + (duration.seconds + WallTime.secondsPerWallDay - 1) / WallTime.secondsPerWallDay)
            measure = .nominal(duration)
        } else {
            days = 1
            measure = .exact(0)
        }
    }

    /// The end of an instance that starts at `wall` in `zone`.
    func end(from wall: WallTime, in zone: EventZone) -> Date {
        switch measure {
        case .wall(let seconds): zone.instant(of: wall.adding(seconds: seconds))
        case .exact(let seconds): zone.instant(of: wall).addingTimeInterval(Double(seconds))
        case .nominal(let duration):
            zone.instant(of: wall.adding(days: duration.days)).addingTimeInterval(Double(duration.seconds))
        }
    }

    /// The most seconds an instance can last, to begin a rule's iteration early enough.
    var longestSeconds: Int {
        switch measure {
        case .wall(let seconds), .exact(let seconds): seconds
        case .nominal(let duration): duration.days * WallTime.secondsPerWallDay + duration.seconds + 7200
        }
    }
}

/// An instance's identity within its series: its date for an all-day series, else its instant.
private enum Key: Hashable {
    case day(LocalDay)
    case instant(Int)

    init(_ wall: WallTime, zone: EventZone, isDate: Bool) {
        self = isDate ? .day(wall.day) : .instant(zone.unixSeconds(of: wall))
    }
}

/// The instances EXDATE or the overrides' RECURRENCE-IDs name: instants, and dates (a date names
/// every instance on it).
private struct Keys {
    private var keys: Set<Key> = []
    private var days: Set<LocalDay> = []

    init(_ moments: [EventMoment], zone: EventZone, start: EventMoment, zones: ZoneResolver) {
        for moment in moments {
            if moment.isDate {
                days.insert(moment.wall.day)
            } else if start.isDate {
                let instant = zones.zone(moment.zone, besides: start.zone).instant(of: moment.wall)
                days.insert(zone.wall(at: instant).day)
            } else {
                keys.insert(.instant(zones.zone(moment.zone, besides: start.zone).unixSeconds(of: moment.wall)))
            }
        }
    }

    func contains(_ key: Key, wall: WallTime) -> Bool {
        keys.contains(key) || days.contains(wall.day)
    }
}
