import CharflowCore
import Foundation

/// A CalDAV calendar collection (RFC 4791) asked for its events in a window.
///
/// First a PROPFIND (depth 0) for what the collection is (it must be a calendar), its sync-token (RFC
/// 6578) or getctag, and the signed-in principal. The same tag as the last refresh had, for a window
/// that refresh covered, means nothing changed: one small request. Otherwise a calendar-query REPORT
/// (depth 1) with a time-range gives every event resource touching the window, each a document named
/// by its href, and a PROPFIND of the principal gives its calendar-user-address-set; its `mailto:`
/// addresses are the person's own (how a declined invitation is known). A 401 anywhere names the source.
struct CalDAVCollection {
    let source: CalendarSource
    let address: SourceAddress
    let transfer: HTTPTransfer
    let credentials: SourceCredentials?

    func refresh(window: DateInterval, previous: CalendarSnapshot?) throws(CalendarFailure) -> CalendarRefresh {
        let about = try propfind(address, properties: "<D:resourcetype/><D:sync-token/><CS:getctag/><D:current-user-principal/>")
        guard let collection = about.responses.first,
              let kinds = collection.property(DAVElement.dav, "resourcetype"),
              kinds.child(DAVElement.caldav, "calendar") != nil else {
            throw .notACalendar(source: source.name, address: address.text)
        }
        let tag = [collection.property(DAVElement.dav, "sync-token"), collection.property(DAVElement.calendarServer, "getctag")]
            .compactMap { $0?.text.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
        if let previous, let tag, previous.validator.collectionTag == tag,
           let covered = previous.coverage, covered.start <= window.start, covered.end >= window.end {
            return CalendarRefresh(snapshot: previous, changed: false)
        }
        let documents = try events(in: window)
        var own = previous?.ownAddresses ?? []
        if let principal = collection.property(DAVElement.dav, "current-user-principal")?.child(DAVElement.dav, "href")?.text
            .trimmingCharacters(in: .whitespacesAndNewlines), !principal.isEmpty {
            own = (try? addresses(of: principal)) ?? own
        }
        let snapshot = CalendarSnapshot(documents: documents, validator: .init(collectionTag: tag), coverage: window, ownAddresses: own)
        let changed = previous?.documents != documents || previous?.ownAddresses != own
        return CalendarRefresh(snapshot: snapshot, changed: changed)
    }

    /// The event resources touching `window`, sorted by href.
    private func events(in window: DateInterval) throws(CalendarFailure) -> [CalendarDocument] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/><C:calendar-data/></D:prop>
              <C:filter>
                <C:comp-filter name="VCALENDAR">
                  <C:comp-filter name="VEVENT">
                    <C:time-range start="\(CalDAVCollection.utc(window.start))" end="\(CalDAVCollection.utc(window.end))"/>
                  </C:comp-filter>
                </C:comp-filter>
              </C:filter>
            </C:calendar-query>
            """
        let answer = try transfer.send("REPORT", to: address, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
                                       body: body, credentials: credentials)
        guard answer.status == 207 else { throw .httpStatus(source: source.name, status: answer.status) }
        guard let multistatus = DAVMultistatus(answer.body) else { throw .notACalendar(source: source.name, address: address.text) }
        return multistatus.responses.compactMap { response -> CalendarDocument? in
            guard let data = response.property(DAVElement.caldav, "calendar-data")?.text
                .trimmingCharacters(in: .whitespacesAndNewlines), !data.isEmpty else { return nil }
            return CalendarDocument(name: response.href.removingPercentEncoding ?? response.href, text: data + "\r\n")
        }.sorted { $0.name < $1.name }
    }

    /// The principal's `mailto:` calendar addresses, without the scheme.
    private func addresses(of principal: String) throws(CalendarFailure) -> [String] {
        let answer = try propfind(try address.resolving(principal), properties: "<C:calendar-user-address-set/>")
        let hrefs = answer.responses.first?.property(DAVElement.caldav, "calendar-user-address-set")?
            .all(DAVElement.dav, "href").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } ?? []
        return hrefs.filter { $0.lowercased().hasPrefix("mailto:") }.map(OwnAddresses.normalized).sorted()
    }

    private func propfind(_ target: SourceAddress, properties: String) throws(CalendarFailure) -> DAVMultistatus {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/">
              <D:prop>\(properties)</D:prop>
            </D:propfind>
            """
        let answer = try transfer.send("PROPFIND", to: target, headers: ["Depth: 0", "Content-Type: application/xml; charset=utf-8"],
                                       body: body, credentials: credentials)
        guard answer.status == 207 else {
            if answer.status == 404 || answer.status == 405 { throw .notACalendar(source: source.name, address: target.text) }
            throw .httpStatus(source: source.name, status: answer.status)
        }
        guard let multistatus = DAVMultistatus(answer.body) else { throw .notACalendar(source: source.name, address: target.text) }
        return multistatus
    }

    /// `20260301T000000Z`: a time-range bound.
    static func utc(_ date: Date) -> String {
        let text = Instant.storageText(date)
        return text.prefix(19).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "") + "Z"
    }
}
