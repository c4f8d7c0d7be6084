@testable import CharflowCalendar
import CharflowTestSupport
import Testing

/// WebDAV multistatus answers, as different CalDAV servers write them (F-9).
@Suite("Calendar sources · WebDAV answers (F-9)")
struct DAVXMLTests {
    @Test("F-9 a multistatus is read whatever the prefixes: default namespaces, escaped and CDATA calendar data, statuses other than 200 left out")
    func multistatus() throws {
        let answer = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- written as one server writes it -->
            <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
              <d:response>
                <d:href>/cal/a%20b.ics</d:href>
                <d:propstat>
                  <d:prop>
                    <d:getetag>"1"</d:getetag>
                    <cal:calendar-data>BEGIN:VCALENDAR&#13;
            SUMMARY:Fish &amp; chips &lt;3&#x21;&#13;
            END:VCALENDAR</cal:calendar-data>
                  </d:prop>
                  <d:status>HTTP/1.1 200 OK</d:status>
                </d:propstat>
                <d:propstat>
                  <d:prop><d:displayname/></d:prop>
                  <d:status>HTTP/1.1 404 Not Found</d:status>
                </d:propstat>
              </d:response>
              <response xmlns="DAV:">
                <href>/cal/c.ics</href>
                <propstat>
                  <prop><C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav"><![CDATA[BEGIN:VCALENDAR
            SUMMARY:<b>bold</b> & raw
            END:VCALENDAR]]></C:calendar-data></prop>
                  <status>HTTP/1.1 200 OK</status>
                </propstat>
              </response>
            </d:multistatus>
            """
        let parsed = try #require(DAVMultistatus(Array(answer.utf8)))
        expectEqual(parsed.responses.map(\.href), ["/cal/a%20b.ics", "/cal/c.ics"])
        let first = try #require(parsed.responses.first?.property(DAVElement.caldav, "calendar-data"))
        expectEqual(first.text, "BEGIN:VCALENDAR\r\nSUMMARY:Fish & chips <3!\r\nEND:VCALENDAR")
        expectEqual(parsed.responses.first?.property(DAVElement.dav, "displayname"), nil)
        expectEqual(parsed.responses.last?.property(DAVElement.caldav, "calendar-data")?.text, "BEGIN:VCALENDAR\nSUMMARY:<b>bold</b> & raw\nEND:VCALENDAR")
    }

    @Test("F-9 what is not a multistatus is not read as one")
    func notMultistatus() {
        expectEqual(DAVMultistatus(Array("<html><body>Sign in</body></html>".utf8)), nil)
        expectEqual(DAVMultistatus(Array("<d:multistatus xmlns:d=\"DAV:\"><d:response>".utf8)), nil)
        expectEqual(DAVMultistatus(Array("".utf8)), nil)
    }
}
