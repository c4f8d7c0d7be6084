import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("A hub's password and the password-file entry that holds it instead of the store (Y-27)")
struct HubPasswordTests {
    @Test("Y-27 the entry names what the URL gives, * for what it leaves to libpq, and escapes : and \\",
          arguments: [
              ("postgresql://me:s3cret@db.example:5433/charflow", "s3cret", ["db.example:5433:charflow:me"]),
              ("postgres://me:p%40ss@host/db?sslmode=require", "p@ss", ["host:*:db:me"]),
              ("postgresql://me@host/db?password=a:b", "a:b", ["host:*:db:me"]),
              ("postgresql://me:x@[::1]:6000,h2:6001/db", "x", ["\\:\\:1:6000:db:me", "h2:6001:db:me"]),
              ("host=db port=5432 password='two words' dbname=charflow", "two words", ["db:5432:charflow:*"]),
              ("host=db user=me password=s\\'q", "s'q", ["db:*:*:me"]),
          ])
    func carried(_ url: String, _ password: String, _ matches: [String]) throws {
        let found = try #require(HubPassword.carried(by: url))
        expectEqual(found.password, password)
        expectEqual(found.matches, matches)
        expectEqual(found.lines.first, matches.first.map { $0 + ":" + password.replacingOccurrences(of: ":", with: "\\:") })
    }

    @Test("Y-27 a URL without a password carries none", arguments: [
        "postgresql://me@host/db", "host=db user=me", "postgresql://me:@host/db",
    ])
    func none(_ url: String) {
        expectEqual(HubPassword.carried(by: url), nil)
    }

    @Test("Y-27 a password-file line reads back into its fields, escapes undone")
    func fields() {
        expectEqual(HubPassword.fields(ofLine: "h:5432:db:me:a\\:b\\\\c"), ["h", "5432", "db", "me", "a:b\\c"])
    }
}
