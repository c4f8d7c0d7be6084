@testable import CharflowCalendar
import CharflowTestSupport
import Testing

/// `.netrc` read as curl and ftp read it, for a source's credentials (F-9).
@Suite("Calendar credentials · .netrc (F-9)")
struct NetrcFileTests {
    @Test("F-9 .netrc gives the entry for the host, the login the address names, else the default; quotes and macros are read")
    func entries() {
        let file = NetrcFile("""
            # not a comment in netrc, but harmless tokens
            machine calendar.example.org login sam password "two words \\" here"
            machine calendar.example.org
              login alex
              password other
            macdef init
            machine evil.example.org login x password y

            machine CalDAV.Example.net login pat password p4ss account ignored
            default login anyone password fallback
            """)
        expectEqual(file.entry(host: "calendar.example.org", login: nil), .init(machine: "calendar.example.org", login: "sam", password: "two words \" here"))
        expectEqual(file.entry(host: "calendar.example.org", login: "alex")?.password, "other")
        expectEqual(file.entry(host: "caldav.example.net", login: nil)?.login, "pat")
        expectEqual(file.entry(host: "evil.example.org", login: nil)?.password, "fallback", "a macro's body is not read as entries")
        expectEqual(file.entry(host: "elsewhere.example.com", login: nil), .init(machine: nil, login: "anyone", password: "fallback"))
        expectEqual(NetrcFile("machine only.example.org login nobody").entry(host: "only.example.org", login: nil), nil, "an entry without a password gives nothing")
    }
}
