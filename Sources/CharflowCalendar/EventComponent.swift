import CLibICal
import CharflowCore

/// One VEVENT as libical read it, in the engine's terms: what it says and when.
///
/// Its RRULE stays libical's property (`rule`), which is valid while the parsed tree is, and is
/// stepped by `EventExpansion`.
struct EventComponent {
    /// The event's position among the file's events, from 1, for an event without a UID.
    let position: Int
    var uid: String?
    var title = ""
    var location: String?
    var status: String?
    var transparency: String?
    var attendees: [(address: String, participation: String?)] = []
    var start: EventMoment?
    var end: EventMoment?
    var duration: EventDuration?
    var rule: OpaquePointer?
    var additions: [Addition] = []
    var exclusions: [EventMoment] = []
    var recurrenceID: EventMoment?

    /// An RDATE value: a start, or a period with its own end or length.
    enum Addition {
        case start(EventMoment)
        case period(EventMoment, end: EventMoment?, duration: EventDuration?)
    }

    /// Reads the VEVENT `component` (under libical's lock).
    init(_ component: OpaquePointer, position: Int) {
        self.position = position
        var property = charflow_ical_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            take(current)
            property = charflow_ical_next_property(component, ICAL_ANY_PROPERTY)
        }
    }

    private mutating func take(_ property: OpaquePointer) {
        let tzid = EventComponent.parameter(property, "TZID")
        switch charflow_ical_property_kind(property) {
        case ICAL_UID_PROPERTY:
            uid = LibICal.text(charflow_ical_uid(property))
        case ICAL_SUMMARY_PROPERTY:
            title = LibICal.text(charflow_ical_summary(property)) ?? ""
        case ICAL_LOCATION_PROPERTY:
            location = LibICal.text(charflow_ical_location(property)).flatMap { $0.isEmpty ? nil : $0 }
        case ICAL_STATUS_PROPERTY:
            status = LibICal.text(charflow_ical_value_text(property))?.uppercased()
        case ICAL_TRANSP_PROPERTY:
            transparency = LibICal.text(charflow_ical_value_text(property))?.uppercased()
        case ICAL_ATTENDEE_PROPERTY:
            if let address = LibICal.text(charflow_ical_attendee(property)) {
                attendees.append((address, EventComponent.parameter(property, "PARTSTAT")?.uppercased()))
            }
        case ICAL_DTSTART_PROPERTY:
            start = EventMoment(charflow_ical_dtstart(property), tzid: tzid)
        case ICAL_DTEND_PROPERTY:
            end = EventMoment(charflow_ical_dtend(property), tzid: tzid)
        case ICAL_DURATION_PROPERTY:
            duration = EventDuration(charflow_ical_duration(property))
        case ICAL_RRULE_PROPERTY:
            if rule == nil { rule = property }
        case ICAL_RDATE_PROPERTY:
            let value = charflow_ical_rdate(property)
            if value.time.year != 0 {
                if let moment = EventMoment(value.time, tzid: tzid) { additions.append(.start(moment)) }
            } else if let begin = EventMoment(value.period.start, tzid: tzid) {
                let end = value.period.end.year != 0 ? EventMoment(value.period.end, tzid: tzid) : nil
                additions.append(.period(begin, end: end, duration: end == nil ? EventDuration(value.period.duration) : nil))
            }
        case ICAL_EXDATE_PROPERTY:
            if let moment = EventMoment(charflow_ical_exdate(property), tzid: tzid) { exclusions.append(moment) }
        case ICAL_RECURRENCEID_PROPERTY:
            recurrenceID = EventMoment(charflow_ical_recurrence_id(property), tzid: tzid)
        default:
            break
        }
    }

    static func parameter(_ property: OpaquePointer, _ name: String) -> String? {
        name.withCString { LibICal.text(charflow_ical_parameter(property, $0)) }
    }

    /// Why the event is not busy for a person whose addresses are `own` (lower-cased, without
    /// `mailto:`), or nil: cancelled first, then declined, then transparent.
    func notBusyReason(own: Set<String>) -> CalendarOccurrence.NotBusyReason? {
        if status == "CANCELLED" { return .cancelled }
        if attendees.contains(where: { own.contains(OwnAddresses.normalized($0.address)) && $0.participation == "DECLINED" }) {
            return .declined
        }
        if transparency == "TRANSPARENT" { return .transparent }
        return nil
    }
}
